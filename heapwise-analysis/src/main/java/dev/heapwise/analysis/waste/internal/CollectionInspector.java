package dev.heapwise.analysis.waste.internal;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import java.util.Arrays;
import java.util.List;

/**
 * Size and capacity of the common collections, judged where their elements live.
 *
 * <p>A collection's own storage is read from its fields (JDK 6 to 25 and Android names): HashMap
 * and its subclasses, Hashtable, WeakHashMap, IdentityHashMap, ConcurrentHashMap, ArrayList,
 * Vector, ArrayDeque, PriorityQueue, Android's ArrayMap and SparseArray; HashSet has none. When its
 * own storage holds nothing, its elements live in the collections its fields refer to, if any:
 * {@code HashSet.map}, {@code Properties.map} (a ConcurrentHashMap since JDK 9, the Hashtable it
 * extends left empty), a {@code Provider}'s service maps. It then holds what those hold, and is
 * empty only when they all are. Those it owns (is the immediate dominator of) are part of it: their
 * slots count as its slots, and the caller counts them in its row instead of their own (see
 * {@link #ownedDelegate}). Reads the collection's fields and its backing array's length from the
 * dump, and the same of each collection it delegates to.
 */
public final class CollectionInspector {
    /** Base classes, most specific first (HashSet before the maps it wraps). */
    public static final List<String> BASES = List.of("java.util.HashSet", "java.util.HashMap", "java.util.Hashtable",
            "java.util.WeakHashMap", "java.util.IdentityHashMap", "java.util.concurrent.ConcurrentHashMap",
            "java.util.ArrayList", "java.util.Vector", "java.util.ArrayDeque", "java.util.PriorityQueue",
            "android.util.ArrayMap", "android.util.SparseArray");
    /** How deep delegation is followed (a collection in a collection in a collection...), levels. */
    private static final int DEPTH = 4;

    /** Sparse below this fill ratio: hash tables are meant to stay under 0.75 full, lists near full. */
    public static double sparseBelow(String base) {
        return switch (base) {
            case "java.util.ArrayList", "java.util.Vector", "java.util.ArrayDeque", "java.util.PriorityQueue",
                    "android.util.ArrayMap", "android.util.SparseArray" -> 0.5;
            default -> 0.25;
        };
    }

    private final HeapGraph g;
    private final String[] baseOf;
    private final DominatorTree tree;
    /** Per class, its instance fields in {@link HeapGraph#readFieldValues} order; made when first needed. */
    private final Layout[] layouts;
    /** The values of the instance being read (reused: a delegate is read after its holder is done with). */
    private long[] values = new long[16];
    private Layout layout;
    private int read;
    /** Per depth, the collections the one being inspected at that depth refers to. */
    private final int[][] delegates = new int[DEPTH][8];
    /** Per depth, the fill found there: elements, slots, unused slots' bytes. */
    private final long[] size = new long[DEPTH];
    private final long[] capacity = new long[DEPTH];
    private final long[] unused = new long[DEPTH];
    private int[] owned = new int[8];
    private int ownedCount;

    /** A class's instance fields, flattened: the class's own first, then its superclasses'. */
    private record Layout(String[] names, boolean[] reference) {}

    /** @param baseOf per class, its base among {@link #BASES}, or null for other classes */
    public CollectionInspector(HeapGraph g, String[] baseOf, DominatorTree tree) {
        this.g = g;
        this.baseOf = baseOf;
        this.tree = tree;
        this.layouts = new Layout[g.classCount()];
    }

    /**
     * Reads the fill of a collection (an instance of a class with a base): false when its fields, or
     * those of a collection it delegates to, are unknown; else {@link #size}, {@link #capacity},
     * {@link #unusedBytes} and {@link #ownedDelegates} tell it until the next call. Allocates
     * nothing per object, since a waste pass inspects millions of them. Not thread-safe.
     */
    public boolean inspect(int o) {
        ownedCount = 0;
        boolean known = fill(o, 0, true);
        if (!known) {
            ownedCount = 0;
        }
        return known;
    }

    /** Elements held, in the collection's own storage or where it delegates. */
    public long size() {
        return size[0];
    }

    /** Slots of its own backing array and of those of the collections it owns (0: none allocated). */
    public long capacity() {
        return capacity[0];
    }

    /** The unused slots' share of those arrays' bytes. */
    public long unusedBytes() {
        return unused[0];
    }

    /**
     * How many collections the collection owns and delegates to, directly or through one it owns:
     * those whose slots are in its fill.
     */
    public int ownedDelegates() {
        return ownedCount;
    }

    /** The i-th of them. */
    public int ownedDelegate(int i) {
        return owned[i];
    }

