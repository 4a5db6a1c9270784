package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeMemory;
import java.lang.foreign.MemorySegment;
import java.util.function.IntUnaryOperator;

/**
 * The dominator tree's children lists, as arrays: {@code kids[start[p+1] .. start[p+2])} are the
 * objects {@code p} immediately dominates, with slot 0 for the virtual root ({@code p = -1}),
 * in ascending object order. Built in two passes over the idom array (a counting sort); 8 bytes
 * per object off-heap. Immutable once built: thread-safe reads.
 */
public final class ChildrenIndex implements AutoCloseable {
    private final NativeInts start;
    private final NativeInts kids;

    private ChildrenIndex(NativeInts start, NativeInts kids) {
        this.start = start;
        this.kids = kids;
    }

    public static ChildrenIndex build(TreeArrays tree, int n) {
        return build(tree::idom, n);
    }

    /**
     * The children lists of a tree on {@code 0..n-1}: {@code parentOf(x)} is x's parent,
     * {@link SemiNca#ROOT} under the virtual root, or {@link SemiNca#UNREACHABLE} for no parent.
     */
    private static ChildrenIndex build(IntUnaryOperator parentOf, int n) {
        NativeInts start = NativeInts.allocate(n + 2L);
        NativeInts kids = null;
        try {
            MemorySegment s = start.segment();
            int reachable = 0;
            for (int o = 0; o < n; o++) {
                int d = parentOf.applyAsInt(o);
                if (d != SemiNca.UNREACHABLE) {
                    int slot = d + 2;
                    NativeInts.set(s, slot, NativeInts.get(s, slot) + 1);
                    reachable++;
                }
            }
            for (long k = 1; k < n + 2L; k++) {
                NativeInts.set(s, k, NativeInts.get(s, k) + NativeInts.get(s, k - 1));
            }
            // Now start[p+1] begins p's list and start[p+2] ends it. Filling advances start[p+1] to
            // the end of p's list (one slot early), which the shift below puts right again.
            kids = NativeInts.allocate(Math.max(1, reachable));
            MemorySegment k = kids.segment();
            for (int o = 0; o < n; o++) {
                int d = parentOf.applyAsInt(o);
                if (d != SemiNca.UNREACHABLE) {
                    int slot = d + 1;
                    int at = NativeInts.get(s, slot);
                    NativeInts.set(k, at, o);
                    NativeInts.set(s, slot, at + 1);
                }
            }
            for (long x = n + 1L; x >= 1; x--) {
                NativeInts.set(s, x, NativeInts.get(s, x - 1));
            }
            NativeInts.set(s, 0, 0);
            return new ChildrenIndex(start, kids);
        } catch (RuntimeException | Error e) {
            NativeMemory.closeAll(start, kids);
            throw e;
        }
    }

    /** How many objects {@code parent} (or -1 for the virtual root) immediately dominates. */
    public int count(int parent) {
        return start.get(parent + 2L) - start.get(parent + 1L);
    }

    /** The i-th object {@code parent} immediately dominates. */
    public int child(int parent, int i) {
        return kids.get(start.get(parent + 1L) + (long) i);
    }

    @Override
    public void close() {
        start.close();
        kids.close();
    }
}
