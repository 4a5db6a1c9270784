package dev.heapwise.graph.internal;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The index's hot primitives on 10 million heap-like ids (addresses 8-byte aligned, gaps of 16 to
 * 64 bytes): random access and lookup in Elias–Fano, the temporary lookup table, bit-packed reads.
 * Run with {@code bin/jmh heapwise-graph Columns}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ColumnsBenchmark {
    static final int N = 10_000_000;
    static final int BATCH = 1024;

    private Arena arena;
    private long[] ids;
    private EliasFano ef;
    private IdLookup lookup;
    private PackedLongs packed;
    private long[] probes;
    private int[] probeIndexes;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Random r = new Random(1);
        ids = new long[N];
        long id = 0x6_0000_0000L;
        for (int i = 0; i < N; i++) {
            id += 8L * (2 + r.nextInt(7));
            ids[i] = id;
        }
        arena = Arena.ofShared();
        Path f = Files.createTempFile("bench-ef", ".bin");
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.WRITE, StandardOpenOption.READ);
                EliasFano.Writer w = new EliasFano.Writer(ch, N, ids[0], ids[N - 1], 3)) {
            for (long v : ids) {
                w.add(v);
            }
        }
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
            ef = EliasFano.open(ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena), "bench");
        }
        Files.delete(f);
        lookup = IdLookup.create(N, ids[0], 3, (ids[N - 1] - ids[0]) >>> 3);
        for (long v : ids) {
            lookup.add(v);
        }
        lookup.finish();
        int bits = 25;
        MemorySegment seg = arena.allocate(PackedLongs.fileSize(N, bits), 8);
        packed = PackedLongs.create(seg, N, bits);
        for (int i = 0; i < N; i++) {
            packed.set(i, r.nextInt(1 << bits));
        }
        probes = new long[1 << 16];
        probeIndexes = new int[1 << 16];
        for (int i = 0; i < probes.length; i++) {
            probeIndexes[i] = r.nextInt(N);
            probes[i] = ids[probeIndexes[i]];
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        lookup.close();
        arena.close();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long eliasFanoGetRandom() {
        long s = 0;
        for (int i = 0; i < BATCH; i++) {
            s += ef.get(probeIndexes[next++ & 0xFFFF]);
        }
        return s;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long eliasFanoIndexOfRandom() {
        long s = 0;
        for (int i = 0; i < BATCH; i++) {
            s += ef.indexOf(probes[next++ & 0xFFFF]);
        }
        return s;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long lookupTableIndexOfRandom() {
        long s = 0;
        for (int i = 0; i < BATCH; i++) {
            s += lookup.indexOf(probes[next++ & 0xFFFF]);
        }
        return s;
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long packedGetRandom() {
        long s = 0;
        for (int i = 0; i < BATCH; i++) {
            s += packed.get(probeIndexes[next++ & 0xFFFF]);
        }
        return s;
    }

    /** Building the lookup table over all ids, per id. */
    @Benchmark
    @OperationsPerInvocation(N)
    public long lookupTableBuild() {
        try (IdLookup l = IdLookup.create(N, ids[0], 3, (ids[N - 1] - ids[0]) >>> 3)) {
            for (long v : ids) {
                l.add(v);
            }
            l.finish();
            return l.indexOf(ids[N / 2]);
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public long eliasFanoCursorSequential() {
        EliasFano.Cursor c = ef.cursor((next += BATCH) % (N - BATCH));
        long s = 0;
        for (int i = 0; i < BATCH; i++) {
            s += c.next();
        }
        return s;
    }
}
