package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.RowReader;
import java.util.List;

/**
 * A heap graph as MAT's dominator computation sees it: the stored references, every GC root that
 * {@link GcRoot#startsReachability() starts reachability} a successor of the virtual root (a
 * thread's local is reached through its thread object instead), and one group per class whose
 * target is the class object (MAT's extra edge from every object to its class object). No index
 * of its own: everything is read from the graph.
 */
public final class HeapDigraph implements Digraph {
    private final HeapGraph graph;
    private final int n;
    private final int[] classObject;
    private final int[] roots;

    public HeapDigraph(HeapGraph graph) {
        this.graph = graph;
        this.n = graph.objectCount();
        int classes = graph.classCount();
        this.classObject = new int[classes];
        for (int c = 0; c < classes; c++) {
            classObject[c] = graph.heapClass(c).objectIndex();
        }
        List<GcRoot> r = graph.roots();
        int[] starts = new int[r.size()];
        int k = 0;
        for (GcRoot root : r) {
            if (root.startsReachability()) {
                starts[k++] = root.object();
            }
        }
        this.roots = k == starts.length ? starts : java.util.Arrays.copyOf(starts, k);
    }

    @Override
    public int vertexCount() {
        return n;
    }

    @Override
    public int[] roots() {
        return roots;
    }

    @Override
    public boolean isRoot(int v) {
        return graph.isReachabilityRoot(v);
    }

    @Override
    public long size(int v) {
        return graph.shallowSize(v);
    }

    @Override
    public long storedEdgeCount() {
        return graph.referenceCount();
    }

    @Override
    public long storedEdgesBefore(int v) {
        return graph.outRefsBefore(v);
    }

    @Override
    public RefCursor successors() {
        return graph.outRefs();
    }

    @Override
    public RowReader successorRows() {
        return graph.outRows();
    }

    @Override
    public RefCursor predecessors() {
        return graph.inRefs();
    }

    @Override
    public int groupCount() {
        return classObject.length;
    }

    @Override
    public int groupOf(int v) {
        return graph.classOf(v);
    }

    @Override
    public void groupsOf(int from, int count, int[] out) {
        graph.readClasses(from, count, out);
    }

    @Override
    public int groupTarget(int group) {
        return classObject[group];
    }

    /** The index pages the copy read leave the process (later reads fault them back from the page cache). */
    @Override
    public void edgesCopied() {
        graph.releaseMappedPages();
    }
}
