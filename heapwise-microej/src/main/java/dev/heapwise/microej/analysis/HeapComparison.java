package dev.heapwise.microej.analysis;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.IdRanges;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.microej.MicroEjAttributes;
import dev.heapwise.microej.internal.ValueComparer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The Compare tool: two dumps of one application, matched by id (MicroEJ ids are stable from one
 * dump to the next). An instance only in the old dump was garbage collected; only in the new one,
 * it is new; in both (same id and same class) it is persistent, and persistent with changed values
 * when a field (statics for classes), an array element or an array length differs. References are
 * compared by id. As in the Heap Analyzer, a class's statics count as one instance of its type. A
 * merge over both id-ordered graphs, in two ranges on two threads from 65,536 objects on; reads the
 * dump of every persistent object; a few counters per type and the listed rows in memory.
 * Thread-safe.
 */
public final class HeapComparison {
    /** Below this many objects in the old dump the merge runs in one piece. */
    private static final int SPLIT_FROM = 1 << 16;

    private HeapComparison() {}

    public enum Status { GARBAGE_COLLECTED, NEW, PERSISTENT, CHANGED }

    /** Per type: old and new counts and how the instances split. Classes count as their own type's rows. */
    public record TypeRow(String type, long oldInstances, long newInstances, long garbageCollected, long created,
            long persistent, long changed) {}

    /** One compared instance: its id label, type and status. */
    public record InstanceRow(String id, String type, Status status, int oldObject, int newObject) {}

    public record Result(long oldTypes, long oldInstances, long newTypes, long newInstances, List<TypeRow> types,
            List<InstanceRow> instances) {}

    /** One field of the field-by-field comparison: the values as the Heap Analyzer shows them. */
    public record FieldRow(String name, String type, boolean isStatic, String oldValue, String newValue, boolean changed) {}

    /**
     * @param includeClasses compare class objects (their statics) too
     * @param listOnly       list instance rows only for these statuses (empty: no instance rows)
     * @param typeFilter     list instance rows only of this type (Java name), or null for all
     */
    public static Result compare(HeapGraph older, HeapGraph newer, boolean includeClasses, List<Status> listOnly,
            String typeFilter, int limit) {
        int cores = Runtime.getRuntime().availableProcessors();
        return compare(older, newer, includeClasses, listOnly, typeFilter, limit,
                older.objectCount() >= SPLIT_FROM && cores > 1 ? 2 : 1);
    }

    /**
     * As {@link #compare(HeapGraph, HeapGraph, boolean, List, String, int)}, the merge split in
     * {@code parts} ranges run side by side: the old dump split evenly, the new one at each range's
     * first id, so that an id present in both lands in one range. The ranges' counts are added up and
     * their instance rows joined in order: the result does not depend on the split.
     */
    static Result compare(HeapGraph older, HeapGraph newer, boolean includeClasses, List<Status> listOnly,
            String typeFilter, int limit, int parts) {
        // One row per type name, found by class index: no name lookup per object.
        List<String> names = new ArrayList<>();
        Map<String, Integer> rowOfName = new HashMap<>();
        int[] olderRows = rowsByClass(older, rowOfName, names);
        int[] newerRows = rowsByClass(newer, rowOfName, names);
        Merge m = new Merge(older, newer, olderRows, newerRows, names, includeClasses, listOnly, typeFilter, limit);
        IdRanges split = IdRanges.split(older, newer, parts);
        int[] from = split.older();
        int[] to = split.newer();
        // The first range on this thread, the others on the common pool (one more thread on two cores).
        List<CompletableFuture<Merge.Range>> others = new ArrayList<>();
        for (int p = 1; p < split.count(); p++) {
            int q = p;
            others.add(CompletableFuture.supplyAsync(() -> m.range(from[q], from[q + 1], to[q], to[q + 1])));
        }
        List<Merge.Range> ranges = new ArrayList<>();
        ranges.add(m.range(from[0], from[1], to[0], to[1]));
        for (CompletableFuture<Merge.Range> f : others) {
            try {
                ranges.add(f.join());
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
            }
        }
        long[][] rows = new long[names.size()][6];
        List<InstanceRow> instances = new ArrayList<>();
        long oldInstances = 0;
        long newInstances = 0;
        for (Merge.Range r : ranges) {
            for (int k = 0; k < rows.length; k++) {
                for (int c = 0; c < rows[k].length; c++) {
                    rows[k][c] += r.rows()[k][c];
                }
            }
            oldInstances += r.oldInstances();
            newInstances += r.newInstances();
            instances.addAll(r.instances().subList(0, Math.min(r.instances().size(), limit - instances.size())));
        }
        Integer[] order = new Integer[names.size()];
        for (int r = 0; r < order.length; r++) {
            order[r] = r;
        }
        Arrays.sort(order, Comparator.comparing(names::get)); // by name, as the Heap Analyzer lists them
        List<TypeRow> types = new ArrayList<>();
        for (int row : order) {
            long[] r = rows[row];
            if (r[0] + r[1] > 0) {
                types.add(new TypeRow(names.get(row), r[0], r[1], r[2], r[3], r[4], r[5]));
            }
        }
        return new Result(older.classCount(), oldInstances, newer.classCount(), newInstances, types, instances);
    }

