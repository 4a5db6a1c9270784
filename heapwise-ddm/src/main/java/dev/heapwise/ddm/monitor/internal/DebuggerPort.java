package dev.heapwise.ddm.monitor.internal;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.function.Supplier;

/**
 * A loopback port where a debugger (jdb, an IDE, any JDI client) attaches to a VM through the
 * monitor. The VM is looked up when the debugger connects, so the "current VM" port can follow
 * the selection; while the monitor reconnects to it, the debugger waits ({@link DebuggerLink}).
 * One debugger per VM at a time; others are disconnected at once. Thread-safe.
 */
public final class DebuggerPort implements Closeable {
    private final ServerSocket server;
    private final Supplier<VmSession> session;
    private volatile boolean closed;

    private DebuggerPort(ServerSocket server, Supplier<VmSession> session) {
        this.server = server;
        this.session = session;
    }

    /** Binds {@code port} on 127.0.0.1 (0: any free port) and starts accepting. */
    public static DebuggerPort open(int port, Supplier<VmSession> session, String name) throws IOException {
        ServerSocket s = new ServerSocket();
        try {
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 4);
        } catch (IOException e) {
            s.close();
            throw e;
        }
        DebuggerPort p = new DebuggerPort(s, session);
        Thread t = new Thread(p::acceptLoop, "heapwise-ddm-debugger-port-" + s.getLocalPort() + "-" + name);
        t.setDaemon(true);
        t.start();
        return p;
    }

    /** Opens the first free port from {@code first} upward (0: any free port). */
    public static DebuggerPort openFrom(int first, java.util.Set<Integer> avoid, Supplier<VmSession> session, String name)
            throws IOException {
        if (first == 0) {
            return open(0, session, name);
        }
        IOException last = null;
        for (int port = first; port <= Math.min(65535, first + 1000); port++) {
            if (avoid.contains(port)) {
                continue;
            }
            try {
                return open(port, session, name);
            } catch (IOException busy) {
                last = busy;
            }
        }
        throw last != null ? last : new IOException("no free debugger port from " + first);
    }

    public int port() {
        return server.getLocalPort();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket s;
            try {
                s = server.accept();
            } catch (IOException e) {
                if (!closed) {
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException interrupted) {
                        return;
                    }
                }
                continue;
            }
            DebuggerLink link = new DebuggerLink(s);
            Thread t = new Thread(() -> link.run(session), "heapwise-ddm-debugger-" + port());
            t.setDaemon(true);
            t.start();
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
