package dev.heapwise.ddm.client.internal;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.DdmFormatException;
import dev.heapwise.ddm.codec.ChunkFraming;
import dev.heapwise.ddm.codec.Zlib;
import dev.heapwise.ddm.jdwp.JdwpErrors;
import dev.heapwise.ddm.jdwp.JdwpHandshake;
import dev.heapwise.ddm.jdwp.JdwpPacket;
import dev.heapwise.ddm.jdwp.JdwpPacketReader;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * One monitor connection on the VM side: handshake, then a loop that answers DDM command packets
 * through the {@link HandlerTable} and refuses other JDWP commands with NOT_IMPLEMENTED. Writes
 * are serialised, so any thread may send. Runs on its own reader thread ({@link #run()}).
 */
public final class ClientConnection {
    private static final int HANDSHAKE_TIMEOUT_MS = 10_000;

    private final Socket socket;
    private final HandlerTable handlers;
    private final int maxRequestBytes;
    private final int compressAbove;
    private final Consumer<ClientConnection> onEnd;
    private final AtomicInteger nextId = new AtomicInteger(0x10000000);
    private final Object writeLock = new Object();
    private OutputStream out;
    private volatile boolean ddmActive;
    private volatile boolean closed;

    public ClientConnection(Socket socket, HandlerTable handlers, int maxRequestBytes, int compressAbove,
                            Consumer<ClientConnection> onEnd) {
        this.socket = socket;
        this.handlers = handlers;
        this.maxRequestBytes = maxRequestBytes;
        this.compressAbove = compressAbove;
        this.onEnd = onEnd;
    }

    /** True once the monitor has sent a DDM packet on this connection. */
    public boolean ddmActive() {
        return ddmActive && !closed;
    }

    /** The reader loop; returns when the connection ends. */
    public void run() {
        try {
            socket.setTcpNoDelay(true);
            socket.setSoTimeout(HANDSHAKE_TIMEOUT_MS);
            InputStream in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
            OutputStream rawOut = new BufferedOutputStream(socket.getOutputStream(), 1 << 16);
            JdwpHandshake.accept(in, rawOut);
            socket.setSoTimeout(0);
            synchronized (writeLock) {
                out = rawOut;
            }
            JdwpPacketReader reader = new JdwpPacketReader(in, maxRequestBytes, null);
            while (!closed) {
                JdwpPacket packet;
                try {
                    packet = reader.read();
                } catch (DdmFormatException tooLarge) {
                    continue; // skipped; the framing is intact
                }
                if (packet == null) {
                    break;
                }
                if (packet.isReply()) {
                    continue; // the monitor never needs to answer us
                }
                if (!packet.isDdmCommand()) {
                    write(JdwpPacket.reply(packet.id(), JdwpErrors.NOT_IMPLEMENTED, null));
                    continue;
                }
                if (!ddmActive) {
                    ddmActive = true;
                    handlers.connected();
                }
                write(JdwpPacket.reply(packet.id(), JdwpErrors.NONE, answer(packet.data())));
            }
        } catch (IOException | RuntimeException ignored) {
            // the monitor went away or sent garbage; either way this connection is over
        } finally {
            close();
            if (ddmActive) {
                handlers.disconnected();
            }
            onEnd.accept(this);
        }
    }

    private byte[] answer(byte[] data) {
        ChunkFraming.Split split = ChunkFraming.split(data, 0, data.length, maxRequestBytes);
        List<Chunk> replies = new ArrayList<>(split.chunks().size() + 1);
        for (Chunk request : split.chunks()) {
            Chunk reply = handlers.dispatch(request);
            if (reply != null) {
                replies.add(maybeCompress(reply));
            }
        }
        if (split.problem() != null) {
            replies.add(HandlerTable.fail(HandlerTable.FAIL_MALFORMED, split.problem().getMessage()));
        }
        return ChunkFraming.join(replies);
    }

    /** Sends one unsolicited chunk; drops it when DDM is not active. Never throws. */
    public void sendChunk(Chunk chunk) {
        if (!ddmActive()) {
            return;
        }
        try {
            write(JdwpPacket.ddm(nextId.getAndIncrement(), ChunkFraming.join(maybeCompress(chunk))));
        } catch (IOException e) {
            close();
        }
    }

    /** Streams a file as one chunk's payload; false when DDM is not active. */
    public boolean sendFile(int chunkType, Path file) throws IOException {
        if (!ddmActive()) {
            return false;
        }
        long size = Files.size(file);
        long total = JdwpPacket.HEADER_SIZE + ChunkFraming.CHUNK_HEADER_SIZE + size;
        if (total > Integer.MAX_VALUE) {
            throw new IOException(file + " is " + size + " bytes; a JDWP packet holds at most 2 GiB");
        }
        byte[] header = new byte[JdwpPacket.HEADER_SIZE + ChunkFraming.CHUNK_HEADER_SIZE];
        JdwpPacket.writeHeader(header, (int) total, nextId.getAndIncrement(), 0,
                JdwpPacket.DDM_COMMAND_SET, JdwpPacket.DDM_COMMAND);
        putU4(header, 11, chunkType);
        putU4(header, 15, (int) size);
        synchronized (writeLock) {
            if (out == null || closed) {
                return false;
            }
            try (InputStream in = Files.newInputStream(file)) {
                out.write(header);
                long copied = in.transferTo(out);
                if (copied != size) {
                    // The file changed under us; the framing is now wrong, so the connection must go.
                    close();
                    throw new IOException(file + " changed while being sent");
                }
                out.flush();
            } catch (IOException e) {
                close();
                throw e;
            }
        }
        return true;
    }

    public void close() {
        closed = true;
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    private Chunk maybeCompress(Chunk c) {
        if (compressAbove > 0 && c.length() >= compressAbove) {
            Chunk z = Zlib.compress(c);
            return z.length() < c.length() ? z : c;
        }
        return c;
    }

    private void write(JdwpPacket packet) throws IOException {
        synchronized (writeLock) {
            if (out == null) {
                throw new IOException("not connected");
            }
            packet.writeTo(out);
            out.flush();
        }
    }

    private static void putU4(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }
}
