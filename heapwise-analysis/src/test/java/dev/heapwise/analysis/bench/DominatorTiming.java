package dev.heapwise.analysis.bench;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Files;
import java.nio.file.Path;

/** A quick manual timing: java ... DominatorTiming DUMP [objects-to-generate] [repeats] [index-dir]. */
public final class DominatorTiming {
    static String rss() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmRSS") || l.startsWith("VmHWM")) {
                    return l.replaceAll("\\s+", " ");
                }
            }
        } catch (Exception e) {
            return "?";
        }
        return "?";
    }

    /** CPU time of the whole process (all threads), in nanoseconds. */
    static long cpu() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory
                .getOperatingSystemMXBean()).getProcessCpuTime();
    }

    public static void main(String[] args) throws Exception {
        Path dump = Path.of(args[0]);
        if (!Files.exists(dump)) {
            long t0 = System.nanoTime();
            LargeHeapWriter.write(dump, Integer.parseInt(args[1]), 42);
            System.out.printf("wrote %s in %d ms%n", dump, (System.nanoTime() - t0) / 1_000_000);
        }
        long t0 = System.nanoTime();
        Hprof.Options options = Hprof.Options.defaults();
        if (args.length > 3) {
            options = options.withIndexDir(Path.of(args[3]));
        }
        try (HeapGraph g = Hprof.open(dump, options)) {
            System.out.printf("opened %d objects, %d refs in %d ms%n", g.objectCount(), g.referenceCount(),
                    (System.nanoTime() - t0) / 1_000_000);
            int repeats = args.length > 2 ? Integer.parseInt(args[2]) : 3;
            long prefault = Long.getLong("prefaultMB", 0) << 20;
            if (prefault > 0) {
                long p0 = System.nanoTime();
                dev.heapwise.analysis.internal.NativeMemory.prefault(prefault);
                System.out.printf("prefaulted %d MB in %d ms%n", prefault >> 20, (System.nanoTime() - p0) / 1_000_000);
            }
            for (int i = 0; i < repeats; i++) {
                if (i > 0 && Long.getLong("pauseMillis", 0) > 0) {
                    // -DpauseMillis=N between runs: long enough, and the freed memory goes back to the
                    // host on a VM with free page reporting, so the next run meets fresh pages again.
                    Thread.sleep(Long.getLong("pauseMillis", 0));
                }
                long s = System.nanoTime();
                long c0 = cpu();
                ProgressListener timer = new ProgressListener() {
                    long last = System.nanoTime();
                    long lastCpu = cpu();
                    String phase = "start";

                    @Override
                    public void phase(String name, long total) {
                        long now = System.nanoTime();
                        long nowCpu = cpu();
                        System.out.printf("  %-40s %6d ms wall %6d ms cpu  (%s)%n", phase, (now - last) / 1_000_000,
                                (nowCpu - lastCpu) / 1_000_000, rss());
                        phase = name;
                        last = now;
                        lastCpu = nowCpu;
                    }

                    @Override
                    public void progress(long done) {}

                    @Override
                    public void finished() {}
                };
                // -Dsave=true: as the dominators command does (computed into the index attachment,
                // mapped back, the top of the tree shown; -DclassSizes=true: class retained sizes
                // summed alongside, as for report); the attachment is deleted first.
                boolean save = Boolean.getBoolean("save");
                if (save) {
                    try (var files = Files.list(dump.resolveSibling(dump.getFileName() + ".heapwise"))) {
                        for (Path f : files.filter(f -> f.getFileName().toString().startsWith("extra.dominators.v2"))
                                .toList()) {
                            Files.delete(f);
                        }
                    }
                }
                try (DominatorTree t = save ? DominatorTree.of(g, DominatorTree.Options.DEFAULT, timer,
                        Boolean.getBoolean("classSizes"))
                        : DominatorTree.compute(g, DominatorTree.Options.DEFAULT, timer)) {
                    timer.phase(save ? "saved, mapped back" : "end", 0);
                    if (Boolean.getBoolean("classSizes")) {
                        t.classRetainedSize(0); // waits for the background walk
                        timer.phase("class retained sizes joined", 0);
                    }
                    if (save) {
                        dev.heapwise.analysis.dominators.DominatorView.top(t, DominatorTree.ROOT, 3, 1);
                        timer.phase("top 3 shown", 0);
                    }
                    System.out.printf("dominators: %d ms wall, %d ms cpu, reachable %d, size %d%n",
                            (System.nanoTime() - s) / 1_000_000, (cpu() - c0) / 1_000_000, t.reachableCount(),
                            t.reachableSize());
                }
            }
        }
    }
}
