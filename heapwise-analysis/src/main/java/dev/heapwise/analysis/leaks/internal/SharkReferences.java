package dev.heapwise.analysis.leaks.internal;

import dev.heapwise.analysis.paths.internal.EdgeFilter;
import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.Reference;
import dev.heapwise.graph.RootKind;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The references Shark 2.14 follows from an object (its {@code FieldInstanceReferenceReader},
 * {@code ClassReferenceReader} and {@code ObjectArrayReferenceReader}), and their order:
 * <ul>
 * <li>an instance: its reference fields sorted by name (a stable sort of the class's own fields,
 *     then its superclasses', each in declared order: a field shadowed in a subclass comes first),
 *     without those {@code java.lang.Object} declares (Android's {@code shadow$_klass_}); so of two
 *     equally short paths the one through the smaller field name is found;
 * <li>a class object: its static fields in declared order, not Android's {@code $staticOverhead}
 *     and {@code $classOverhead}, and none of its structural links (superclass, loader, signers,
 *     protection domain, constant pool), which Shark does not follow;
 * <li>an object array: its elements in order; a class loader: its fields as above, not the classes
 *     it defined; a thread: its fields as above, nothing else.
 * </ul>
 * As a cursor ({@link #reset}, {@link #next}) it gives the references followed in stored order,
 * each with its {@link #ordinal} in {@link HeapGraph#outRefs()}; {@link #order} sorts the few a
 * search is about to queue. An instance's references are walked on the index alone: only ordering
 * two or more of them, for a class whose reference fields are not declared in name order, reads its
 * field values from the dump, and only when some are null (the stored row skips null fields, so
 * the values tell which stored reference is which field); otherwise a permutation worked out once
 * per class does. Not thread-safe; one per thread (cheap).
 */
public final class SharkReferences implements RefCursor {
    private static final String[] SKIPPED_STATICS = {"$staticOverhead", "$classOverhead"};

    private final HeapGraph g;
    private final RefCursor stored;
    private final Layout[] layouts;
    /**
     * Objects whose stored references may include more than fields: class loaders (the classes they
     * define) and thread objects (a graph may link a thread to its frames' locals, which Shark
     * reaches from their roots, see {@link SharkRoots}).
     */
    private final long[] moreThanFields;
    private final int objectClass;
    private long[] values = new long[16];

    // The current row: the stored cursor itself, or a list of (target, ordinal, name rank).
    private int current = -1;
    private boolean direct;
    private int[] targets = new int[16];
    private long[] ordinals = new long[16];
    private String[] names = new String[16];
    private int n;
    private int at;
    private long lastOrdinal = -1;

    /**
     * How an instance's reference fields map to Shark's order: {@code slots[k]} is the field index
     * (in {@link HeapGraph#instanceFields} order) of the k-th reference field, {@code rank[k]} its
     * place in Shark's order, {@code followed[k]} whether Shark follows it; {@code unfollowed}
     * reference fields (java.lang.Object's) come last.
     */
    private record Layout(int fieldCount, int[] slots, int[] rank, boolean[] followed, int unfollowed,
            boolean sorted) {}

    public SharkReferences(HeapGraph g) {
        this.g = g;
        this.stored = g.outRefs();
        this.layouts = new Layout[g.classCount()];
        List<HeapClass> objects = g.classesNamed("java.lang.Object");
        this.objectClass = objects.size() == 1 ? objects.getFirst().index() : -1;
        this.moreThanFields = new long[(g.objectCount() + 63) >>> 6];
        for (HeapClass c : g.classes()) {
            int loader = c.loaderId() == 0 ? -1 : g.indexOf(c.loaderId());
            if (loader >= 0) {
                moreThanFields[loader >>> 6] |= 1L << loader;
            }
        }
        for (GcRoot r : g.roots()) {
            if (r.kind() == RootKind.THREAD_OBJECT && g.kind(r.object()) == ObjectKind.INSTANCE) {
                moreThanFields[r.object() >>> 6] |= 1L << r.object();
            }
        }
    }

    @Override
    public void reset(int object) {
        current = object;
        at = 0;
        n = 0;
        lastOrdinal = -1;
        direct = false;
        ObjectKind kind = g.kind(object);
        if (kind == ObjectKind.CLASS) {
            statics(object);
        } else if (kind != ObjectKind.INSTANCE) {
            direct = true;
            stored.reset(object);
        } else if (moreThanFields(object)) {
            fieldsByName(object);
        } else {
            stored.reset(object);
            Layout layout = layout(g.classOf(object));
            direct = layout.unfollowed() == 0;
            if (!direct) {
                withoutObjectFields(object, layout);
            }
        }
    }

    @Override
    public int next() {
        if (direct) {
            return stored.next();
        }
        if (at == n) {
            return -1;
        }
        lastOrdinal = ordinals[at];
        return targets[at++];
    }

    @Override
    public long count() {
        return direct ? stored.count() : n;
    }

    @Override
    public long ordinal() {
        return direct ? stored.ordinal() : lastOrdinal;
    }

    /** Whether the order of an object's references may differ from the stored one. O(1). */
    public boolean reorders(int object) {
        if (g.kind(object) != ObjectKind.INSTANCE) {
            return false; // statics and array elements go in stored order
        }
        return moreThanFields(object) || !layout(g.classOf(object)).sorted();
    }

    /**
     * Sorts the first {@code n} references of {@code from} (targets and ordinals, as this cursor gave
     * them) into Shark's order, in place. Reads the object's field values from the dump when its class
     * is not in name order already and some of its reference fields are null.
     */
    public void order(int from, int[] kids, long[] kidOrdinals, int count) {
        if (!reorders(from)) {
            return;
        }
        if (moreThanFields(from)) { // a few objects (loaders, threads): by the names of the resolved references
            if (current != from) {
                reset(from);
            }
            Integer[] idx = IntStream.range(0, count).boxed().toArray(Integer[]::new);
            Arrays.sort(idx, Comparator.comparing((Integer i) -> nameAt(kidOrdinals[i]),
                    Comparator.nullsLast(Comparator.naturalOrder())).thenComparingLong(i -> kidOrdinals[i]));
            sortKeys = grow(sortKeys, count);
            for (int i = 0; i < count; i++) {
                sortKeys[i] = idx[i];
            }
            permute(kids, kidOrdinals, count);
            return;
        }
        Layout layout = layout(g.classOf(from));
        int[] slotOf = slotsOfOrdinals(from, layout);
        sortKeys = grow(sortKeys, count);
        for (int i = 0; i < count; i++) {
            int k = kidOrdinals[i] < slotOf.length ? slotOf[(int) kidOrdinals[i]] : -1;
            long rank = k < 0 ? Integer.MAX_VALUE : layout.rank()[k]; // no field (none today): after the fields
            sortKeys[i] = rank << 32 | i; // sorted by rank, then stored order: a stable sort
        }
        Arrays.sort(sortKeys, 0, count);
        permute(kids, kidOrdinals, count);
    }

    /** Sort keys of {@link #order}: the original position of each reference in the low 32 bits. */
    private long[] sortKeys = new long[16];
    private int[] kidsCopy = new int[16];
    private long[] ordinalsCopy = new long[16];

    private static long[] grow(long[] a, int n) {
        return a.length >= n ? a : new long[Math.max(n, 2 * a.length)];
    }

    /** Puts the references in the order of {@link #sortKeys}' low halves. */
    private void permute(int[] kids, long[] kidOrdinals, int count) {
        if (kidsCopy.length < count) {
            kidsCopy = new int[Math.max(count, 2 * kidsCopy.length)];
            ordinalsCopy = new long[kidsCopy.length];
        }
        System.arraycopy(kids, 0, kidsCopy, 0, count);
        System.arraycopy(kidOrdinals, 0, ordinalsCopy, 0, count);
        for (int i = 0; i < count; i++) {
            int from = (int) sortKeys[i];
            kids[i] = kidsCopy[from];
            kidOrdinals[i] = ordinalsCopy[from];
        }
    }

    /**
     * The ordinal of the reference Shark takes from {@code from} to {@code to}: of those the filter
     * allows, the first in Shark's order; -1 if none.
     */
    public long firstAllowed(int from, int to, EdgeFilter filter) {
        reset(from);
        int[] kids = new int[4];
        long[] kidOrdinals = new long[4];
        int count = 0;
        for (int t; (t = next()) >= 0; ) {
            if (t == to && !filter.excluded(from, ordinal())) {
                if (count == kids.length) {
                    kids = Arrays.copyOf(kids, 2 * count);
                    kidOrdinals = Arrays.copyOf(kidOrdinals, 2 * count);
                }
                kids[count] = t;
                kidOrdinals[count++] = ordinal();
            }
        }
        if (count > 1) {
            order(from, kids, kidOrdinals, count);
        }
        return count == 0 ? -1 : kidOrdinals[0];
    }

    /**
     * Whether Shark follows any reference of the object. For an instance, from the index alone
     * unless its class inherits reference fields Shark does not follow (Android's).
     */
    public boolean any(int object) {
        if (g.kind(object) == ObjectKind.INSTANCE && !moreThanFields(object)) {
            stored.reset(object);
            long count = stored.count();
            if (count <= 0 || count > layout(g.classOf(object)).unfollowed()) {
                return count > 0;
            }
        }
        reset(object);
        return count() > 0;
    }

    private boolean moreThanFields(int object) {
        return (moreThanFields[object >>> 6] & (1L << object)) != 0;
    }

    private void statics(int classObject) {
        List<Reference> refs = g.references(classObject);
        for (int i = 0; i < refs.size(); i++) {
            Reference r = refs.get(i);
            if (r.kind() == Reference.Kind.STATIC_FIELD && !skippedStatic(r.name())) {
                add(r.to(), i, r.name());
            }
        }
    }

    private static boolean skippedStatic(String name) {
        for (String s : SKIPPED_STATICS) {
            if (s.equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** Through the resolved references: for the few objects whose stored row holds more than fields. */
    private void fieldsByName(int object) {
        List<Reference> refs = g.references(object);
        for (int i = 0; i < refs.size(); i++) {
            Reference r = refs.get(i);
            if (r.kind() == Reference.Kind.FIELD && !declaredByObject(r.name())) {
                add(r.to(), i, r.name());
            }
        }
    }

    /** The field name of the reference at {@code ordinal} in the current list, or null. */
    private String nameAt(long ordinal) {
        for (int i = 0; i < n; i++) {
            if (ordinals[i] == ordinal) {
                return names[i];
            }
        }
        return null;
    }

    private boolean declaredByObject(String name) {
        if (objectClass < 0) {
            return false;
        }
        for (FieldDef f : g.heapClass(objectClass).fields()) {
            if (f.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The stored references of an instance without those of java.lang.Object's fields (the last ones). */
    private void withoutObjectFields(int object, Layout layout) {
        int count = (int) stored.count();
        int[] slotOfOrdinal = slotsOfOrdinals(object, layout);
        stored.reset(object);
        for (int j = 0; j < count; j++) {
            int t = stored.next();
            int k = j < slotOfOrdinal.length ? slotOfOrdinal[j] : -1;
            if (k < 0 || layout.followed()[k]) {
                add(t, j, null);
            }
        }
    }

    /** Per stored ordinal of an instance: which reference field it is (-1: none). */
    private int[] slotOfOrdinal = new int[16];

    private int[] slotsOfOrdinals(int object, Layout layout) {
        stored.reset(object);
        int count = (int) stored.count();
        if (slotOfOrdinal.length < count) {
            slotOfOrdinal = new int[Math.max(count, 2 * slotOfOrdinal.length)];
        }
        Arrays.fill(slotOfOrdinal, 0, count, -1);
        int slots = layout.slots().length;
        if (count == slots) { // every reference field is set: the row is in field order
            for (int j = 0; j < count; j++) {
                slotOfOrdinal[j] = j;
            }
            return slotOfOrdinal;
        }
        if (values.length < layout.fieldCount()) {
            values = new long[layout.fieldCount()];
        }
        int read = g.readFieldValues(object, values);
        int j = 0;
        int next = count > 0 ? stored.next() : -1;
        for (int k = 0; k < slots && j < count; k++) {
            int slot = layout.slots()[k];
            long id = slot < read ? values[slot] : 0;
            if (id != 0 && g.id(next) == id) {
                slotOfOrdinal[j++] = k;
                next = j < count ? stored.next() : -1;
            }
        }
        return slotOfOrdinal;
    }

    private void add(int target, long ordinal, String name) {
        if (n == targets.length) {
            targets = Arrays.copyOf(targets, 2 * n);
            ordinals = Arrays.copyOf(ordinals, 2 * n);
            names = Arrays.copyOf(names, 2 * n);
        }
        targets[n] = target;
        names[n] = name;
        ordinals[n++] = ordinal;
    }

    private Layout layout(int classIndex) {
        Layout l = layouts[classIndex];
        if (l == null) {
            l = layouts[classIndex] = newLayout(classIndex);
        }
        return l;
    }

    private Layout newLayout(int classIndex) {
        List<FieldDef> fields = g.instanceFields(classIndex);
        // Shark reads the hierarchy without java.lang.Object, whose fields come last here (the class's own first).
        int followedBelow = fields.size() - (descendsFromObject(classIndex) ? g.heapClass(objectClass).fields().size() : 0);
        int[] slots = IntStream.range(0, fields.size()).filter(i -> fields.get(i).type() == FieldType.OBJECT).toArray();
        boolean[] followed = new boolean[slots.length];
        Integer[] order = new Integer[slots.length];
        int unfollowed = 0;
        for (int k = 0; k < slots.length; k++) {
            followed[k] = slots[k] < followedBelow;
            unfollowed += followed[k] ? 0 : 1;
            order[k] = k;
        }
        Arrays.sort(order, Comparator.comparing(k -> fields.get(slots[k]).name())); // stable
        int[] rank = new int[slots.length];
        boolean sorted = true;
        for (int r = 0; r < slots.length; r++) {
            rank[order[r]] = r;
            sorted &= order[r] == r;
        }
        return new Layout(fields.size(), slots, rank, followed, unfollowed, sorted);
    }

    /** Whether java.lang.Object is the class or one of its superclasses. */
    private boolean descendsFromObject(int classIndex) {
        if (objectClass < 0) {
            return false;
        }
        for (int c = classIndex, steps = 0; c >= 0 && steps < g.classCount(); c = g.heapClass(c).superIndex(), steps++) {
            if (c == objectClass) {
                return true;
            }
        }
        return false;
    }
}
