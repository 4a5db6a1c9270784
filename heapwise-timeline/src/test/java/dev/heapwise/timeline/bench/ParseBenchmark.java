package dev.heapwise.timeline.bench;

import dev.heapwise.timeline.MergedTimeline;
import dev.heapwise.timeline.TimelineFileGenerator;
import dev.heapwise.timeline.TimelineParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Parses a generated merged file of 10 million samples (a marker every 1000th, 20 GC pairs with
 * 4 kinds of 200 pages). One parse per measurement; the file is in the page cache after warm-up.
 * The fork's heap is capped at 512 MiB to show the memory bound. How to run it: docs/timeline.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgsAppend = {"-Xmx512m", "-XX:+UseParallelGC"})
public class ParseBenchmark {
    @Param({"10000000"})
    int samples;

    @Param({"plain", "timestamped"})
    String variant;

    private Path dir;
    private Path file;

    @Setup(Level.Trial)
    public void writeFile() throws IOException {
        dir = Files.createTempDirectory("heapwise-bench");
        file = dir.resolve("timeline.txt");
        new TimelineFileGenerator(samples, 1000, 0, variant.equals("timestamped"), 20, 200).write(file);
    }

    @TearDown(Level.Trial)
    public void deleteFile() throws IOException {
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
    }

    @Benchmark
    public int parse() throws IOException {
        MergedTimeline t = TimelineParser.parse(file);
        return t.heap().sampleCount() + t.pairs().size();
    }
}
