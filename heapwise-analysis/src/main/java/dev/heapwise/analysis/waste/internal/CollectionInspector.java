package dev.heapwise.analysis.waste.internal;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * Size and capacity of the common collections, from their fields (JDK 6 to 25 and Android names):
 * HashMap and its subclasses, Hashtable, WeakHashMap, IdentityHashMap, ConcurrentHashMap, HashSet
 * (through its map), ArrayList, Vector, ArrayDeque, PriorityQueue, Android's ArrayMap and
 * SparseArray. Reads the collection's fields and its backing array's length from the dump.
 */
public final class CollectionInspector {
    /** Base classes, most specific first (HashSet before the maps it wraps). */
    public static final List<String> BASES = List.of("java.util.HashSet", "java.util.HashMap", "java.util.Hashtable",
            "java.util.WeakHashMap", "java.util.IdentityHashMap", "java.util.concurrent.ConcurrentHashMap",
            "java.util.ArrayList", "java.util.Vector", "java.util.ArrayDeque", "java.util.PriorityQueue",
            "android.util.ArrayMap", "android.util.SparseArray");

    /** Sparse below this fill ratio: hash tables are meant to stay under 0.75 full, lists near full. */
    public static double sparseBelow(String base) {
        return switch (base) {
            case "java.util.ArrayList", "java.util.Vector", "java.util.ArrayDeque", "java.util.PriorityQueue",
                    "android.util.ArrayMap", "android.util.SparseArray" -> 0.5;
            default -> 0.25;
        };
    }

    /**
     * @param size     elements held
     * @param capacity slots in the backing array (0 when it is not allocated)
     * @param array    the backing array, or -1
     */
    public record Fill(long size, long capacity, int array) {}

    private final HeapGraph g;
    /** Per class, its instance fields in {@link HeapGraph#readFieldValues} order; made when first needed. */
    private final Layout[] layouts;
    /** The values of the instance being inspected (a HashSet's map reuses them: its set is done with). */
    private long[] values = new long[16];
    private Layout layout;
    private int read;

    /** A class's instance fields, flattened: the class's own first, then its superclasses'. */
    private record Layout(String[] names, boolean[] reference) {}

    public CollectionInspector(HeapGraph g) {
        this.g = g;
        this.layouts = new Layout[g.classCount()];
    }

    /**
     * The fill of a collection of the given base class, or null when its fields are unknown. Reads
     * the instance's record (and its backing array's length) from the dump; allocates nothing per
     * object, since a waste pass inspects millions of them. Not thread-safe.
     */
    public Fill inspect(int o, String base) {
        load(o);
        return switch (base) {
            case "java.util.HashSet" -> {
                int map = objectField("map");
                yield map < 0 ? null : inspect(map, "java.util.HashMap");
            }
            case "java.util.HashMap", "java.util.WeakHashMap" -> withArray(objectField("table"), numberSlot("size"), 1);
            case "java.util.Hashtable" -> {
                int count = numberSlot("count");
                yield withArray(objectField("table"), count >= 0 ? count : numberSlot("size"), 1);
            }
            case "java.util.IdentityHashMap" -> withArray(objectField("table"), numberSlot("size"), 2);
            case "java.util.concurrent.ConcurrentHashMap" -> {
                int count = numberSlot("baseCount");
                yield count < 0 || !isNullField("counterCells") ? null : withArray(objectField("table"), count, 1);
            }
            case "java.util.ArrayList" -> {
                int arr = objectField("elementData");
                if (arr < 0) {
                    arr = objectField("array");
                }
                yield withArray(arr, numberSlot("size"), 1);
            }
            case "java.util.Vector" -> withArray(objectField("elementData"), numberSlot("elementCount"), 1);
            case "java.util.PriorityQueue" -> withArray(objectField("queue"), numberSlot("size"), 1);
            case "java.util.ArrayDeque" -> {
                int arr = objectField("elements");
                int head = numberSlot("head");
                int tail = numberSlot("tail");
                if (arr < 0 || head < 0 || tail < 0) {
                    yield null;
                }
                long len = g.arrayLength(arr);
                long size = len == 0 ? 0 : ((values[tail] - values[head]) % len + len) % len;
                yield new Fill(size, len, arr);
            }
            case "android.util.ArrayMap" -> withArray(objectField("mHashes"), numberSlot("mSize"), 1);
            case "android.util.SparseArray" -> withArray(objectField("mKeys"), numberSlot("mSize"), 1);
            default -> null;
        };
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

    /** The fill, its size in value slot {@code sizeSlot}; null when there is no such slot. */
    private Fill withArray(int arr, int sizeSlot, int slotsPerEntry) {
        if (sizeSlot < 0) {
            return null;
        }
        long capacity = arr < 0 ? 0 : g.arrayLength(arr) / slotsPerEntry;
        return new Fill(values[sizeSlot], capacity, arr);
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
