package dev.heapwise.analysis.compare;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.compare.internal.UnchangedCheck;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.internal.Parallel;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.IdRanges;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.build.ProgressListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Compares two dumps of one program. Classes are matched by name (several loaders' classes of one
 * name are summed); counts are of reachable objects when the dominator trees are given. When object
 * ids are stable between the dumps (MicroEJ dumps; HotSpot dumps of a VM that did not move the
 * objects: half the objects keep id and class, and no class object moved), objects are matched by
 * id too: new, collected, persistent, and persistent with changed values, with the field-level
 * differences. Only the classes that changed are listed (all with {@link Options#all}), biggest
 * change in bytes first; dumps with few classes in common get a warning
 * ({@link #classesInCommon}).
 *
 * <p>Cost: per class, O(classes) from the histograms and the two dominator trees. The instance
 * level walks both id columns once in order (no dump reads), then reads the fields of every
 * persistent instance in both dumps and compares object arrays element by element through the
 * reference index; primitive arrays are compared by length. Not thread-safe.
 */
public final class HeapComparison {
    /** Ids count as stable when at least this share of the old objects keeps its id and class. */
    public static final double STABLE = 0.5;
    private static final int LISTED = 100;
    /** Differing elements listed per array. */
    private static final int LISTED_ELEMENTS = 20;

    /** Below this share of classes in common, the dumps look like two programs' ({@link #classesInCommon}). */
    public static final double FEW_IN_COMMON = 1.0 / 3;

    /**
     * @param instances null: decide from the id overlap; true/false: force it on or off
     * @param all       list the classes that did not change too
     */
    public record Options(Boolean instances, int listedChanges, boolean all) {
        public static Options defaults() {
            return new Options(null, LISTED, false);
        }
    }

    private HeapComparison() {}

    public static ComparisonReport compare(HeapGraph a, DominatorTree ta, HeapGraph b, DominatorTree tb, Options options,
            ProgressListener progress) {
        List<ComparisonReport.ClassDelta> all = classes(a, ta, b, tb);
        List<ComparisonReport.ClassDelta> classes = options.all() ? all
                : all.stream().filter(ComparisonReport.ClassDelta::changed).toList();
        long unchanged = all.stream().filter(d -> !d.changed()).count();
        double inCommon = classesInCommon(all);
        List<String> warnings = inCommon < FEW_IN_COMMON ? List.of(fewInCommon("the two dumps", inCommon)) : List.of();
        double overlap = idOverlap(a, b);
        int moved = movedClassObjects(a, b);
        boolean instanceLevel = options.instances() != null ? options.instances() : overlap >= STABLE && moved == 0;
        if (!instanceLevel) {
            return new ComparisonReport(classes, unchanged, inCommon, overlap, moved, false, List.of(), 0, List.of(), 0,
                    warnings);
        }
        return instances(a, b, new ComparisonReport(classes, unchanged, inCommon, overlap, moved, true, List.of(), 0,
                List.of(), 0, warnings), options, progress);
    }

    /**
     * Of the class names with reachable instances in the dump that has fewer, the share that has
     * some in the other too (1 when either has none). Two dumps of one program share most of their
     * classes, however much one grew; dumps of two programs on one JDK share the JDK's; of a JVM
     * and of an Android app, or of two JDKs years apart, few.
     */
    static double classesInCommon(List<ComparisonReport.ClassDelta> rows) {
        long before = 0;
        long after = 0;
        long both = 0;
        for (ComparisonReport.ClassDelta d : rows) {
            before += d.oldCount() > 0 ? 1 : 0;
            after += d.newCount() > 0 ? 1 : 0;
            both += d.oldCount() > 0 && d.newCount() > 0 ? 1 : 0;
        }
        return inCommon(before, after, both);
    }

    /** {@code both} classes with instances in two dumps, of {@code before} and {@code after}: the share of the fewer. */
    static double inCommon(long before, long after, long both) {
        long fewer = Math.min(before, after);
        return fewer == 0 ? 1 : (double) both / fewer;
    }

    /** The warning for dumps with few classes in common (share as from {@link #classesInCommon}). */
    static String fewInCommon(String dumps, double inCommon) {
        return String.format(Locale.ROOT, "%s have few classes in common (%.0f%% of the classes with instances in"
                + " the one with fewer have instances in the other): they look like dumps of different programs",
                dumps, 100 * inCommon);
    }

    /**
     * Class objects (of a class name loaded once in each dump) whose id differs between the dumps. A
     * moving collection between two HotSpot dumps moves the application's class objects too, and
     * then an id no longer names one object: the space of a moved object is reused by another of
     * the same class, and the objects that stayed are taken for new ones. Ids that share most of
     * their values by chance (the JDK's archived objects never move) do not prove the contrary.
     */
    public static int movedClassObjects(HeapGraph a, HeapGraph b) {
        Map<String, Long> before = classObjectIds(a);
        Map<String, Long> after = classObjectIds(b);
        int moved = 0;
        for (var e : before.entrySet()) {
            Long id = after.get(e.getKey());
            if (id != null && id != 0 && e.getValue() != 0 && !id.equals(e.getValue())) {
                moved++;
            }
        }
        return moved;
    }

    /** Class name to its class object's id, for names loaded once (0 where loaded more than once). */
    private static Map<String, Long> classObjectIds(HeapGraph g) {
        Map<String, Long> ids = new HashMap<>();
        for (HeapClass c : g.classes()) {
            if (c.objectIndex() >= 0) {
                ids.merge(c.name(), g.id(c.objectIndex()), (x, y) -> 0L);
            }
        }
        return ids;
    }

    private static List<ComparisonReport.ClassDelta> classes(HeapGraph a, DominatorTree ta, HeapGraph b,
            DominatorTree tb) {
        Map<String, long[]> rows = new TreeMap<>();
        for (HeapClass c : a.classes()) {
            long[] r = rows.computeIfAbsent(c.name(), k -> new long[6]);
            r[0] += reachableCount(c, ta);
            r[2] += reachableShallow(c, ta);
            r[4] += ta == null ? 0 : ta.classRetainedSize(c.index());
        }
        for (HeapClass c : b.classes()) {
            long[] r = rows.computeIfAbsent(c.name(), k -> new long[6]);
            r[1] += reachableCount(c, tb);
            r[3] += reachableShallow(c, tb);
            r[5] += tb == null ? 0 : tb.classRetainedSize(c.index());
        }
        List<ComparisonReport.ClassDelta> out = new ArrayList<>();
        rows.forEach((name, r) -> {
            if (r[0] + r[1] > 0) {
                out.add(new ComparisonReport.ClassDelta(name, r[0], r[1], r[2], r[3], r[4], r[5]));
            }
        });
        out.sort(Comparator.comparingLong((ComparisonReport.ClassDelta d) -> -Math.abs(d.retainedDelta()))
                .thenComparingLong(d -> -Math.abs(d.shallowDelta())).thenComparingLong(d -> -Math.abs(d.countDelta()))
                .thenComparing(ComparisonReport.ClassDelta::className));
        return out;
    }

    /**
     * Instances of a class the tree reaches (all of them without a tree): garbage still in a dump is
     * left out of the counts, as of the retained sizes beside them.
     */
    static long reachableCount(HeapClass c, DominatorTree t) {
        return c.instanceCount() - (t == null ? 0 : t.unreachableCount(c.index()));
    }

    static long reachableShallow(HeapClass c, DominatorTree t) {
        return c.shallowSizeOfInstances() - (t == null ? 0 : t.unreachableShallowSize(c.index()));
    }

    /** Both graphs list objects by ascending id: one merge walk. */
    public static double idOverlap(HeapGraph a, HeapGraph b) {
        int na = a.objectCount();
        int nb = b.objectCount();
        if (na == 0) {
            return nb == 0 ? 1 : 0;
        }
        long same = 0;
        int j = 0;
        for (int i = 0; i < na && j < nb; i++) {
            long id = a.id(i);
            while (j < nb && Long.compareUnsigned(b.id(j), id) < 0) {
                j++;
            }
            if (j < nb && b.id(j) == id && ObjectLabels.className(a, i).equals(ObjectLabels.className(b, j))) {
                same++;
            }
        }
        return (double) same / na;
    }

    /** {@code r} (the class level) with the instance level. */
    private static ComparisonReport instances(HeapGraph a, HeapGraph b, ComparisonReport r, Options options,
            ProgressListener progress) {
        int listed = options.listedChanges();
        // One row per key (class name, "class " + name for class objects), found by class index.
        List<String> keys = new ArrayList<>();
        Map<String, Integer> rowOfKey = new HashMap<>();
        int[][] rowsA = rowsByClass(a, rowOfKey, keys);
        int[][] rowsB = rowsByClass(b, rowOfKey, keys);
        int na = a.objectCount();
        progress.phase("compare: objects by id", na);
        // The id merge in ranges, one per core; concatenated in order, the parts' lists are the merge's.
        IdRanges split = IdRanges.split(a, b, Parallel.parts(na, Parallel.THREADS));
        int parts = split.count();
        int[] from = split.older();
        int[] to = split.newer();
        Merged[] merged = new Merged[parts];
        Parallel.run(parts, p -> merged[p] = merge(a, b, rowsA, rowsB, keys, from[p], from[p + 1], to[p], to[p + 1],
                listed, p == 0 ? progress : ProgressListener.NONE, parts));
        long[][] perRow = new long[keys.size()][4];
        List<ComparisonReport.ChangedObject> changed = new ArrayList<>();
        long compared = 0;
        for (Merged m : merged) {
            for (int k = 0; k < perRow.length; k++) {
                for (int c = 0; c < 4; c++) {
                    perRow[k][c] += m.perRow[k][c];
                }
            }
            changed.addAll(m.changed.subList(0, Math.min(m.changed.size(), listed - changed.size())));
            compared += m.compared;
        }
        List<ComparisonReport.InstanceDelta> rows = new ArrayList<>();
        long unchanged = 0;
        for (int k = 0; k < keys.size(); k++) {
            long[] c = perRow[k];
            if (c[0] + c[1] + c[2] > 0) {
                var d = new ComparisonReport.InstanceDelta(keys.get(k), c[0], c[1], c[2], c[3]);
                unchanged += d.anyChange() ? 0 : 1;
                if (d.anyChange() || options.all()) {
                    rows.add(d);
                }
            }
        }
        rows.sort(Comparator.comparingLong((ComparisonReport.InstanceDelta d) -> -(d.added() + d.collected() + d.changed()))
                .thenComparing(ComparisonReport.InstanceDelta::className));
        progress.finished();
        return new ComparisonReport(r.classes(), r.unchangedClasses(), r.classesInCommon(), r.idOverlap(),
                r.movedClassObjects(), true, rows, unchanged, changed, compared, r.warnings());
    }

    /** One range of the id merge: per row added, collected, persistent, changed; the first changed objects. */
    private record Merged(long[][] perRow, List<ComparisonReport.ChangedObject> changed, long compared) {}

    /** Merges old objects {@code [i, iEnd)} with new objects {@code [j, jEnd)}, both in id order. */
    private static Merged merge(HeapGraph a, HeapGraph b, int[][] rowsA, int[][] rowsB, List<String> keys, int i,
            int iEnd, int j, int jEnd, int listed, ProgressListener progress, int parts) {
        long[][] perRow = new long[keys.size()][4];
        UnchangedCheck unchanged = new UnchangedCheck(a, b);
        List<ComparisonReport.ChangedObject> changed = new ArrayList<>();
        RefCursor ca = a.outRefs();
        RefCursor cb = b.outRefs();
        long compared = 0;
        int start = i;
        while (i < iEnd || j < jEnd) {
            int cmp = i >= iEnd ? 1 : j >= jEnd ? -1 : Long.compareUnsigned(a.id(i), b.id(j));
            if (cmp < 0) {
                perRow[row(a, rowsA, i)][1]++;
                i++;
            } else if (cmp > 0) {
                perRow[row(b, rowsB, j)][0]++;
                j++;
            } else {
                int ra = row(a, rowsA, i);
                int rb = row(b, rowsB, j);
                if (ra != rb) {
                    // The same address reused by a new object: one collected, one new.
                    perRow[ra][1]++;
                    perRow[rb][0]++;
                } else {
                    long[] r = perRow[ra];
                    r[2]++;
                    compared++;
                    if (!unchanged.unchanged(i, j)) {
                        List<ComparisonReport.FieldChange> diff = diff(a, i, b, j, ca, cb);
                        if (!diff.isEmpty()) {
                            r[3]++;
                            if (changed.size() < listed) {
                                changed.add(new ComparisonReport.ChangedObject(a.id(i), keys.get(ra), diff));
                            }
                        }
                    }
                }
                i++;
                j++;
            }
            if (((i + j) & 0xFFFF) == 0) {
                progress.progress((long) (i - start) * parts);
            }
        }
        return new Merged(perRow, changed, compared);
    }

    /**
     * Each class's rows, {@code [0][c]} for its instances and {@code [1][c]} for its class object:
     * those of their keys (the class name; "class " and the name), added to {@code keys} when new.
     */
    private static int[][] rowsByClass(HeapGraph g, Map<String, Integer> rowOfKey, List<String> keys) {
        int[][] rows = new int[2][g.classCount()];
        for (int c = 0; c < g.classCount(); c++) {
            String name = g.heapClass(c).name();
            rows[0][c] = rowOfKey.computeIfAbsent(name, k -> add(keys, k));
            rows[1][c] = rowOfKey.computeIfAbsent("class " + name, k -> add(keys, k));
        }
        return rows;
    }

    private static int add(List<String> keys, String key) {
        keys.add(key);
        return keys.size() - 1;
    }

    /** An object's row: class objects count apart from the instances of the class they represent. */
    private static int row(HeapGraph g, int[][] rows, int o) {
        int represented = g.classIndexOfClassObject(o);
        return represented >= 0 ? rows[1][represented] : rows[0][g.classOf(o)];
    }

    /** Field, element or length differences of one object present in both dumps. */
    static List<ComparisonReport.FieldChange> diff(HeapGraph a, int i, HeapGraph b, int j, RefCursor ca, RefCursor cb) {
        List<ComparisonReport.FieldChange> out = new ArrayList<>();
        ObjectKind kind = a.kind(i);
        switch (kind) {
            case INSTANCE -> {
                List<FieldValue> fa = a.fields(i);
                List<FieldValue> fb = b.fields(j);
                for (int k = 0; k < Math.min(fa.size(), fb.size()); k++) {
                    FieldValue x = fa.get(k);
                    FieldValue y = fb.get(k);
                    if (x.raw() != y.raw() || !x.name().equals(y.name())) {
                        out.add(new ComparisonReport.FieldChange(x.name(), x.display(), y.display()));
                    }
                }
            }
            case OBJECT_ARRAY -> {
                long la = a.arrayLength(i);
                long lb = b.arrayLength(j);
                if (la != lb) {
                    out.add(new ComparisonReport.FieldChange("length", Long.toString(la), Long.toString(lb)));
                }
                ca.reset(i);
                cb.reset(j);
                // The reference index holds the non-null elements in order, not where they are: with
                // nulls in the array, a reference that moved among them shows only in the elements.
                if (ca.count() != la || ca.count() != cb.count() || !sameTargets(a, ca, b, cb)) {
                    long[] ea = a.readObjectArray(i, 0, (int) Math.min(la, Integer.MAX_VALUE));
                    long[] eb = b.readObjectArray(j, 0, (int) Math.min(lb, Integer.MAX_VALUE));
                    int differ = 0;
                    for (int k = 0; k < Math.min(ea.length, eb.length); k++) {
                        if (ea[k] != eb[k] && differ++ < LISTED_ELEMENTS) {
                            out.add(new ComparisonReport.FieldChange("[" + k + "]", ref(ea[k]), ref(eb[k])));
                        }
                    }
                    moreDiffer(out, differ);
                }
            }
            case PRIMITIVE_ARRAY -> {
                long la = a.arrayLength(i);
                long lb = b.arrayLength(j);
                if (la != lb) {
                    out.add(new ComparisonReport.FieldChange("length", Long.toString(la), Long.toString(lb)));
                }
                primitiveElements(a, i, b, j, Math.min(la, lb), out);
            }
            case CLASS -> {
                List<FieldValue> sa = a.staticFields(a.classIndexOfClassObject(i));
                List<FieldValue> sb = b.staticFields(b.classIndexOfClassObject(j));
                for (int k = 0; k < Math.min(sa.size(), sb.size()); k++) {
                    if (sa.get(k).raw() != sb.get(k).raw()) {
                        out.add(new ComparisonReport.FieldChange("static " + sa.get(k).name(), sa.get(k).display(),
                                sb.get(k).display()));
                    }
                }
            }
        }
        return out;
    }

    private static void moreDiffer(List<ComparisonReport.FieldChange> out, int differ) {
        if (differ > LISTED_ELEMENTS) {
            out.add(new ComparisonReport.FieldChange("[…]", "", (differ - LISTED_ELEMENTS) + " more elements differ"));
        }
    }

    /** Elements read at a time when comparing primitive arrays. */
    private static final int PRIMITIVE_CHUNK = 1 << 16;

    /**
     * The first {@code length} elements of two primitive arrays, compared a chunk at a time (whole
     * chunks first: most arrays are unchanged); the first few that differ listed with their values.
     * Reads both arrays from the dumps.
     */
    private static void primitiveElements(HeapGraph a, int i, HeapGraph b, int j, long length,
            List<ComparisonReport.FieldChange> out) {
        FieldType type = a.heapClass(a.classOf(i)).elementType();
        if (type == null || type != b.heapClass(b.classOf(j)).elementType()) {
            return;
        }
        int size = type.size(8); // a primitive's size does not depend on the id size
        int differ = 0;
        for (long start = 0; start < length; start += PRIMITIVE_CHUNK) {
            int count = (int) Math.min(PRIMITIVE_CHUNK, length - start);
            byte[] x = a.readPrimitiveArray(i, start, count);
            byte[] y = b.readPrimitiveArray(j, start, count);
            if (x == null || y == null || x.length < count * size || y.length < count * size) {
                return; // no data in the dump for it
            }
            if (Arrays.equals(x, y)) {
                continue;
            }
            for (int k = 0; k < count; k++) {
                int at = k * size;
                if (!Arrays.equals(x, at, at + size, y, at, at + size) && differ++ < LISTED_ELEMENTS) {
                    out.add(new ComparisonReport.FieldChange("[" + (start + k) + "]",
                            FieldValue.display(type, element(x, at, type)), FieldValue.display(type, element(y, at, type))));
                }
            }
        }
        moreDiffer(out, differ);
    }

    /** The element at byte {@code at} of big-endian {@code bytes}, as {@link FieldValue#raw} holds it (signed). */
    private static long element(byte[] bytes, int at, FieldType type) {
        long v = 0;
        for (int k = 0; k < type.size(8); k++) {
            v = (v << 8) | (bytes[at + k] & 0xFF);
        }
        return switch (type) {
            case BOOLEAN, BYTE -> (byte) v;
            case SHORT -> (short) v;
            case INT, FLOAT -> (int) v;
            default -> v; // char (unsigned), long, double
        };
    }

    private static boolean sameTargets(HeapGraph a, RefCursor ca, HeapGraph b, RefCursor cb) {
        for (int x; (x = ca.next()) >= 0; ) {
            int y = cb.next();
            if (y < 0 || a.id(x) != b.id(y)) {
                return false;
            }
        }
        return cb.next() < 0;
    }

    private static String ref(long id) {
        return id == 0 ? "null" : Ids.hex(id);
    }
}
