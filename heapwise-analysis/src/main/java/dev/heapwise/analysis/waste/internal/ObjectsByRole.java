package dev.heapwise.analysis.waste.internal;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeMemory;
import dev.heapwise.analysis.internal.Parallel;
import dev.heapwise.graph.HeapGraph;
import java.lang.foreign.MemorySegment;

/**
 * The reachable objects each waste pass looks at (strings, collections, object arrays), listed in
 * object order by one pass over all objects instead of one pass each: the passes' own work starts
 * from these lists, and can be split between threads by range. A role is given per class, so
 * class objects (whose class is {@code java.lang.Class}) never have one.
 *
 * <p>The pass runs on two threads, the first over the lower half of the objects forwards, the
 * second over the upper half backwards, each list filled from its two ends; the upper block is then
 * moved down. Cost: one read of the class column and, for the objects with a role, of the tree;
 * 4 bytes of native memory per instance of a class with a role (reachable or not) until closed.
 */
public final class ObjectsByRole implements AutoCloseable {
    public static final int NONE = 0;
    public static final int STRING = 1;
    public static final int COLLECTION = 2;
    public static final int OBJECT_ARRAY = 3;
    private static final int ROLES = 4;

    private final NativeInts[] lists;
    private final int[] counts;

    private ObjectsByRole(NativeInts[] lists, int[] counts) {
        this.lists = lists;
        this.counts = counts;
    }

    /** How many reachable objects have the role. */
    public int count(int role) {
        return counts[role];
    }

    /** The i-th of them, in object order. */
    public int get(int role, int i) {
        return lists[role].get(i);
    }

    /** {@code roleOfClass}: a role per class index, {@link #NONE} for classes of no interest. */
    public static ObjectsByRole find(HeapGraph g, DominatorTree tree, byte[] roleOfClass) {
        long[] capacity = new long[ROLES];
        for (int c = 0; c < roleOfClass.length; c++) {
            capacity[roleOfClass[c]] += g.heapClass(c).instanceCount();
        }
        NativeInts[] lists = new NativeInts[ROLES];
        try {
            for (int r = 1; r < ROLES; r++) {
                lists[r] = NativeInts.allocateUninitialized(Math.max(1, capacity[r]));
            }
            int n = g.objectCount();
            int parts = Math.min(2, Parallel.parts(n, Parallel.THREADS));
            int[] bounds = Parallel.bounds(n, parts);
            long[] low = new long[ROLES]; // next free slot from the bottom (first half)
            long[] high = capacity.clone(); // lowest slot used from the top (second half)
            MemorySegment[] seg = new MemorySegment[ROLES];
            for (int r = 1; r < ROLES; r++) {
                seg[r] = lists[r].segment();
            }
            Parallel.run(parts, p -> {
                if (p == 0) {
                    for (int o = bounds[0]; o < bounds[1]; o++) {
                        int r = roleOfClass[g.classOf(o)];
                        if (r != NONE && tree.isReachable(o)) {
                            NativeInts.set(seg[r], low[r]++, o);
                        }
                    }
                } else {
                    for (int o = bounds[2] - 1; o >= bounds[1]; o--) {
                        int r = roleOfClass[g.classOf(o)];
                        if (r != NONE && tree.isReachable(o)) {
                            NativeInts.set(seg[r], --high[r], o);
                        }
                    }
                }
            });
            int[] counts = new int[ROLES];
            for (int r = 1; r < ROLES; r++) {
                long upper = capacity[r] - high[r];
                if (upper > 0 && high[r] > low[r]) {
                    MemorySegment.copy(seg[r], high[r] * Integer.BYTES, seg[r], low[r] * Integer.BYTES,
                            upper * Integer.BYTES);
                }
                counts[r] = (int) (low[r] + upper);
            }
            return new ObjectsByRole(lists, counts);
        } catch (RuntimeException | Error e) {
            NativeMemory.closeAll(lists);
            throw e;
        }
    }

    @Override
    public void close() {
        NativeMemory.closeAll(lists);
    }
}
