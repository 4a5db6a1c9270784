package dev.heapwise.analysis.waste.internal;

import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapGraph;
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

    private final Hierarchy h;
    private final HeapGraph g;

    public CollectionInspector(Hierarchy h) {
        this.h = h;
        this.g = h.graph();
    }

    /** The fill of a collection of the given base class, or null when its fields are unknown. */
    public Fill inspect(int o, String base) {
        // The fields are read once (one record read from the dump) and looked up by name here.
        List<FieldValue> f = g.fields(o);
        return switch (base) {
            case "java.util.HashSet" -> {
                int map = objectField(f, "map");
                yield map < 0 ? null : inspect(map, "java.util.HashMap");
            }
            case "java.util.HashMap", "java.util.WeakHashMap" -> table(f, "table", first(f, "size"), 1);
            case "java.util.Hashtable" -> table(f, "table", first(f, "count", "size"), 1);
            case "java.util.IdentityHashMap" -> table(f, "table", first(f, "size"), 2);
            case "java.util.concurrent.ConcurrentHashMap" -> {
                Long base0 = first(f, "baseCount");
                yield base0 == null || !isNullField(f, "counterCells") ? null : table(f, "table", base0, 1);
            }
            case "java.util.ArrayList" -> {
                int arr = objectField(f, "elementData");
                if (arr < 0) {
                    arr = objectField(f, "array");
                }
                yield withArray(arr, first(f, "size"), 1);
            }
            case "java.util.Vector" -> withArray(objectField(f, "elementData"), first(f, "elementCount"), 1);
            case "java.util.PriorityQueue" -> withArray(objectField(f, "queue"), first(f, "size"), 1);
            case "java.util.ArrayDeque" -> {
                int arr = objectField(f, "elements");
                Long head = first(f, "head");
                Long tail = first(f, "tail");
                if (arr < 0 || head == null || tail == null) {
                    yield null;
                }
                long len = g.arrayLength(arr);
                long size = len == 0 ? 0 : ((tail - head) % len + len) % len;
                yield new Fill(size, len, arr);
            }
            case "android.util.ArrayMap" -> withArray(objectField(f, "mHashes"), first(f, "mSize"), 1);
            case "android.util.SparseArray" -> withArray(objectField(f, "mKeys"), first(f, "mSize"), 1);
            default -> null;
        };
    }

    private Fill table(List<FieldValue> f, String field, Long size, int slotsPerEntry) {
        return withArray(objectField(f, field), size, slotsPerEntry);
    }

    private Fill withArray(int arr, Long size, int slotsPerEntry) {
        if (size == null) {
            return null;
        }
        long capacity = arr < 0 ? 0 : g.arrayLength(arr) / slotsPerEntry;
        return new Fill(size, capacity, arr);
    }

    private Long first(List<FieldValue> f, String... names) {
        for (String n : names) {
            FieldValue v = field(f, n);
            if (v != null && !v.isReference()) {
                return v.asLong();
            }
        }
        return null;
    }

    /** As {@link HeapGraph#field}: the first field of that name, or null. */
    private static FieldValue field(List<FieldValue> f, String name) {
        for (FieldValue v : f) {
            if (v.name().equals(name)) {
                return v;
            }
        }
        return null;
    }

    /** As {@link Hierarchy#objectField}, on fields already read. */
    private int objectField(List<FieldValue> f, String name) {
        FieldValue v = field(f, name);
        if (v == null || !v.isReference() || v.isNull()) {
            return -1;
        }
        return g.indexOf(v.objectId());
    }

    /** As {@link Hierarchy#isNullField}, on fields already read. */
    private static boolean isNullField(List<FieldValue> f, String name) {
        FieldValue v = field(f, name);
        return v != null && v.isNull();
    }
}
