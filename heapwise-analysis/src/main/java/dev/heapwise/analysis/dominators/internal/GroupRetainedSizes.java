package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import dev.heapwise.analysis.internal.NativeMemory;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Retained size per group (per class, for a heap) straight from the arrays the dominator
 * computation ends with, in preorder numbers, while the caller saves the tree: the walk of
 * {@link ClassRetainedSizes} with numbers shifted down by one (so the virtual root, number 0, is
 * the walk's root). No graph reads.
 */
final class GroupRetainedSizes {
    private GroupRetainedSizes() {}

    /**
     * The walk's memory (8 bytes per number), taken in advance: the caller can then hand the rest
     * of its memory back to the system before the walk starts. Its pages are touched only by the
     * walk, after that (cleared here, they added 150 MB to a fresh {@code report}'s peak on a 38 M-object dump).
     */
    static NativeInts[] reserve(int total) {
        return ClassRetainedSizes.links(Math.max(0, total - 1));
    }

    /**
     * @param idom    immediate dominator by number (0: the virtual root), for numbers {@code 1..total-1}; closed
     * @param ret     retained size by number
     * @param group   group by number ({@code groups} for none)
     * @param links   from {@link #reserve}; closed
     */
    static long[] compute(NativeInts idom, MemorySegment ret, MemorySegment group, int total, int groups,
            NativeInts[] links) {
        try (idom) {
            MemorySegment d = idom.segment();
            // Vertex x is number x + 1; its parent, number p, is vertex p - 1 (-1: the virtual root).
            long[] sums = ClassRetainedSizes.sum(x -> NativeInts.get(d, x + 1) - 1, x -> NativeInts.get(group, x + 1),
                    x -> NativeLongs.get(ret, x + 1), total - 1, groups + 1, links);
            return Arrays.copyOf(sums, groups);
        } finally {
            NativeMemory.closeAll(links);
        }
    }
}
