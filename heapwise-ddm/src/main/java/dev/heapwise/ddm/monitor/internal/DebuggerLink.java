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

/**
 * One debugger connected to a pass-through port. It does the JDWP handshake itself (the VM's was
 * done long ago), then relays packets: the debugger's to the session (which renumbers requests),
 * the VM's replies and events back. Runs on its own thread; {@link #send} is thread-safe.
 */
final class DebuggerLink {
    private static final int HANDSHAKE_TIMEOUT_MS = 10_000;
    private static final int MAX_PACKET = 64 << 20;

    private final Socket socket;
    private final Object writeLock = new Object();
    private OutputStream out;
    private volatile boolean closed;

    DebuggerLink(Socket socket) {
        this.socket = socket;
    }

    /** Handshake, attach, relay until either side goes; blocks the calling thread. */
    void run(VmSession session) {
        if (session == null) {
            close();
            return;
        }
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
            attached = session.attach(this);
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
