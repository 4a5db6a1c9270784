package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.IntStack;
import dev.heapwise.graph.HeapGraph;

/**
 * Retained size per class as MAT's histogram gives it by default: the size of the union of the
 * retained sets of the class's instances, that is the sum over instances not dominated by another
 * instance of the same class (nested instances are already inside their dominator's size). One
 * depth-first walk of the dominator tree with a counter per class of instances on the current
 * path. No dump reads; a stack of at most the number of objects.
 */
public final class ClassRetainedSizes {
    private ClassRetainedSizes() {}

    public static long[] compute(HeapGraph g, TreeArrays tree, ChildrenIndex children) {
        long[] sizes = new long[g.classCount()];
        int[] onPath = new int[g.classCount()];
        IntStack work = new IntStack();
        for (int i = children.count(-1) - 1; i >= 0; i--) {
            work.push(children.child(-1, i));
        }
        while (!work.isEmpty()) {
            int e = work.pop();
            if (e < 0) {
                onPath[g.classOf(~e)]--;
                continue;
            }
            int c = g.classOf(e);
            if (onPath[c] == 0) {
                sizes[c] += tree.retained(e);
            }
            onPath[c]++;
            work.push(~e);
            for (int i = children.count(e) - 1; i >= 0; i--) {
                work.push(children.child(e, i));
            }
        }
        return sizes;
    }
}
