package dev.heapwise.walker.internal;

import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.internal.LongIntMap;

/**
 * How many "defined class" references the graph appends to each class loader's references (the
 * MAT-style loader-to-class edges, which are no field of the loader). The walker reports fields
 * only, so it drops these trailing entries. Built once from the in-memory class list; one map
 * entry per loader. Not thread-safe.
 */
public final class DefinedClassEdges {
    private final LongIntMap counts;

    public DefinedClassEdges(HeapGraph graph) {
        counts = new LongIntMap(16);
        for (HeapClass c : graph.classes()) {
            if (c.loaderId() == 0 || c.objectIndex() < 0) {
                continue;
            }
            int loader = graph.indexOf(c.loaderId());
            if (loader >= 0) {
                counts.put(loader, counts.get(loader, 0) + 1, 0);
            }
        }
    }

    /** The number of trailing defined-class entries in the object's stored references. */
    public int count(int object) {
        return counts.size() == 0 ? 0 : counts.get(object, 0);
    }
}