    /** The fill of {@code o} into {@code size[depth]} etc.; {@code chain}: owned by the inspected collection. */
    private boolean fill(int o, int depth, boolean chain) {
        load(o);
        int arr = -1;
        long n;
        long slots;
        switch (baseOf[g.classOf(o)]) {
            case "java.util.HashSet" -> { // no storage of its own: all in its map
                n = 0;
                slots = 0;
            }
            case "java.util.HashMap", "java.util.WeakHashMap" -> {
                arr = objectField("table");
                n = number("size");
                slots = capacity(arr, 1);
            }
            case "java.util.Hashtable" -> {
                arr = objectField("table");
                int count = numberSlot("count");
                n = count >= 0 ? values[count] : number("size");
                slots = capacity(arr, 1);
            }
            case "java.util.IdentityHashMap" -> {
                arr = objectField("table");
                n = number("size");
                slots = capacity(arr, 2);
            }
            case "java.util.concurrent.ConcurrentHashMap" -> {
                arr = objectField("table");
                n = isNullField("counterCells") ? number("baseCount") : -1;
                slots = capacity(arr, 1);
            }
            case "java.util.ArrayList" -> {
                arr = objectField("elementData");
                if (arr < 0) {
                    arr = objectField("array");
                }
                n = number("size");
                slots = capacity(arr, 1);
            }
            case "java.util.Vector" -> {
                arr = objectField("elementData");
                n = number("elementCount");
                slots = capacity(arr, 1);
            }
            case "java.util.PriorityQueue" -> {
                arr = objectField("queue");
                n = number("size");
                slots = capacity(arr, 1);
            }
            case "java.util.ArrayDeque" -> {
                arr = objectField("elements");
                int head = numberSlot("head");
                int tail = numberSlot("tail");
                if (arr < 0 || head < 0 || tail < 0) {
                    return false;
                }
                slots = g.arrayLength(arr);
                n = slots == 0 ? 0 : ((values[tail] - values[head]) % slots + slots) % slots;
            }
            case "android.util.ArrayMap" -> {
                arr = objectField("mHashes");
                n = number("mSize");
                slots = capacity(arr, 1);
            }
            case "android.util.SparseArray" -> {
                arr = objectField("mKeys");
                n = number("mSize");
                slots = capacity(arr, 1);
            }
            default -> {
                return false;
            }
        }
        if (n < 0) {
            return false;
        }
        size[depth] = n;
        capacity[depth] = slots;
        unused[depth] = arr >= 0 && slots > n ? g.shallowSize(arr) * (slots - n) / slots : 0;
        if (n > 0 || depth == DEPTH - 1) {
            return true;
        }
        // Nothing in its own storage: its elements live in the collections it refers to, if any.
        int found = findDelegates(o, depth);
        for (int i = 0; i < found; i++) {
            int d = delegates[depth][i];
            boolean mine = tree.immediateDominator(d) == o;
            if (!fill(d, depth + 1, chain && mine)) {
                return false;
            }
            size[depth] += size[depth + 1];
            if (mine) {
                capacity[depth] += capacity[depth + 1];
                unused[depth] += unused[depth + 1];
                if (chain) {
                    if (ownedCount == owned.length) {
                        owned = Arrays.copyOf(owned, 2 * ownedCount);
                    }
                    owned[ownedCount++] = d;
                }
            }
        }
        return true;
    }

    /** The collections {@code o}'s fields refer to (read last, by {@link #load}), into {@code delegates[depth]}. */
    private int findDelegates(int o, int depth) {
        boolean[] reference = layout.reference();
        int n = 0;
        for (int i = 0, end = Math.min(read, reference.length); i < end; i++) {
            if (!reference[i] || values[i] == 0) {
                continue;
            }
            int t = g.indexOf(values[i]);
            if (t >= 0 && t != o && g.kind(t) == ObjectKind.INSTANCE && baseOf[g.classOf(t)] != null) {
                if (n == delegates[depth].length) {
                    delegates[depth] = Arrays.copyOf(delegates[depth], 2 * n);
                }
                delegates[depth][n++] = t;
            }
        }
        return n;
    }

    private void load(int o) {
        int c = g.classOf(o);
        Layout l = layouts[c];
        if (l == null) {
            layouts[c] = l = layout(c);
        }
        if (values.length < l.names().length) {
            values = new long[l.names().length];
        }
        layout = l;
        read = g.readFieldValues(o, values);
    }

    private Layout layout(int classIndex) {
        List<FieldDef> fields = g.instanceFields(classIndex);
        String[] names = new String[fields.size()];
        boolean[] reference = new boolean[names.length];
        for (int i = 0; i < names.length; i++) {
            names[i] = fields.get(i).name();
            reference[i] = fields.get(i).type() == FieldType.OBJECT;
        }
        return new Layout(names, reference);
    }

    /** Slots of a backing array ({@code slotsPerEntry} array elements each), 0 when there is none. */
    private long capacity(int arr, int slotsPerEntry) {
        return arr < 0 ? 0 : g.arrayLength(arr) / slotsPerEntry;
    }

    /** Where the first field of that name (subclass first) sits among the values read, or -1. */
    private int slot(String name) {
        String[] names = layout.names();
        for (int i = 0, end = Math.min(read, names.length); i < end; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** The slot of the first field of that name when it holds a number (not a reference), else -1. */
    private int numberSlot(String name) {
        int i = slot(name);
        return i >= 0 && !layout.reference()[i] ? i : -1;
    }

    /** The value of the first number field of that name, or -1 when there is none. */
    private long number(String name) {
        int i = numberSlot(name);
        return i < 0 ? -1 : values[i];
    }

    /** The object the first field of that name refers to, or -1 (not a reference, null, or not in the dump). */
    private int objectField(String name) {
        int i = slot(name);
        if (i < 0 || !layout.reference()[i] || values[i] == 0) {
            return -1;
        }
        return g.indexOf(values[i]);
    }

    private boolean isNullField(String name) {
        int i = slot(name);
        return i >= 0 && layout.reference()[i] && values[i] == 0;
    }
}
