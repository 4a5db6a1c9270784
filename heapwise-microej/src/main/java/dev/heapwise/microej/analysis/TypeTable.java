package dev.heapwise.microej.analysis;

import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * The Heap Viewer's outline: every type with its number of instances and their shallow size,
 * restricted to a selection. One pass over the objects; memory per class. Thread-safe.
 */
public final class TypeTable {
    private TypeTable() {}

    /** One type. */
    public record Row(int classIndex, String name, long instances, long size) {}

    /** Totals and rows, sorted by instances (descending), then name. */
    public record Result(long types, long instances, long size, List<Row> rows) {}

    public static Result compute(HeapGraph g, Selection selection, boolean includeEmpty) {
        Selection.Bound sel = selection.bind(g);
        long[] counts = new long[g.classCount()];
        long[] sizes = new long[g.classCount()];
        long instances = 0;
        long size = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            if (sel.matches(o)) {
                int c = g.classOf(o);
                counts[c]++;
                long s = g.shallowSize(o);
                sizes[c] += s;
                instances++;
                size += s;
            }
        }
        List<Row> rows = new ArrayList<>();
        for (HeapClass c : g.classes()) {
            if (counts[c.index()] > 0 || includeEmpty) {
                rows.add(new Row(c.index(), c.name(), counts[c.index()], sizes[c.index()]));
            }
        }
        rows.sort((x, y) -> x.instances() != y.instances() ? Long.compare(y.instances(), x.instances())
                : x.name().compareTo(y.name()));
        return new Result(g.classCount(), instances, size, rows);
    }
}
