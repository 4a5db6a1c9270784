package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import dev.heapwise.analysis.internal.NativeMemory;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Retained size per group (per class, for a heap) straight from the arrays the dominator
 * computation ends with, in preorder numbers, while the caller saves the tree: the walk of
 * {@link ClassRetainedSizes} on children lists built here (numbers shifted down by one, so the
 * virtual root, number 0, is the lists' root). No graph reads.
 */
final class GroupRetainedSizes {
    private GroupRetainedSizes() {}

    /**
     * The children lists' memory (8 bytes per number), taken in advance: the caller can then hand
     * the rest of its memory back to the system before the walk starts.
     */
    static NativeInts[] reserve(int total) {
        NativeInts start = NativeInts.allocate(total + 1L);
        try {
            return new NativeInts[] {start, NativeInts.allocateUninitialized(Math.max(1, total))};
        } catch (RuntimeException | Error e) {
            start.close();
            throw e;
        }
    }

    /**
     * @param idom    immediate dominator by number (0: the virtual root), for numbers {@code 1..total-1};
     *                closed as soon as the children lists are built
     * @param ret     retained size by number
     * @param group   group by number ({@code groups} for none)
     * @param lists   from {@link #reserve}; closed
     */
    static long[] compute(NativeInts idom, MemorySegment ret, MemorySegment group, int total, int groups,
            NativeInts[] lists) {
        ChildrenIndex children;
        try (idom) {
            MemorySegment d = idom.segment();
            // Vertex x is number x + 1; its parent, number d, is vertex d - 1 (-1: the virtual root).
            children = ChildrenIndex.build(x -> NativeInts.get(d, x + 1) - 1, total - 1, lists[0], lists[1]);
        } catch (RuntimeException | Error e) {
            NativeMemory.closeAll(lists);
            throw e;
        }
        try (children) {
            long[] sums = ClassRetainedSizes.sum(children, x -> NativeInts.get(group, x + 1),
                    x -> NativeLongs.get(ret, x + 1), groups + 1);
            return Arrays.copyOf(sums, groups);
        }
    }
}
