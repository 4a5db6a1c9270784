package dev.heapwise.ddm.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.ddm.Await;
import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.codec.ChunkFraming;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.MessageCodec;
import dev.heapwise.ddm.codec.Zlib;
import dev.heapwise.ddm.heap.HeapBitmap;
import dev.heapwise.ddm.jdwp.JdwpHandshake;
import dev.heapwise.ddm.jdwp.JdwpPacket;
import dev.heapwise.ddm.jdwp.JdwpPacketReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A VM that sends bad bytes: each bad chunk or packet is rejected with a one-line reason and the
 * connection lives on. Also ZLIB from the VM side and an HPDS dump bigger than the in-memory
 * limit, which is streamed to disk.
 */
class MalformedInputTest {
    private static final long T = 10_000;

    @Test
    void badChunksAreReportedAndTheConnectionLivesOn(@TempDir Path tmp) throws Exception {
        try (FakeDdmVm vm = new FakeDdmVm()) {
            Target target = new Target("127.0.0.1", vm.port());
            List<String> problems = new CopyOnWriteArrayList<>();
            MonitorOptions options = MonitorOptions.builder().noScan().target(target)
                    .scanInterval(Duration.ofMillis(200)).pollInterval(Duration.ofSeconds(30))
                    .noDebuggerPorts().useAdb(false).maxInMemoryPacket(4096).build();
            try (Monitor monitor = Monitor.start(options, new MonitorListener() {
                @Override
                public void problem(Target t, String message) {
                    problems.add(message);
                }
            })) {
                Await.until("HELO answered", T, () -> monitor.vm(target).filter(v -> Boolean.TRUE.equals(v.ddm())));
                assertThat(monitor.vm(target).orElseThrow().pid()).isEqualTo(4242);
                Await.untilTrue("the introduction", T, () -> vm.received.containsAll(List.of("HELO", "FEAT", "THEN", "HPIF")));
                // The safe probe asked VirtualMachine.Version before any DDM.
                assertThat(vm.received.get(0)).isEqualTo("JDWP 1/1");
                assertThat(vm.received.get(1)).isEqualTo("HELO");

                // Runs that do not add up to the declared units.
                byte[] badRuns = {0, 0, 0, 1, 8, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10, 0x01, 0x03};
                vm.push(new Chunk(ChunkType.HPSG, badRuns));
                expect(problems, "HPSG chunk at byte 19: data ends after 4 of the declared 10 units");

                // A chunk longer than its packet; the THCR before it in the same packet still counts.
                Chunk thcr = MessageCodec.encode(new DdmMessage.ThreadCreated(11, "before-bad"));
                byte[] data = ChunkFraming.join(List.of(thcr, new Chunk(ChunkType.THDE, new byte[] {0, 0, 0, 1})));
                data[data.length - 5] = 100; // the THDE chunk's length field now says 100
                vm.send(JdwpPacket.ddm(1, data).encode());
                expect(problems, "chunk THDE declares 100 bytes but the packet has 4 left");

                // Unknown chunk types are reported once, not fatal.
                vm.push(new Chunk(ChunkType.of("XMPL"), new byte[] {1}));
                expect(problems, "unknown chunk XMPL (1 bytes) ignored");

                // A packet over the in-memory limit is skipped.
                vm.push(new Chunk(ChunkType.of("BIGG"), new byte[8000]));
                expect(problems, "JDWP packet of 8019 bytes (a BIGG chunk) exceeds the in-memory limit of 4096 bytes; skipped");

                // A broken ZLIB chunk is rejected, a good one (from the VM side) is used.
                Chunk zipped = Zlib.compress(MessageCodec.encode(new DdmMessage.ThreadCreated(12, "zipped")));
                byte[] brokenZip = zipped.payloadBytes();
                brokenZip[brokenZip.length - 1] ^= 0x55;
                vm.push(new Chunk(ChunkType.ZLIB, brokenZip));
                expect(problems, "ZLIB");
                vm.push(zipped);

                VmSnapshot after = Await.until("threads from after the bad input", T, () -> monitor.vm(target)
                        .filter(v -> v.threads().stream().anyMatch(t -> t.name().equals("zipped"))));
                assertThat(after.threads()).extracting(ThreadSnapshot::name).contains("before-bad", "zipped");
                assertThat(after.lastProblem()).isNotNull();
                assertThat(problems).allSatisfy(p -> assertThat(p).doesNotContain("\n"));

                // Heap segments arrive after the monitor's request.
                CompletableFuture<HeapBitmap> bitmap = monitor.heapBitmap(target, false);
                Await.untilTrue("HPSG request and GC", T, () -> vm.received.containsAll(List.of("HPSG", "HPGC")));
                vm.push(MessageCodec.encode(new DdmMessage.HeapStart(false, 1)),
                        new Chunk(ChunkType.HPSG, new byte[] {0, 0, 0, 1, 8, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0x01, 0x01, 0x00, 0x01}),
                        MessageCodec.encode(new DdmMessage.HeapEnd(false, 1)));
                HeapBitmap b = bitmap.get(T, TimeUnit.MILLISECONDS);
                assertThat(b.totalBytes()).isEqualTo(32);
                assertThat(b.statistics().freeBytes()).isEqualTo(16);
                Await.untilTrue("segments switched off again", T,
                        () -> vm.received.stream().filter("HPSG"::equals).count() >= 2);

                // An HPDS dump larger than the in-memory limit is streamed to the file.
                Path out = tmp.resolve("fake.hprof");
                CompletableFuture<Path> dump = monitor.dumpHeap(target, out);
                Await.untilTrue("HPDS request", T, () -> vm.received.contains("HPDS"));
                byte[] hprof = new byte[100_000];
                new java.util.Random(7).nextBytes(hprof);
                vm.push(new Chunk(ChunkType.HPDS, hprof));
                assertThat(dump.get(T, TimeUnit.MILLISECONDS)).isEqualTo(out.toAbsolutePath());
                assertThat(Files.readAllBytes(out)).isEqualTo(hprof);
                assertThat(Files.exists(tmp.resolve("fake.hprof.part"))).isFalse();

                // A dump whose file cannot be written fails alone; the connection goes on.
                CompletableFuture<Path> unwritable = monitor.dumpHeap(target, tmp.resolve("no/such/dir/x.hprof"));
                Await.untilTrue("second HPDS request", T, () -> vm.received.stream().filter("HPDS"::equals).count() == 2);
                vm.push(new Chunk(ChunkType.HPDS, hprof));
                assertThat(unwritable).failsWithin(java.time.Duration.ofMillis(T))
                        .withThrowableOfType(java.util.concurrent.ExecutionException.class).withMessageContaining("cannot write");
                vm.push(MessageCodec.encode(new DdmMessage.ThreadCreated(13, "after-failed-dump")));
                Await.until("a thread after the failed dump", T, () -> monitor.vm(target)
                        .filter(v -> v.threads().stream().anyMatch(t -> t.name().equals("after-failed-dump"))));

                assertThat(monitor.vm(target)).isPresent(); // still connected after all of it
            }
        }
    }

