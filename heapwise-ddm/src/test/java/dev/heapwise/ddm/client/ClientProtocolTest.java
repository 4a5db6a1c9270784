package dev.heapwise.ddm.client;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.ddm.Await;
import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.codec.ChunkFraming;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.Direction;
import dev.heapwise.ddm.codec.MessageCodec;
import dev.heapwise.ddm.jdwp.JdwpErrors;
import dev.heapwise.ddm.jdwp.JdwpHandshake;
import dev.heapwise.ddm.jdwp.JdwpPacket;
import dev.heapwise.ddm.jdwp.JdwpPacketReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The VM side, spoken to with raw JDWP over loopback. */
class ClientProtocolTest {
    private static final int XMPL = ChunkType.of("XMPL");

    /** A minimal monitor: sends packets, reads replies and unsolicited packets. */
    static final class RawMonitor implements AutoCloseable {
        final Socket socket;
        final OutputStream out;
        final JdwpPacketReader reader;
        final List<JdwpPacket> unsolicited = new ArrayList<>();
        int nextId = 1;

        RawMonitor(int port) throws IOException {
            socket = new Socket("127.0.0.1", port);
            InputStream in = socket.getInputStream();
            out = socket.getOutputStream();
            JdwpHandshake.initiate(in, out);
            reader = new JdwpPacketReader(in, 64 << 20, null);
        }

        JdwpPacket request(JdwpPacket p) throws IOException {
            int id = nextId++;
            out.write(p.withId(id).encode());
            out.flush();
            while (true) {
                JdwpPacket r = reader.read();
                if (r.isReply() && r.id() == id) {
                    return r;
                }
                unsolicited.add(r);
            }
        }

        List<DdmMessage> ask(DdmMessage... requests) throws IOException {
            List<Chunk> chunks = new ArrayList<>();
            for (DdmMessage m : requests) {
                chunks.add(MessageCodec.encode(m));
            }
            JdwpPacket reply = request(JdwpPacket.ddm(0, ChunkFraming.join(chunks)));
            assertThat(reply.errorCode()).isZero();
            List<DdmMessage> out = new ArrayList<>();
            for (Chunk c : ChunkFraming.split(reply.data()).orThrow()) {
                out.add(MessageCodec.decode(c, Direction.FROM_VM));
            }
            return out;
        }

