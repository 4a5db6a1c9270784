package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import dev.heapwise.graph.RefCursor;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The successor lists of a {@link Digraph} copied into plain native arrays (offsets and targets),
 * read once in vertex order by two threads. The depth-first search visits vertices in an order
 * unrelated to their numbers; on this copy each visit costs two plain loads instead of a decode
 * of the graph's compressed columns. 4 bytes per edge plus 4 (or 8 past 2^31 edges) per vertex.
 */
final class SuccessorCopy implements AutoCloseable {
    private final NativeInts intStart;
    private final NativeLongs longStart;
    private final NativeInts targets;
    final MemorySegment start;
    final MemorySegment target;
    final boolean wide;

    private SuccessorCopy(NativeInts intStart, NativeLongs longStart, NativeInts targets) {
        this.intStart = intStart;
        this.longStart = longStart;
        this.targets = targets;
        this.wide = longStart != null;
        this.start = wide ? longStart.segment() : intStart.segment();
        this.target = targets.segment();
    }

    static SuccessorCopy of(Digraph g, int threads) {
        int n = g.vertexCount();
        int parts = Math.max(1, Math.min(threads, n / 65536 + 1));
        int[] bounds = new int[parts + 1];
        for (int p = 0; p <= parts; p++) {
            bounds[p] = (int) ((long) n * p / parts);
        }
        // Pass 1: edge counts per part.
        long[] partEdges = new long[parts];
        runParts(parts, p -> {
            RefCursor c = g.successors();
            long e = 0;
            for (int v = bounds[p]; v < bounds[p + 1]; v++) {
                c.reset(v);
                e += c.count();
            }
            partEdges[p] = e;
        });
        long total = 0;
        long[] partBase = new long[parts];
        for (int p = 0; p < parts; p++) {
            partBase[p] = total;
            total += partEdges[p];
        }
        boolean wide = total >= Integer.MAX_VALUE;
        NativeInts intStart = wide ? null : NativeInts.allocate(n + 1L);
        NativeLongs longStart = wide ? NativeLongs.allocate(n + 1L) : null;
        NativeInts targets = NativeInts.allocate(Math.max(1, total));
        SuccessorCopy copy = new SuccessorCopy(intStart, longStart, targets);
        // Pass 2: fill, each part from its own base.
        runParts(parts, p -> {
            RefCursor c = g.successors();
            MemorySegment s = copy.start;
            MemorySegment t = copy.target;
            long k = partBase[p];
            for (int v = bounds[p]; v < bounds[p + 1]; v++) {
                if (wide) {
                    NativeLongs.set(s, v, k);
                } else {
                    NativeInts.set(s, v, (int) k);
                }
                c.reset(v);
                for (int x; (x = c.next()) >= 0; ) {
                    NativeInts.set(t, k++, x);
                }
            }
        });
        if (wide) {
            NativeLongs.set(copy.start, n, total);
        } else {
            NativeInts.set(copy.start, n, (int) total);
        }
        return copy;
    }

    private interface Part {
        void run(int p);
    }

    private static void runParts(int parts, Part body) {
        List<CompletableFuture<Void>> fs = new ArrayList<>();
        for (int p = 1; p < parts; p++) {
            final int q = p;
            fs.add(CompletableFuture.runAsync(() -> body.run(q)));
        }
        body.run(0);
        for (CompletableFuture<Void> f : fs) {
            f.join();
        }
    }

    long start(int v) {
        return wide ? NativeLongs.get(start, v) : NativeInts.get(start, v);
    }

    /** Whether the copy needed 64-bit offsets (more than 2^31 edges). */
    boolean wide() {
        return wide;
    }

    @Override
    public void close() {
        if (intStart != null) {
            intStart.close();
        }
        if (longStart != null) {
            longStart.close();
        }
        targets.close();
    }
}