    @Test
    void debuggerRepliesAndEventsAboveTheInMemoryLimitAreStreamedThrough() throws Exception {
        try (FakeDdmVm vm = new FakeDdmVm()) {
            Target target = new Target("127.0.0.1", vm.port());
            MonitorOptions options = MonitorOptions.builder().noScan().target(target).scanInterval(Duration.ofMillis(200))
                    .pollInterval(Duration.ofSeconds(30)).debuggerPorts(0, -1).useAdb(false).maxInMemoryPacket(4096).build();
            try (Monitor monitor = Monitor.start(options)) {
                VmSnapshot v = Await.until("HELO answered", T, () -> monitor.vm(target).filter(x -> Boolean.TRUE.equals(x.ddm())));
                try (Socket s = new Socket("127.0.0.1", v.debuggerPort())) {
                    java.io.InputStream in = s.getInputStream();
                    java.io.OutputStream out = s.getOutputStream();
                    dev.heapwise.ddm.jdwp.JdwpHandshake.initiate(in, out);
                    JdwpPacketReader reader = new JdwpPacketReader(in, 1 << 20, null);
                    out.write(JdwpPacket.command(5, 100, 1, null).encode());
                    out.flush();
                    JdwpPacket reply = reader.read();
                    assertThat(reply.isReply()).isTrue();
                    assertThat(reply.id()).isEqualTo(5);
                    assertThat(reply.data()).isEqualTo(FakeDdmVm.pattern(10_000));
                    out.write(JdwpPacket.command(6, 100, 2, null).encode());
                    out.flush();
                    JdwpPacket event = reader.read();
                    assertThat(event.isReply()).isFalse();
                    assertThat(event.commandSet()).isEqualTo(64);
                    assertThat(event.data()).isEqualTo(FakeDdmVm.pattern(9_000));
                    JdwpPacket second = reader.read();
                    assertThat(second.id()).isEqualTo(6);
                }
            }
        }
    }

