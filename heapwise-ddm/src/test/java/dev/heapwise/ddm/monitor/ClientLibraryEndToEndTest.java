package dev.heapwise.ddm.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heapwise.ddm.Await;
import dev.heapwise.ddm.ChildJvm;
import dev.heapwise.ddm.HprofCheck;
import dev.heapwise.ddm.heap.HeapBitmap;
import dev.heapwise.ddm.heap.HeapBitmapRenderer;
import dev.heapwise.ddm.heap.HeapStatistics;
import dev.heapwise.ddm.jdwp.JdwpErrors;
import dev.heapwise.ddm.jdwp.JdwpHandshake;
import dev.heapwise.ddm.jdwp.JdwpPacket;
import dev.heapwise.ddm.jdwp.JdwpPacketReader;
import java.awt.image.BufferedImage;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A child JVM embedding the client library, found by the monitor's port scan. Loopback only. */
class ClientLibraryEndToEndTest {
    private static final long T = 20_000;

    @Test
    void monitorSeesTheClientAndRunsEveryRequest(@TempDir Path tmp) throws Exception {
        try (ChildJvm child = ChildJvm.start("dev.heapwise.ddm.testapp.ClientApp", List.of("-Xmx64m"),
                List.of("0", tmp.toString()))) {
            int port = Integer.parseInt(child.await("PORT", T));
            int pid = Integer.parseInt(child.await("PID", T));
            String vmIdent = child.await("VMIDENT", T);
            Target target = new Target("127.0.0.1", port);
            List<String> problems = new CopyOnWriteArrayList<>();
            MonitorOptions options = MonitorOptions.builder()
                    .scanPorts(Math.max(1, port - 2), Math.min(65535, port + 2))
                    .scanInterval(Duration.ofMillis(300)).pollInterval(Duration.ofMillis(200))
                    .debuggerPorts(0, 0).useAdb(false).build();
            try (Monitor monitor = Monitor.start(options, new MonitorListener() {
                @Override
                public void problem(Target t, String message) {
                    problems.add(t + ": " + message);
                }
            })) {
                // Found by scanning; HELO fields match what the child says about itself.
                VmSnapshot vm = Await.until("the client VM with threads and heap", T, () -> monitor.vm(target)
                        .filter(v -> Boolean.TRUE.equals(v.ddm()) && !v.threads().isEmpty() && !v.heaps().isEmpty()
                                && !v.features().isEmpty()));
                assertThat(vm.pid()).isEqualTo(pid);
                assertThat(vm.appName()).isEqualTo("heapwise-test-client");
                assertThat(vm.vmIdent()).isEqualTo(vmIdent);
                assertThat(vm.features()).contains("hprof-heap-dump", "hprof-heap-dump-streaming");
                assertThat(vm.debuggerPort()).isNotNull().isPositive();
                assertThat(vm.threads()).extracting(ThreadSnapshot::name).contains("main");

                // A thread started later shows up through THCR, with its name.
                child.send("spawn ddm-test-worker");
                int workerId = (int) Long.parseLong(child.await("SPAWNED ddm-test-worker", T));
                ThreadSnapshot worker = Await.until("THCR for the new thread", T, () -> monitor.vm(target)
                        .flatMap(v -> v.threads().stream().filter(t -> t.name().equals("ddm-test-worker")).findFirst()));
                assertThat(worker.id()).isEqualTo(workerId);
                ThreadSnapshot sleeping = Await.until("THST state of the new thread", T, () -> monitor.vm(target)
                        .flatMap(v -> v.threads().stream().filter(t -> t.id() == workerId && t.status().equals("sleeping")).findFirst()));
                assertThat(sleeping.daemon()).isTrue();

                // HPIF numbers lie within what the child's own MemoryMXBean reports.
                child.send("mem");
                String[] mem = child.await("MEM", T).split(" ");
                long max = Long.parseLong(mem[2]);
                HeapSnapshot heap = monitor.vm(target).orElseThrow().heaps().get(0);
                assertThat(heap.id()).isEqualTo(1);
                assertThat(heap.maxBytes()).isEqualTo(max);
                assertThat(heap.sizeBytes()).isPositive().isLessThanOrEqualTo(max);
                assertThat(heap.allocatedBytes()).isPositive().isLessThanOrEqualTo(heap.sizeBytes());

                // APNM: a new name reaches the monitor.
                child.send("name renamed-app");
                Await.until("APNM", T, () -> monitor.vm(target).filter(v -> "renamed-app".equals(v.appName())));

                // WAIT: the application waits for a debugger.
                child.send("wait");
                Await.until("WAIT", T, () -> monitor.vm(target).filter(VmSnapshot::waitingForDebugger));

                // GC and heap segments.
                monitor.gc(target).get(T, TimeUnit.MILLISECONDS);
                HeapBitmap bitmap = monitor.heapBitmap(target, false).get(T, TimeUnit.MILLISECONDS);
                HeapStatistics stats = bitmap.statistics();
                assertThat(stats.totalBytes()).isPositive().isLessThanOrEqualTo(max);
                assertThat(stats.usedBytes()).isPositive();
                assertThat(stats.freeBytes() + stats.usedBytes()).isEqualTo(stats.totalBytes());
                Path png = tmp.resolve("heap.png");
                try (OutputStream out = Files.newOutputStream(png)) {
                    new HeapBitmapRenderer().writePng(bitmap, "test", out);
                }
                BufferedImage img = ImageIO.read(png.toFile());
                assertThat(img.getWidth()).isGreaterThan(64);
                HeapBitmap nativeBitmap = monitor.heapBitmap(target, true).get(T, TimeUnit.MILLISECONDS);
                assertThat(nativeBitmap.nativeHeap()).isTrue();
                assertThat(nativeBitmap.statistics().usedBytesOfKind(7)).isPositive();

                // HPDS: the dump comes over the wire and is a well-formed HPROF file.
                Path dump = monitor.dumpHeap(target, tmp.resolve("streamed.hprof")).get(60, TimeUnit.SECONDS);
                HprofCheck.Summary summary = HprofCheck.read(dump);
                assertThat(summary.version()).startsWith("JAVA PROFILE 1.0.");
                assertThat(summary.heapDumpBytes()).isPositive();
                assertThat(summary.strings()).isPositive();
                assertThat(Files.list(tmp).map(Path::getFileName).map(Path::toString))
                        .noneMatch(n -> n.startsWith("heapwise-ddm-")); // the client cleaned its staging file

                // HPDU: written on the VM's side, inside its dump directory only.
                String onVm = tmp.resolve("on-vm.hprof").toString();
                assertThat(monitor.dumpHeapOnVm(target, onVm).get(60, TimeUnit.SECONDS)).isEqualTo(onVm);
                assertThat(HprofCheck.read(Path.of(onVm)).heapDumpBytes()).isPositive();
                assertThatThrownBy(() -> monitor.dumpHeapOnVm(target, "/etc/heapwise-should-not.hprof").get(T, TimeUnit.MILLISECONDS))
                        .isInstanceOf(ExecutionException.class).hasMessageContaining("inside")
                        .cause().isInstanceOf(VmRequestFailedException.class); // the CLI shows it as one line

                // A raw JDWP client through the pass-through port: its request id comes back
                // unchanged although the monitor renumbered it, and leaving sends DBGD.
                try (Socket s = new Socket("127.0.0.1", vm.debuggerPort())) {
                    InputStream in = s.getInputStream();
                    OutputStream out = s.getOutputStream();
                    JdwpHandshake.initiate(in, out);
                    out.write(JdwpPacket.command(7, 1, 1, null).encode());
                    out.flush();
                    JdwpPacket reply = new JdwpPacketReader(in, 1 << 20, null).read();
                    assertThat(reply.isReply()).isTrue();
                    assertThat(reply.id()).isEqualTo(7);
                    assertThat(reply.errorCode()).isEqualTo(JdwpErrors.NOT_IMPLEMENTED);
                    Await.until("debugger attached", T, () -> monitor.vm(target).filter(VmSnapshot::debuggerAttached));
                    assertThat(monitor.vm(target).orElseThrow().waitingForDebugger()).isFalse();
                }
                child.await("DBGD", T);
                Await.until("debugger detached", T, () -> monitor.vm(target).filter(v -> !v.debuggerAttached()));
                assertThat(monitor.vm(target).orElseThrow().ddm()).isTrue(); // the DDM connection lives on

                assertThat(problems).isEmpty();

                // The VM goes away: dropped. A VM on the same port comes back: picked up again.
                child.kill();
                Await.untilTrue("the VM dropped", T, () -> monitor.vm(target).isEmpty());
                try (ChildJvm again = ChildJvm.start("dev.heapwise.ddm.testapp.ClientApp", List.of("-Xmx64m"),
                        List.of(String.valueOf(port), tmp.toString()))) {
                    int pid2 = Integer.parseInt(again.await("PID", T));
                    VmSnapshot back = Await.until("the VM re-discovered", T, () -> monitor.vm(target)
                            .filter(v -> Boolean.TRUE.equals(v.ddm()) && v.pid() != null && v.pid() == pid2));
                    assertThat(back.appName()).isEqualTo("heapwise-test-client");
                }
            }
        }
    }

