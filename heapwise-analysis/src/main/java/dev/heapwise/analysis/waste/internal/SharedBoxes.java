package dev.heapwise.analysis.waste.internal;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.StaticField;
import java.util.Arrays;
import java.util.Map;

/**
 * The boxes the JDK makes once and shares: {@code Integer.valueOf(5)} returns a box of
 * {@code Integer$IntegerCache}, which costs nothing beyond the cache the JDK made anyway. Found two
 * ways. The box classes and their nested classes hold them in static fields, directly
 * ({@code Boolean.TRUE}) or in an array ({@code Integer$IntegerCache.cache} and the
 * {@code Long}, {@code Short}, {@code Byte}, {@code Character} caches; Android's
 * {@code Integer.SMALL_VALUES}). And a JDK with an archived heap (CDS, JDK 12 and later) keeps the
 * caches there even when the class that would hold one was never loaded: an array of a box class
 * held by the archive's roots. Such an array is recognised by its contents: boxes of consecutive
 * values from -128 (from 0 for {@code Character}), at least 128 of them.
 *
 * <p>Cost: the box classes' static fields, one read per array they hold; the first element of each
 * reachable array of a box class with at least 128 elements, and all of them for the few that start
 * as a cache does. Not thread-safe.
 */
public final class SharedBoxes {
    /** The box classes and the size of the primitive each holds. */
    public static final Map<String, Integer> PRIMITIVE_BYTES = Map.of("java.lang.Boolean", 1, "java.lang.Byte", 1,
            "java.lang.Character", 2, "java.lang.Short", 2, "java.lang.Integer", 4, "java.lang.Float", 4,
            "java.lang.Long", 8, "java.lang.Double", 8);
    /** The smallest cache the JDK makes: -128..127 (Character: 0..127). */
    private static final int SMALLEST_CACHE = 128;

    private final HeapGraph g;
    /** Per class: a box class. */
    private final boolean[] box;
    /** Per class: an array of one of the cached box classes. */
    private final boolean[] cacheArray;
    private int[] found = new int[256];
    private int count;

    public SharedBoxes(HeapGraph g) {
        this.g = g;
        this.box = new boolean[g.classCount()];
        this.cacheArray = new boolean[g.classCount()];
        for (HeapClass c : g.classes()) {
            String name = c.name();
            box[c.index()] = c.shape() == HeapClass.Shape.INSTANCE && PRIMITIVE_BYTES.containsKey(name);
            cacheArray[c.index()] = c.shape() == HeapClass.Shape.OBJECT_ARRAY && name.endsWith("[]")
                    && PRIMITIVE_BYTES.containsKey(name.substring(0, name.length() - 2))
                    && !name.equals("java.lang.Float[]") && !name.equals("java.lang.Double[]")
                    && !name.equals("java.lang.Boolean[]");
        }
        for (HeapClass c : g.classes()) {
            int dollar = c.name().indexOf('$');
            if (PRIMITIVE_BYTES.containsKey(dollar < 0 ? c.name() : c.name().substring(0, dollar))) {
                staticsOf(c);
            }
        }
    }

    /** Whether the class is a box class. */
    public boolean isBox(int classIndex) {
        return box[classIndex];
    }

    /** Whether an array is worth {@link #offerArray}: of a box class the JDK caches. */
    public boolean mayBeCache(int classIndex) {
        return cacheArray[classIndex];
    }

    /** Adds the elements of an array of a box class if it holds what a JDK cache holds. */
    public void offerArray(int array) {
        long length = g.arrayLength(array);
        if (length < SMALLEST_CACHE || length > Integer.MAX_VALUE) {
            return;
        }
        long[] first = g.readObjectArray(array, 0, 1);
        long start = g.heapClass(g.classOf(array)).name().equals("java.lang.Character[]") ? 0 : -128;
        if (first.length == 0 || value(first[0]) != start) {
            return;
        }
        long[] ids = g.readObjectArray(array, 0, (int) length);
        for (int i = 0; i < ids.length; i++) {
            if (value(ids[i]) != start + i) {
                return;
            }
        }
        for (long id : ids) {
            add(g.indexOf(id));
        }
    }

    /** The shared boxes found, each once, in object order. */
    public int[] members() {
        return Arrays.stream(found, 0, count).sorted().distinct().toArray();
    }

    private void staticsOf(HeapClass c) {
        RefCursor elements = g.outRefs();
        for (StaticField s : c.statics()) {
            int t = s.type() == FieldType.OBJECT && s.raw() != 0 ? g.indexOf(s.raw()) : -1;
            if (t < 0) {
                continue;
            }
            if (g.kind(t) == ObjectKind.INSTANCE && box[g.classOf(t)]) {
                add(t);
            } else if (g.kind(t) == ObjectKind.OBJECT_ARRAY) {
                elements.reset(t);
                for (int e; (e = elements.next()) >= 0; ) {
                    if (g.kind(e) == ObjectKind.INSTANCE && box[g.classOf(e)]) {
                        add(e);
                    }
                }
            }
        }
    }

    /** A box's value, or {@link Long#MIN_VALUE} when the id is no box (null, missing, another class). */
    private long value(long id) {
        int o = id == 0 ? -1 : g.indexOf(id);
        if (o < 0 || g.kind(o) != ObjectKind.INSTANCE || !box[g.classOf(o)]) {
            return Long.MIN_VALUE;
        }
        FieldValue v = g.field(o, "value");
        return v == null || v.isReference() ? Long.MIN_VALUE : v.raw();
    }

    private void add(int o) {
        if (o < 0) {
            return;
        }
        if (count == found.length) {
            found = Arrays.copyOf(found, 2 * count);
        }
        found[count++] = o;
    }
}