    /** The merge of one range of both dumps; one per thread. */
    private record Merge(HeapGraph older, HeapGraph newer, int[] olderRows, int[] newerRows, List<String> names,
            boolean includeClasses, List<Status> listOnly, String typeFilter, int limit) {

        /** Per type row: old, new, then a count per status; the instance rows listed, at most {@code limit}. */
        record Range(long[][] rows, long oldInstances, long newInstances, List<InstanceRow> instances) {}

        Range range(int i, int n, int j, int m) {
            MicroEjAttributes oa = new MicroEjAttributes(older);
            MicroEjAttributes na = new MicroEjAttributes(newer);
            ValueComparer values = new ValueComparer(older, newer); // not thread-safe: one per range
            long[][] rows = new long[names.size()][6];
            List<InstanceRow> instances = new ArrayList<>();
            long oldInstances = 0;
            long newInstances = 0;
            while (i < n || j < m) {
                long oi = i < n ? older.id(i) : Long.MAX_VALUE;
                long nj = j < m ? newer.id(j) : Long.MAX_VALUE;
                Status status;
                int o = -1;
                int p = -1;
                if (i < n && (j >= m || Long.compareUnsigned(oi, nj) < 0)) {
                    o = i++;
                    status = Status.GARBAGE_COLLECTED;
                } else if (j < m && (i >= n || Long.compareUnsigned(nj, oi) < 0)) {
                    p = j++;
                    status = Status.NEW;
                } else {
                    o = i++;
                    p = j++;
                    if (row(older, olderRows, o) != row(newer, newerRows, p)) {
                        // the same id reused by another type: one collected, one new
                        count(rows, names, row(older, olderRows, o), o, Status.GARBAGE_COLLECTED, instances, oa,
                                listOnly, typeFilter, limit, true);
                        count(rows, names, row(newer, newerRows, p), p, Status.NEW, instances, na, listOnly,
                                typeFilter, limit, false);
                        oldInstances += includes(older, o, includeClasses) ? 1 : 0;
                        newInstances += includes(newer, p, includeClasses) ? 1 : 0;
                        continue;
                    }
                    status = includes(older, o, includeClasses) && values.differs(o, p) ? Status.CHANGED
                            : Status.PERSISTENT;
                }
                if (o >= 0 && !includes(older, o, includeClasses) || p >= 0 && !includes(newer, p, includeClasses)) {
                    continue;
                }
                oldInstances += o >= 0 ? 1 : 0;
                newInstances += p >= 0 ? 1 : 0;
                int k = o >= 0 ? o : p;
                int row = o >= 0 ? row(older, olderRows, o) : row(newer, newerRows, p);
                long[] r = rows[row];
                r[0] += o >= 0 ? 1 : 0;
                r[1] += p >= 0 ? 1 : 0;
                r[2 + status.ordinal()]++;
                if (status == Status.CHANGED) {
                    r[4]++; // changed instances are persistent too
                }
                String type = names.get(row);
                if (listOnly.contains(status) && instances.size() < limit
                        && (typeFilter == null || typeFilter.equals(type))) {
                    instances.add(new InstanceRow((o >= 0 ? oa : na).label(k), type, status, o, p));
                }
            }
            return new Range(rows, oldInstances, newInstances, instances);
        }
    }

    /** Each class's row: that of its name, added to {@code names} when new. */
    private static int[] rowsByClass(HeapGraph g, Map<String, Integer> rowOfName, List<String> names) {
        int[] rows = new int[g.classCount()];
        for (int c = 0; c < rows.length; c++) {
            rows[c] = rowOfName.computeIfAbsent(g.heapClass(c).name(), x -> {
                names.add(x);
                return names.size() - 1;
            });
        }
        return rows;
    }

    /** The row an object is listed under: its class's, or for a class object that of the class it represents. */
    private static int row(HeapGraph g, int[] rows, int o) {
        return rows[g.kind(o) == ObjectKind.CLASS ? g.classIndexOfClassObject(o) : g.classOf(o)];
    }

