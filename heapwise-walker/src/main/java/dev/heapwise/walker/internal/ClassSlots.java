package dev.heapwise.walker.internal;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * Each class's non-static reference fields in dump order (the class's own first, then its
 * superclasses', as {@code HeapGraph.fields} and the reference index order them): how many, and
 * their names. Built once per walk from the in-memory class list; names are made on first use.
 * Not thread-safe.
 */
public final class ClassSlots {
    private final HeapGraph graph;
    private final int[] counts;
    private final String[][] names;

    public ClassSlots(HeapGraph graph) {
        this.graph = graph;
        int classes = graph.classCount();
        this.counts = new int[classes];
        this.names = new String[classes][];
        for (int c = 0; c < classes; c++) {
            int count = 0;
            for (HeapClass k : hierarchy(c)) {
                for (FieldDef f : k.fields()) {
                    if (f.type() == FieldType.OBJECT) {
                        count++;
                    }
                }
            }
            counts[c] = count;
        }
    }

    /** The class and its superclasses, subclass first; stops at a (corrupt) cycle. */
    private List<HeapClass> hierarchy(int classIndex) {
        List<HeapClass> out = new ArrayList<>();
        int limit = graph.classCount();
        for (int c = classIndex; c >= 0 && out.size() < limit; c = graph.heapClass(c).superIndex()) {
            out.add(graph.heapClass(c));
        }
        return out;
    }

    /** How many reference slots an instance of the class has. O(1). */
    public int count(int classIndex) {
        return counts[classIndex];
    }

    /** The names of those slots, in order. Allocates once per class, then O(1). */
    public String[] names(int classIndex) {
        String[] n = names[classIndex];
        if (n == null) {
            List<String> list = new ArrayList<>();
            for (HeapClass k : hierarchy(classIndex)) {
                for (FieldDef f : k.fields()) {
                    if (f.type() == FieldType.OBJECT) {
                        list.add(f.name());
                    }
                }
            }
            names[classIndex] = n = list.toArray(new String[0]);
        }
        return n;
    }
}
