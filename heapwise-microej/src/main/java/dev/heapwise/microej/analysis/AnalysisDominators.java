package dev.heapwise.microej.analysis;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.internal.IntStack;
import java.io.IOException;

/**
 * The dominator-based views' {@link Dominators} over heapwise-analysis's dominator tree (computed
 * once per index and saved with it). Class objects are GC roots in MicroEJ graphs, so the
 * instance-to-class edge that tree adds (MAT's semantics) changes nothing here. Retained instance
 * counts, which the tree does not keep, are summed over it at their first use (views that need only
 * immediate dominators, as the leak suspects, never pay for them): O(objects), one int per object
 * on the Java heap. Thread-safe. Close it to release the tree.
 */
public final class AnalysisDominators implements Dominators, AutoCloseable {
    private final DominatorTree tree;
    private int[] retainedCount;

    private AnalysisDominators(DominatorTree tree) {
        this.tree = tree;
    }

    /** Opens (or on first use computes and saves) the graph's dominator tree. */
    public static AnalysisDominators of(HeapGraph g) throws IOException {
        return new AnalysisDominators(DominatorTree.of(g));
    }

    /** Post-order sums of instances over the tree, with an explicit stack (trees can be deep). */
    private static int[] countRetainedInstances(DominatorTree tree) {
        HeapGraph g = tree.graph();
        int n = g.objectCount();
        int[] count = new int[n];
        int[] nextChild = new int[n];
        IntStack stack = new IntStack();
        for (int top = 0; top < n; top++) {
            if (tree.immediateDominator(top) != DominatorTree.ROOT) {
                continue;
            }
            stack.push(top);
            while (!stack.isEmpty()) {
                int o = stack.peek();
                int i = nextChild[o];
                if (i < tree.childCount(o)) {
                    nextChild[o] = i + 1;
                    stack.push(tree.child(o, i));
                } else {
                    stack.pop();
                    count[o] += g.kind(o) == ObjectKind.CLASS ? 0 : 1;
                    int parent = tree.immediateDominator(o);
                    if (parent >= 0) {
                        count[parent] += count[o];
                    }
                }
            }
        }
        return count;
    }

    @Override
    public int immediateDominator(int object) {
        int d = tree.immediateDominator(object);
        return d >= 0 ? d : -1;
    }

    @Override
    public long retainedSize(int object) {
        return tree.retainedSize(object);
    }

    @Override
    public long retainedCount(int object) {
        return retainedCounts()[object];
    }

    private synchronized int[] retainedCounts() {
        if (retainedCount == null) {
            retainedCount = countRetainedInstances(tree);
        }
        return retainedCount;
    }

    @Override
    public void close() {
        tree.close();
    }
}
