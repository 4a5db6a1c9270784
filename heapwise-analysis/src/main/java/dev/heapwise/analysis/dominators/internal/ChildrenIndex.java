package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import java.lang.foreign.MemorySegment;

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
        NativeInts start = NativeInts.allocate(n + 2L);
        MemorySegment s = start.segment();
        int reachable = 0;
        for (int o = 0; o < n; o++) {
            int d = tree.idom(o);
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
        NativeInts kids = NativeInts.allocate(Math.max(1, reachable));
        MemorySegment k = kids.segment();
        for (int o = 0; o < n; o++) {
            int d = tree.idom(o);
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
