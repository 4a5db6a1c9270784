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
     * @param idom    immediate dominator by number (0: the virtual root), for numbers {@code 1..total-1}
     * @param ret     retained size by number
     * @param group   group by number ({@code groups} for none)
     */
    static long[] compute(MemorySegment idom, MemorySegment ret, MemorySegment group, int total, int groups) {
        long[] sums = new long[groups + 1];
        try (NativeInts start = NativeInts.allocate(total + 1L);
                NativeInts kids = NativeInts.allocateUninitialized(Math.max(1, total))) {
            MemorySegment st = start.segment();
            MemorySegment k = kids.segment();
            for (int i = 1; i < total; i++) {
                int d = NativeInts.get(idom, i);
                NativeInts.set(st, d + 1, NativeInts.get(st, d + 1) + 1);
            }
            for (int i = 1; i <= total; i++) {
                NativeInts.set(st, i, NativeInts.get(st, i) + NativeInts.get(st, i - 1));
            }
            // Fill: children of d go to start[d] onwards; start[d] advances to the end of d's list,
            // which is the start of d+1's: afterwards, d's list is [start[d-1], start[d]) (start[-1] = 0).
            for (int i = 1; i < total; i++) {
                int d = NativeInts.get(idom, i);
                int at = NativeInts.get(st, d);
                NativeInts.set(k, at, i);
                NativeInts.set(st, d, at + 1);
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
                stack.push(child == 0 ? 0 : NativeInts.get(st, child - 1));
            }
        }
        return java.util.Arrays.copyOf(sums, groups);
    }
}