        JdwpPacket next() throws IOException {
            return unsolicited.isEmpty() ? reader.read() : unsolicited.remove(0);
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    @Test
    void handlersRepliesFailuresAndUnsolicitedChunks() throws Exception {
        List<String> events = new CopyOnWriteArrayList<>();
        try (DdmClient client = DdmClient.builder().port(0).appName("unit").compressAbove(64).build().start()) {
            client.registerHandler(XMPL, new ChunkHandler() {
                @Override
                public Chunk handleChunk(Chunk request) {
                    if (request.length() == 0) {
                        throw new IllegalStateException("needs data");
                    }
                    return new Chunk(XMPL, new byte[] {(byte) (request.data()[request.offset()] + 1)});
                }

                @Override
                public void connected() {
                    events.add("connected");
                }

                @Override
                public void disconnected() {
                    events.add("disconnected");
                }
            });
            try (RawMonitor m = new RawMonitor(client.port())) {
                // Non-DDM JDWP is refused, which marks this endpoint as DDM-only.
                JdwpPacket version = m.request(JdwpPacket.command(0, 1, 1, null));
                assertThat(version.errorCode()).isEqualTo(JdwpErrors.NOT_IMPLEMENTED);
                assertThat(events).isEmpty(); // no DDM yet

                List<DdmMessage> hello = m.ask(new DdmMessage.HelloRequest(1));
                DdmMessage.Hello h = (DdmMessage.Hello) hello.get(0);
                assertThat(h.appName()).isEqualTo("unit");
                assertThat(h.pid()).isEqualTo((int) ProcessHandle.current().pid());
                assertThat(h.packageName()).isEqualTo("unit");
                assertThat(events).containsExactly("connected");

                // A custom handler, an exception inside it, and a type nobody handles: three
                // chunks in one packet, three answers in one reply.
                List<DdmMessage> answers = m.ask(new DdmMessage.Unknown(XMPL, new byte[] {41}, 0, 1),
                        new DdmMessage.Unknown(XMPL, new byte[0], 0, 0),
                        new DdmMessage.Unknown(ChunkType.of("NOPE"), new byte[0], 0, 0));
                assertThat(answers).hasSize(3);
                DdmMessage.Unknown custom = (DdmMessage.Unknown) answers.get(0);
                assertThat(custom.data()[custom.offset()]).isEqualTo((byte) 42);
                assertThat(answers.get(1)).isEqualTo(new DdmMessage.Fail(2, "XMPL failed: needs data"));
                assertThat(answers.get(2)).isEqualTo(new DdmMessage.Fail(1, "unsupported chunk type NOPE"));

                // A malformed request gets a FAIL and the connection goes on.
                JdwpPacket bad = m.request(JdwpPacket.ddm(0, new byte[] {0x48, 0x45, 0x4c, 0x4f, 0, 0, 0, 9}));
                DdmMessage fail = MessageCodec.decode(ChunkFraming.split(bad.data()).orThrow().get(0), Direction.FROM_VM);
                assertThat(((DdmMessage.Fail) fail).message()).contains("declares 9 bytes");

                // EXIT is refused unless allowed; allocation tracking is reported off.
                assertThat(m.ask(new DdmMessage.ExitRequest(0)).get(0)).isInstanceOf(DdmMessage.Fail.class);
                assertThat(m.ask(new DdmMessage.AllocTrackingQuery()).get(0)).isEqualTo(new DdmMessage.AllocTrackingStatus(false));
                assertThat(m.ask(new DdmMessage.DebuggerDisconnected()).get(0)).isEqualTo(new DdmMessage.DebuggerDisconnected());

                // THST replies are above 64 bytes here, so they travel ZLIB-compressed.
                JdwpPacket thst = m.request(JdwpPacket.ddm(0, ChunkFraming.join(MessageCodec.encode(
                        new DdmMessage.ThreadStatusRequest(DdmMessage.ThreadStatusRequest.ONE_SHOT)))));
                assertThat(thst.data()).startsWith(0x5a, 0x4c, 0x49, 0x42); // "ZLIB"
                DdmMessage.ThreadStatus status = (DdmMessage.ThreadStatus) MessageCodec.decode(
                        ChunkFraming.split(thst.data()).orThrow().get(0), Direction.FROM_VM);
                assertThat(status.threads()).extracting(DdmMessage.ThreadEntry::threadId)
                        .contains((int) Thread.currentThread().threadId());

                // HPIF now: an empty reply and an unsolicited HPIF, as ART does.
                assertThat(m.ask(new DdmMessage.HeapInfoRequest(DdmMessage.HeapInfoRequest.NOW))).isEmpty();
                DdmMessage info = MessageCodec.decode(ChunkFraming.split(m.next().data()).orThrow().get(0), Direction.FROM_VM);
                assertThat(info).isInstanceOf(DdmMessage.HeapInfo.class);

                // sendChunk from the application.
                client.sendChunk(new Chunk(XMPL, new byte[] {7}));
                JdwpPacket pushed = m.next();
                assertThat(pushed.isDdmCommand()).isTrue();
                assertThat(ChunkFraming.split(pushed.data()).orThrow().get(0)).isEqualTo(new Chunk(XMPL, new byte[] {7}));

                // A second monitor is turned away while the first is connected.
                try (Socket second = new Socket("127.0.0.1", client.port())) {
                    second.getOutputStream().write(JdwpHandshake.bytes());
                    assertThat(second.getInputStream().read()).isEqualTo(-1);
                }
            }
            Await.untilTrue("disconnected() called", 5000, () -> events.contains("disconnected"));
            assertThat(client.isConnected()).isFalse();
            client.sendChunk(new Chunk(XMPL, new byte[] {1})); // nobody listening: dropped quietly
        }
    }

    @Test
    void threadNotificationsAnnounceExistingAndNewThreads() throws Exception {
        try (DdmClient client = DdmClient.builder().port(0).threadPollInterval(java.time.Duration.ofMillis(20)).build().start();
             RawMonitor m = new RawMonitor(client.port())) {
            m.ask(new DdmMessage.HelloRequest(1));
            assertThat(m.ask(new DdmMessage.ThreadNotifyRequest(true))).isEmpty();
            List<String> created = new ArrayList<>();
            while (!created.contains(Thread.currentThread().getName())) {
                DdmMessage msg = MessageCodec.decode(ChunkFraming.split(m.next().data()).orThrow().get(0), Direction.FROM_VM);
                if (msg instanceof DdmMessage.ThreadCreated c) {
                    created.add(c.name());
                }
            }
            Thread t = new Thread(() -> {
                try {
                    Thread.sleep(300);
                } catch (InterruptedException ignored) {
                    // end
                }
            }, "short-lived");
            t.start();
            int id = (int) t.threadId();
            boolean sawCreate = false;
            boolean sawDeath = false;
            while (!sawDeath) {
                DdmMessage msg = MessageCodec.decode(ChunkFraming.split(m.next().data()).orThrow().get(0), Direction.FROM_VM);
                if (msg instanceof DdmMessage.ThreadCreated c && c.threadId() == id) {
                    assertThat(c.name()).isEqualTo("short-lived");
                    sawCreate = true;
                }
                if (msg instanceof DdmMessage.ThreadDied d && d.threadId() == id) {
                    sawDeath = true;
                }
            }
            assertThat(sawCreate).isTrue();
        }
    }
}
