package dev.heapwise.ddm.monitor.internal;

import dev.heapwise.ddm.DdmFormatException;
import dev.heapwise.ddm.jdwp.JdwpHandshake;
import dev.heapwise.ddm.jdwp.JdwpPacket;
import dev.heapwise.ddm.jdwp.JdwpPacketReader;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.function.Supplier;

/**
 * One debugger connected to a pass-through port. It does the JDWP handshake itself (the VM's was
 * done long ago), then relays packets: the debugger's to the session (which renumbers requests),
 * the VM's replies and events back. Runs on its own thread; {@link #send} is thread-safe.
 *
 * <p>A debugger that comes while the monitor has no open connection to the VM (it is reconnecting:
 * a plain JDWP VM's connection is re-opened after each debugger, and a dropped one is picked up
 * again by the next scan) waits for the new one, up to {@link #SESSION_WAIT_MS}, instead of being
 * cut off after its handshake.
 */
final class DebuggerLink {
    private static final int HANDSHAKE_TIMEOUT_MS = 10_000;
    private static final long SESSION_WAIT_MS = 5_000;
    private static final long SESSION_POLL_MS = 50;
    private static final int MAX_PACKET = 64 << 20;

    private final Socket socket;
    private final Object writeLock = new Object();
    private OutputStream out;
    private volatile boolean closed;

    DebuggerLink(Socket socket) {
        this.socket = socket;
    }

    /**
     * Handshake, attach to the session {@code sessions} gives (waiting for one to be open), relay
     * until either side goes; blocks the calling thread.
     */
    void run(Supplier<VmSession> sessions) {
        VmSession session = null;
        boolean attached = false;
        try {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(HANDSHAKE_TIMEOUT_MS);
            InputStream in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
            OutputStream o = new BufferedOutputStream(socket.getOutputStream(), 1 << 16);
            JdwpHandshake.accept(in, o);
            socket.setSoTimeout(0);
            synchronized (writeLock) {
                out = o;
            }
            session = openSession(sessions);
            attached = session != null && session.attach(this); // false: another debugger is attached
            if (!attached) {
                return;
            }
            JdwpPacketReader reader = new JdwpPacketReader(in, MAX_PACKET, null);
            while (!closed) {
                JdwpPacket p;
                try {
                    p = reader.read();
                } catch (DdmFormatException tooLarge) {
                    continue;
                }
                if (p == null) {
                    break;
                }
                session.fromDebugger(this, p);
            }
        } catch (IOException | RuntimeException ignored) {
            // the debugger or the VM went away
        } finally {
            close();
            if (attached) {
                session.detach(this);
            }
        }
    }

    /** The open session {@code sessions} gives, polled for up to {@link #SESSION_WAIT_MS}; null if none. */
    private VmSession openSession(Supplier<VmSession> sessions) {
        long deadline = System.nanoTime() + SESSION_WAIT_MS * 1_000_000;
        while (!closed) {
            VmSession s = sessions.get();
            if (s != null && !s.isClosed()) {
                return s;
            }
            if (System.nanoTime() > deadline) {
                return null;
            }
            try {
                Thread.sleep(SESSION_POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    /** Sends a packet to the debugger; closes the link on failure. */
    void send(JdwpPacket p) {
        synchronized (writeLock) {
            if (closed || out == null) {
                return;
            }
            try {
                p.writeTo(out);
                out.flush();
            } catch (IOException e) {
                close();
            }
        }
    }

    /**
     * Relays a packet too large to hold in memory: its header, then exactly {@code length} data
     * bytes from {@code data}. If the debugger is gone the bytes are left for the caller to skip.
     */
    void sendStreamed(JdwpPacket header, int id, long length, InputStream data) throws IOException {
        byte[] h = new byte[JdwpPacket.HEADER_SIZE];
        JdwpPacket.writeHeader(h, (int) (JdwpPacket.HEADER_SIZE + length), id, header.flags(),
                header.isReply() ? header.errorCode() >>> 8 : header.commandSet(),
                header.isReply() ? header.errorCode() & 0xff : header.command());
        synchronized (writeLock) {
            if (closed || out == null) {
                return;
            }
            try {
                out.write(h);
            } catch (IOException e) {
                close();
                return;
            }
            byte[] buf = new byte[1 << 16];
            boolean broken = false;
            for (int n; (n = data.read(buf)) > 0; ) { // read errors are the VM connection's and propagate
                if (!broken) {
                    try {
                        out.write(buf, 0, n);
                    } catch (IOException e) {
                        broken = true;
                        close();
                    }
                }
            }
            if (!broken) {
                try {
                    out.flush();
                } catch (IOException e) {
                    close();
                }
            }
        }
    }

    void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
