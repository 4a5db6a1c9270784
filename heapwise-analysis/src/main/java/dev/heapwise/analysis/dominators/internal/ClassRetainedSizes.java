package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.IntStack;
import dev.heapwise.graph.HeapGraph;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;

/**
 * Retained size per class as MAT's histogram gives it by default: the size of the union of the
 * retained sets of the class's instances, that is the sum over instances not dominated by another
 * instance of the same class (nested instances are already inside their dominator's size). One
 * depth-first walk of the dominator tree with a counter per class of instances on the current
 * path. No dump reads; the walk's stack holds two ints per level of the tree.
 */
public final class ClassRetainedSizes {
    private ClassRetainedSizes() {}

    /** From a saved tree, by object. */
    public static long[] compute(HeapGraph g, TreeArrays tree, ChildrenIndex children) {
        return sum(children, g::classOf, tree::retained, g.classCount());
    }

    /**
     * The walk, for any tree given as children lists: per group ({@code groupOf} in
     * {@code 0..groups-1}), the retained sizes of its members that no other member dominates.
     */
    static long[] sum(ChildrenIndex children, IntUnaryOperator groupOf, IntToLongFunction retained, int groups) {
        long[] sizes = new long[groups];
        int[] onPath = new int[groups];
        IntStack stack = new IntStack(); // per level: the node, then the position of its next child
        stack.push(SemiNca.ROOT);
        stack.push(0);
        while (!stack.isEmpty()) {
            int pos = stack.pop();
            int node = stack.peek();
            if (pos >= children.count(node)) {
                stack.pop();
                if (node != SemiNca.ROOT) {
                    onPath[groupOf.applyAsInt(node)]--;
                }
                continue;
            }
            stack.push(pos + 1);
            int child = children.child(node, pos);
            int c = groupOf.applyAsInt(child);
            if (onPath[c] == 0) {
                sizes[c] += retained.applyAsLong(child);
            }
            onPath[c]++;
            stack.push(child);
            stack.push(0);
        }
        return sizes;
    }
}
