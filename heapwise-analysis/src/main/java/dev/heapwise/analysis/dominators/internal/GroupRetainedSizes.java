package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.IntStack;
import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import java.lang.foreign.MemorySegment;

/**
 * Retained size per group (per class, for a heap) as MAT's histogram gives it by default: the size
 * of the union of the retained sets of the group's members, that is the sum over members that no
 * other member of the same group dominates (nested members are inside their dominator's size).
 *
 * <p>Works in preorder numbers, straight from the arrays the dominator computation ends with:
 * children lists by counting sort on the immediate dominators (two passes, 8 bytes per vertex),
 * then one depth-first walk of the tree with a counter per group of members on the current path.
 * No graph reads. The walk's stack holds (number, next child position) per level.
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
        long[] sums = new long[groups + 1];
        try (NativeInts start = lists[0]; NativeInts kids = lists[1]) {
            MemorySegment st = start.segment();
            MemorySegment k = kids.segment();
            try (idom) {
                childrenLists(idom.segment(), st, k, total);
            }
            int[] onPath = new int[groups + 1];
            IntStack stack = new IntStack();
            stack.push(0);
            stack.push(0); // the virtual root: its children start at 0
            while (!stack.isEmpty()) {
                int pos = stack.pop();
                int node = stack.peek();
                int end = NativeInts.get(st, node);
                if (pos >= end) {
                    stack.pop();
                    if (node != 0) {
                        onPath[NativeInts.get(group, node)]--;
                    }
                    continue;
                }
                stack.push(pos + 1);
                int child = NativeInts.get(k, pos);
                int c = NativeInts.get(group, child);
                if (onPath[c] == 0) {
                    sums[c] += NativeLongs.get(ret, child);
                }
                onPath[c]++;
                stack.push(child);
                stack.push(NativeInts.get(st, child - 1)); // child >= 1
            }
        }
        return java.util.Arrays.copyOf(sums, groups);
    }

    /**
     * Children by counting sort on the immediate dominators: afterwards the children of number d
     * are {@code kids[start[d-1] .. start[d])} (with start[-1] = 0), in increasing number order.
     */
    private static void childrenLists(MemorySegment idom, MemorySegment st, MemorySegment k, int total) {
        for (int i = 1; i < total; i++) {
            int d = NativeInts.get(idom, i);
            NativeInts.set(st, d + 1, NativeInts.get(st, d + 1) + 1);
        }
        for (int i = 1; i <= total; i++) {
            NativeInts.set(st, i, NativeInts.get(st, i) + NativeInts.get(st, i - 1));
        }
        // Fill: children of d go to start[d] onwards; start[d] advances to the end of d's list,
        // which is the start of d+1's.
        for (int i = 1; i < total; i++) {
            int d = NativeInts.get(idom, i);
            int at = NativeInts.get(st, d);
            NativeInts.set(k, at, i);
            NativeInts.set(st, d, at + 1);
        }
    }
}
