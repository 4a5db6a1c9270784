package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import dev.heapwise.graph.RefCursor;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The predecessors of the vertices that need them, translated to preorder numbers and laid out in
 * preorder: {@code numbers[start[i] .. start[i+1])} are the preorder numbers of the predecessors
 * of vertex number {@code i} (0 for unreachable ones). Only vertices reached more than once get a
 * list (a vertex reached once has its tree parent as its only predecessor). Built by two threads,
 * each over its own range of numbers, so the random reads of the graph's inbound index and of the
 * numbering overlap; the semi-dominator pass then reads the lists in order.
 */
final class PredecessorCopy implements AutoCloseable {
    private final NativeInts intStart;
    private final NativeLongs longStart;
    private NativeInts numbers;
    final MemorySegment start;
    MemorySegment number;
    final boolean wide;

    private PredecessorCopy(NativeInts intStart, NativeLongs longStart, NativeInts numbers) {
        this.intStart = intStart;
        this.longStart = longStart;
        this.numbers = numbers;
        this.wide = longStart != null;
        this.start = wide ? longStart.segment() : intStart.segment();
        this.number = numbers.segment();
    }

    /** Which preorder numbers need a list: {@link #NONE}, {@link #ALL} predecessors, or {@link #ROOT}. */
    interface Needs {
        int needs(int number, int vertex);
    }

    static final int NONE = 0;
    static final int ALL = 1;
    /** A successor of the virtual root: its list is just [0], the virtual root's number. */
    static final int ROOT = 2;

    static PredecessorCopy of(Digraph g, int count, MemorySegment vertex, MemorySegment pre, Needs needs,
            int threads) {
        int parts = Math.max(1, Math.min(threads, count / 65536 + 1));
        int[] bounds = new int[parts + 1];
        for (int p = 0; p <= parts; p++) {
            bounds[p] = (int) ((long) count * p / parts);
        }
        long[] partEdges = new long[parts];
        runParts(parts, p -> {
            RefCursor c = g.predecessors();
            long e = 0;
            for (int i = Math.max(1, bounds[p]); i < bounds[p + 1]; i++) {
                int w = NativeInts.get(vertex, i);
                int what = needs.needs(i, w);
                if (what == ALL) {
                    c.reset(w);
                    e += c.count();
                } else if (what == ROOT) {
                    e++;
                }
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
        NativeInts intStart = wide ? null : NativeInts.allocate(count + 1L);
        NativeLongs longStart = wide ? NativeLongs.allocate(count + 1L) : null;
        NativeInts numbers = NativeInts.allocate(Math.max(1, total));
        PredecessorCopy copy = new PredecessorCopy(intStart, longStart, numbers);
        runParts(parts, p -> {
            RefCursor c = g.predecessors();
            MemorySegment s = copy.start;
            MemorySegment out = copy.number;
            long k = partBase[p];
            for (int i = bounds[p]; i < bounds[p + 1]; i++) {
                copy.setStart(s, i, k);
                if (i == 0) {
                    continue;
                }
                int w = NativeInts.get(vertex, i);
                int what = needs.needs(i, w);
                if (what == ROOT) {
                    NativeInts.set(out, k++, 0);
                    continue;
                }
                if (what != ALL) {
                    continue;
                }
                c.reset(w);
                for (int v; (v = c.next()) >= 0; ) {
                    NativeInts.set(out, k++, NativeInts.get(pre, v));
                }
            }
        });
        copy.setStart(copy.start, count, total);
        return copy;
    }

    private void setStart(MemorySegment s, int i, long v) {
        if (wide) {
            NativeLongs.set(s, i, v);
        } else {
            NativeInts.set(s, i, (int) v);
        }
    }

    /**
     * Keeps vertex {@code i}'s semi-dominator in the slot of {@code start(i + 1)}, which the pass in
     * reverse preorder has no more use for once {@code i} is done.
     */
    void setSemi(int i, int semi) {
        setStart(start, i + 1, semi);
    }

    int semi(int i) {
        return (int) start(i + 1);
    }

    /** Frees the lists, keeping the semi-dominators. */
    void releaseNumbers() {
        numbers.close();
        number = null;
    }

    long start(int i) {
        return wide ? NativeLongs.get(start, i) : NativeInts.get(start, i);
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

    @Override
    public void close() {
        if (intStart != null) {
            intStart.close();
        }
        if (longStart != null) {
            longStart.close();
        }
        numbers.close();
    }
}
