package dev.heapwise.analysis.waste.internal;

import dev.heapwise.analysis.internal.Hierarchy;
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
        return switch (base) {
            case "java.util.HashSet" -> {
                int map = h.objectField(o, "map");
                yield map < 0 ? null : inspect(map, "java.util.HashMap");
            }
            case "java.util.HashMap", "java.util.WeakHashMap" -> table(o, "table", first(o, "size"), 1);
            case "java.util.Hashtable" -> table(o, "table", first(o, "count", "size"), 1);
            case "java.util.IdentityHashMap" -> table(o, "table", first(o, "size"), 2);
            case "java.util.concurrent.ConcurrentHashMap" -> {
                Long base0 = first(o, "baseCount");
                yield base0 == null || !h.isNullField(o, "counterCells") ? null : table(o, "table", base0, 1);
            }
            case "java.util.ArrayList" -> {
                int arr = h.objectField(o, "elementData");
                if (arr < 0) {
                    arr = h.objectField(o, "array");
                }
                yield withArray(arr, first(o, "size"), 1);
            }
            case "java.util.Vector" -> withArray(h.objectField(o, "elementData"), first(o, "elementCount"), 1);
            case "java.util.PriorityQueue" -> withArray(h.objectField(o, "queue"), first(o, "size"), 1);
            case "java.util.ArrayDeque" -> {
                int arr = h.objectField(o, "elements");
                Long head = first(o, "head");
                Long tail = first(o, "tail");
                if (arr < 0 || head == null || tail == null) {
                    yield null;
                }
                long len = g.arrayLength(arr);
                long size = len == 0 ? 0 : ((tail - head) % len + len) % len;
                yield new Fill(size, len, arr);
            }
            case "android.util.ArrayMap" -> withArray(h.objectField(o, "mHashes"), first(o, "mSize"), 1);
            case "android.util.SparseArray" -> withArray(h.objectField(o, "mKeys"), first(o, "mSize"), 1);
            default -> null;
        };
    }

    private Fill table(int o, String field, Long size, int slotsPerEntry) {
        int arr = h.objectField(o, field);
        return withArray(arr, size, slotsPerEntry);
    }

    private Fill withArray(int arr, Long size, int slotsPerEntry) {
        if (size == null) {
            return null;
        }
        long capacity = arr < 0 ? 0 : g.arrayLength(arr) / slotsPerEntry;
        return new Fill(size, capacity, arr);
    }

    private Long first(int o, String... names) {
        for (String n : names) {
            Long v = h.longField(o, n);
            if (v != null) {
                return v;
            }
        }
        return null;
    }
}
