package dev.heapwise.microej.analysis;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.microej.MicroEjAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The instances of a selection (usually a type) with what the Heap Viewer shows for each: id,
 * shallow size, creation time, creating thread and method, and how many objects refer to it.
 * One pass over the objects; allocates one row per listed instance. Thread-safe.
 */
public final class Instances {
    private Instances() {}

    /** One instance; {@code createdAt} is {@link MicroEjAttributes#NO_TIME} when unknown. */
    public record Row(int object, String id, String type, long size, long createdAt, String thread, String method,
            long referrers) {}

    /** The selected instances in id order, at most {@code limit} of them, and how many there are in all. */
    public record Result(long total, List<Row> rows) {}

    public static Result list(HeapGraph g, Selection selection, int limit) {
        Selection.Bound sel = selection.bind(g);
        MicroEjAttributes a = sel.attributes();
        var in = g.inRefs();
        List<Row> rows = new ArrayList<>();
        long total = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            if (!sel.matches(o)) {
                continue;
            }
            total++;
            if (rows.size() < limit) {
                in.reset(o);
                rows.add(row(g, a, o, in.count()));
            }
        }
        return new Result(total, rows);
    }

    static Row row(HeapGraph g, MicroEjAttributes a, int o, long referrers) {
        return new Row(o, a.label(o), g.heapClass(g.classOf(o)).name(), g.shallowSize(o), a.createdAt(o), a.thread(o),
                a.methodJava(o), referrers);
    }
}