    private static void count(long[][] rows, List<String> names, int row, int k, Status status,
            List<InstanceRow> instances, MicroEjAttributes a, List<Status> listOnly, String typeFilter, int limit,
            boolean old) {
        long[] r = rows[row];
        r[old ? 0 : 1]++;
        r[2 + status.ordinal()]++;
        String type = names.get(row);
        if (listOnly.contains(status) && instances.size() < limit && (typeFilter == null || typeFilter.equals(type))) {
            instances.add(new InstanceRow(a.label(k), type, status, old ? k : -1, old ? -1 : k));
        }
    }

    private static boolean includes(HeapGraph g, int o, boolean includeClasses) {
        return includeClasses || g.kind(o) != ObjectKind.CLASS;
    }

    /** Whether a persistent object's values differ (see {@link ValueComparer}). */
    public static boolean differs(HeapGraph a, int o, HeapGraph b, int p) {
        return new ValueComparer(a, b).differs(o, p);
    }

    /** The Instance Fields Comparison view for an object present in both dumps (or in one: the other side empty). */
    public static List<FieldRow> fields(HeapGraph older, int o, HeapGraph newer, int p) {
        List<FieldValue> ov = values(older, o);
        List<FieldValue> nv = values(newer, p);
        boolean statics = (o >= 0 ? older.kind(o) : newer.kind(p)) == ObjectKind.CLASS;
        List<FieldRow> out = new ArrayList<>();
        boolean[] used = new boolean[nv.size()];
        for (FieldValue v : ov) {
            FieldValue w = null;
            for (int k = 0; k < nv.size(); k++) {
                if (!used[k] && nv.get(k).name().equals(v.name()) && nv.get(k).type() == v.type()) {
                    used[k] = true;
                    w = nv.get(k);
                    break;
                }
            }
            String type = v.type().isPrimitive() ? v.type().javaName() : "Object";
            String ovs = display(older, v);
            String nvs = w == null ? "" : display(newer, w);
            out.add(new FieldRow(v.name(), type, statics, ovs, nvs, w == null || w.raw() != v.raw()));
        }
        for (int k = 0; k < nv.size(); k++) {
            if (!used[k]) {
                FieldValue w = nv.get(k);
                out.add(new FieldRow(w.name(), w.type().isPrimitive() ? w.type().javaName() : "Object", statics, "",
                        display(newer, w), true));
            }
        }
        return out;
    }

    /** Elements of an array compared one by one, at most this many (the rest: same length, or not, tells). */
    private static final int ELEMENTS_COMPARED = 1000;

    private static List<FieldValue> values(HeapGraph g, int o) {
        if (o < 0) {
            return List.of();
        }
        return switch (g.kind(o)) {
            case CLASS -> g.staticFields(g.classIndexOfClassObject(o));
            case INSTANCE -> g.fields(o);
            case OBJECT_ARRAY, PRIMITIVE_ARRAY -> elements(g, o);
        };
    }

    /** An array's length and its first elements as values named "[i]" (ids for object arrays). */
    private static List<FieldValue> elements(HeapGraph g, int o) {
        HeapClass c = g.heapClass(g.classOf(o));
        long length = g.arrayLength(o);
        int n = (int) Math.min(length, ELEMENTS_COMPARED);
        List<FieldValue> out = new ArrayList<>(n + 1);
        out.add(new FieldValue(c, "length", FieldType.INT, length));
        if (g.kind(o) == ObjectKind.OBJECT_ARRAY) {
            long[] ids = g.readObjectArray(o, 0, n);
            for (int i = 0; i < n; i++) {
                out.add(new FieldValue(c, "[" + i + "]", FieldType.OBJECT, ids[i]));
            }
        } else {
            FieldType t = c.elementType();
            int size = t.size(4);
            byte[] bytes = g.readPrimitiveArray(o, 0, n); // big-endian, as in HPROF; null: no data (zeros)
            ByteBuffer b = bytes == null ? ByteBuffer.allocate(n * size) : ByteBuffer.wrap(bytes);
            for (int i = 0; i < n; i++) {
                out.add(new FieldValue(c, "[" + i + "]", t, t.read(b, i * size, 4)));
            }
        }
        return out;
    }

    private static String display(HeapGraph g, FieldValue v) {
        if (v.type().isPrimitive() || v.raw() == 0) {
            return v.display();
        }
        int k = g.indexOf(v.raw());
        return k >= 0 ? new MicroEjAttributes(g).label(k) : v.display();
    }
}
