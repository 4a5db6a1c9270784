package dev.heapwise.analysis.bench;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The dominator tree and retained sizes of a synthetic heap of 10 million objects
 * ({@link LargeHeapWriter}: shaped like the real dumps in shared/data), computed from an existing
 * index, as {@code heapwise dominators} does on a dump's first analysis (without saving). One
 * computation per measurement. How to run it: docs/analysis.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 7)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g", "-XX:+UseParallelGC", "--enable-native-access=ALL-UNNAMED"})
public class DominatorBenchmark {
    @Param({"10000000"})
    int objects;

    private Path dir;
    private HeapGraph graph;

    @Setup(Level.Trial)
    public void writeAndIndex() throws IOException {
        dir = Files.createTempDirectory("heapwise-dom-bench");
        Path dump = dir.resolve("heap.hprof");
        LargeHeapWriter.write(dump, objects, 42);
        graph = Hprof.open(dump);
    }

    @TearDown(Level.Trial)
    public void delete() throws IOException {
        graph.close();
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    @Benchmark
    public long dominatorsAndRetainedSizes() {
        try (DominatorTree t = DominatorTree.compute(graph, DominatorTree.Options.DEFAULT, ProgressListener.NONE)) {
            return t.reachableSize();
        }
    }
}
