package dev.heapwise.ddm.monitor;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.codec.ChunkFraming;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.MessageCodec;
import dev.heapwise.ddm.jdwp.JdwpErrors;
import dev.heapwise.ddm.jdwp.JdwpHandshake;
import dev.heapwise.ddm.jdwp.JdwpPacket;
import dev.heapwise.ddm.jdwp.JdwpPacketReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A scripted DDM VM on a loopback port: it refuses non-DDM JDWP (except two test commands, 100/1
 * answered with 10 000 bytes and 100/2 answered after a 9 000-byte event), answers HELO, replies
 * empty to every other DDM request, records what it was sent, and lets the test push raw bytes.
 */
final class FakeDdmVm implements AutoCloseable {
    /** DDM chunk types received, and "JDWP c/n" for other commands, in order. */
    final List<String> received = new CopyOnWriteArrayList<>();
    private final ServerSocket server;
    private volatile Socket socket;
    private volatile OutputStream out;

    FakeDdmVm() throws IOException {
        this(0);
    }

    /** Listening on {@code port} (0: any free port). */
    FakeDdmVm(int port) throws IOException {
        server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
        Thread t = new Thread(this::serve, "fake-ddm-vm");
        t.setDaemon(true);
        t.start();
    }

    int port() {
        return server.getLocalPort();
    }

    private void serve() {
        try {
            socket = server.accept();
            InputStream in = socket.getInputStream();
            OutputStream o = socket.getOutputStream();
            JdwpHandshake.accept(in, o);
            out = o;
            JdwpPacketReader reader = new JdwpPacketReader(in, 1 << 20, null);
            for (JdwpPacket p; (p = reader.read()) != null; ) {
                if (!p.isDdmCommand()) {
                    received.add("JDWP " + p.commandSet() + "/" + p.command());
                    if (p.commandSet() == 100 && p.command() == 1) {
                        send(JdwpPacket.reply(p.id(), JdwpErrors.NONE, pattern(10_000)).encode()); // a big reply
                    } else if (p.commandSet() == 100 && p.command() == 2) {
                        send(JdwpPacket.command(0x5000, 64, 100, pattern(9_000)).encode()); // a big event
                        send(JdwpPacket.reply(p.id(), JdwpErrors.NONE, null).encode());
                    } else {
                        send(JdwpPacket.reply(p.id(), JdwpErrors.NOT_IMPLEMENTED, null).encode());
                    }
                    continue;
                }
                Chunk c = ChunkFraming.split(p.data()).orThrow().get(0);
                received.add(ChunkType.name(c.type()));
                byte[] reply = c.type() == ChunkType.HELO
                        ? ChunkFraming.join(MessageCodec.encode(DdmMessage.Hello.basic(1, 4242, "Fake VM", "fake")))
                        : new byte[0];
                send(JdwpPacket.reply(p.id(), JdwpErrors.NONE, reply).encode());
            }
        } catch (IOException ignored) {
            // test over
        }
    }

    /** Deterministic test bytes. */
    static byte[] pattern(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + 7);
        }
        return b;
    }

    /** Raw bytes onto the connection. */
    synchronized void send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** An unsolicited DDM packet with these chunks. */
    void push(Chunk... chunks) throws IOException {
        send(JdwpPacket.ddm(0x7000, ChunkFraming.join(List.of(chunks))).encode());
    }

    @Override
    public void close() throws IOException {
        server.close();
        if (socket != null) {
            socket.close();
        }
    }
}