    @Test
    void exitEndsTheVmOnlyWhenTheApplicationAllowsIt(@TempDir Path tmp) throws Exception {
        try (ChildJvm refusing = ChildJvm.start("dev.heapwise.ddm.testapp.ClientApp", List.of(), List.of("0", tmp.toString(), "0", "false"));
             ChildJvm allowing = ChildJvm.start("dev.heapwise.ddm.testapp.ClientApp", List.of(), List.of("0", tmp.toString(), "0", "true"))) {
            Target no = new Target("127.0.0.1", Integer.parseInt(refusing.await("PORT", T)));
            Target yes = new Target("127.0.0.1", Integer.parseInt(allowing.await("PORT", T)));
            MonitorOptions options = MonitorOptions.builder().noScan().target(no).target(yes)
                    .scanInterval(Duration.ofMillis(300)).noDebuggerPorts().useAdb(false).build();
            try (Monitor monitor = Monitor.start(options)) {
                assertThat(monitor.awaitSettled(Duration.ofMillis(T))).isTrue();
                assertThatThrownBy(() -> monitor.exitVm(no, 3).get(T, TimeUnit.MILLISECONDS))
                        .hasMessageContaining("EXIT refused");
                monitor.exitVm(yes, 3).get(T, TimeUnit.MILLISECONDS);
                Await.untilTrue("the allowing VM exits", T, () -> !allowing.isAlive());
                assertThat(allowing.exitValue()).isEqualTo(3);
                Await.untilTrue("it is dropped", T, () -> monitor.vm(yes).isEmpty());
                assertThat(refusing.isAlive()).isTrue();
            }
        }
    }
}
