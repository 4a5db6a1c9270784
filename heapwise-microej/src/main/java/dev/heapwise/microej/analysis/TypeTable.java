package dev.heapwise.microej.analysis;

import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The Heap Viewer's outline: every type with its number of instances, their shallow size and the
 * instances they reference ({@link ReferencedInstances}), restricted to a selection. One pass over the
 * objects; memory per class. Thread-safe.
 */
public final class TypeTable {
    private TypeTable() {}

    /**
     * One type. {@code referencedInstances}: the sum of its instances' {@link ReferencedInstances#of},
     * or -1 when not counted (not asked for, or given up for one of its instances).
     */
    public record Row(int classIndex, String name, long instances, long size, long referencedInstances) {
        public Row(int classIndex, String name, long instances, long size) {
            this(classIndex, name, instances, size, -1);
        }
    }

    /** Totals and rows, sorted by instances (descending), then name. */
    public record Result(long types, long instances, long size, List<Row> rows) {}

    /** The table without referenced instances (each row's is -1). */
    public static Result compute(HeapGraph g, Selection selection, boolean includeEmpty) {
        return compute(g, selection, includeEmpty, null);
    }

    /** The table, with each type's referenced instances from {@code referenced} unless it is null. */
    public static Result compute(HeapGraph g, Selection selection, boolean includeEmpty, ReferencedInstances referenced) {
        Selection.Bound sel = selection.bind(g);
        long[] counts = new long[g.classCount()];
        long[] sizes = new long[g.classCount()];
        long[] refs = new long[g.classCount()];
        if (referenced == null) {
            Arrays.fill(refs, -1);
        }
        long instances = 0;
        long size = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            if (sel.matches(o)) {
                int c = g.classOf(o);
                counts[c]++;
                long s = g.shallowSize(o);
                sizes[c] += s;
                if (referenced != null && refs[c] >= 0) {
                    long r = referenced.of(o);
                    refs[c] = r < 0 ? -1 : refs[c] + r;
                }
                instances++;
                size += s;
            }
        }
        List<Row> rows = new ArrayList<>();
        for (HeapClass c : g.classes()) {
            if (counts[c.index()] > 0 || includeEmpty) {
                rows.add(new Row(c.index(), c.name(), counts[c.index()], sizes[c.index()], refs[c.index()]));
            }
        }
        rows.sort((x, y) -> x.instances() != y.instances() ? Long.compare(y.instances(), x.instances())
                : x.name().compareTo(y.name()));
        return new Result(g.classCount(), instances, size, rows);
    }
}