    @Test
    void helloFirstProbeSendsNoStandardJdwp() throws Exception {
        try (FakeDdmVm vm = new FakeDdmVm()) {
            Target target = new Target("127.0.0.1", vm.port());
            MonitorOptions options = MonitorOptions.builder().noScan().target(target).probe(ProbeMode.HELLO_FIRST)
                    .scanInterval(Duration.ofMillis(200)).noDebuggerPorts().useAdb(false).build();
            try (Monitor monitor = Monitor.start(options)) {
                Await.until("HELO answered", T, () -> monitor.vm(target).filter(v -> Boolean.TRUE.equals(v.ddm())));
                assertThat(vm.received.get(0)).isEqualTo("HELO");
                assertThat(vm.received).noneMatch(r -> r.startsWith("JDWP"));
                // HPIF "next GC" and EXIT reach the VM as requests of their own.
                monitor.requestHeapInfo(target, DdmMessage.HeapInfoRequest.NEXT_GC).get(T, TimeUnit.MILLISECONDS);
                monitor.exitVm(target, 0).get(T, TimeUnit.MILLISECONDS);
                assertThat(vm.received).contains("HPIF", "EXIT");
            }
        }
    }

    @Test
    void aPeerThatDiesOnHelloIsReportedWithTheProbeToBlame() throws Exception {
        // What a HotSpot JVM does with a DDM packet (its JDWP agent crashes): close without a reply.
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<JdwpPacket> got = CompletableFuture.supplyAsync(() -> {
                try (Socket s = server.accept()) {
                    JdwpHandshake.accept(s.getInputStream(), s.getOutputStream());
                    return new JdwpPacketReader(s.getInputStream(), 1 << 20, null).read();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            Target target = new Target("127.0.0.1", server.getLocalPort());
            List<String> problems = new CopyOnWriteArrayList<>();
            MonitorOptions options = MonitorOptions.builder().noScan().target(target).probe(ProbeMode.HELLO_FIRST)
                    .scanInterval(Duration.ofMillis(200)).noDebuggerPorts().useAdb(false).build();
            try (Monitor monitor = Monitor.start(options, new MonitorListener() {
                @Override
                public void problem(Target t, String message) {
                    problems.add(message);
                }
            })) {
                assertThat(got.get(T, TimeUnit.MILLISECONDS).commandSet()).isEqualTo(JdwpPacket.DDM_COMMAND_SET);
                expect(problems, "the VM closed the connection instead of answering the DDM hello (HELO); a HotSpot JVM"
                        + " crashes on DDM packets, and --probe HELLO_FIRST sends one");
            }
        }
    }

    private static void expect(List<String> problems, String text) throws InterruptedException {
        try {
            Await.until("a problem containing \"" + text + "\"", T,
                    () -> problems.stream().filter(p -> p.contains(text)).findFirst());
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; problems: " + problems);
        }
    }
}
