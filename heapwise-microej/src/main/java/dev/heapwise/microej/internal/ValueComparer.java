package dev.heapwise.microej.internal;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapGraph;
import java.util.Arrays;
import java.util.List;

/**
 * Whether an object present in two dumps (same id, same type) has other values in the second:
 * a field (statics for a class object), an array element or an array length. Fields are matched by
 * name and type, since two dumps may list a class's fields in different orders.
 *
 * <p>For a pass over every persistent object of two large dumps: the field match is worked out once
 * per pair of classes, and values are read into reused buffers, so nothing is allocated per
 * instance or primitive array (a list of field values per instance made the comparison of a
 * 38 M-object dump with itself take 13.6–18.2 s). Reads both dumps. Not thread-safe.
 */
public final class ValueComparer {
    private static final int CHUNK = 1 << 16;

    private final HeapGraph a;
    private final HeapGraph b;
    /** By class of the first dump: the class of the second its {@link #match} is for, or -1. */
    private final int[] pairedWith;
    /** By class of the first dump: where each of its fields is in the second class's, or null to compare lists. */
    private final int[][] match;
    private long[] fa = new long[16];
    private long[] fb = new long[16];
    private final byte[] ba = new byte[CHUNK];
    private final byte[] bb = new byte[CHUNK];

    public ValueComparer(HeapGraph a, HeapGraph b) {
        this.a = a;
        this.b = b;
        this.pairedWith = new int[a.classCount()];
        Arrays.fill(pairedWith, -1);
        this.match = new int[a.classCount()][];
    }

    /** Whether object {@code o} of the first dump and {@code p} of the second differ in value. */
    public boolean differs(int o, int p) {
        return switch (a.kind(o)) {
            case CLASS -> !same(a.staticFields(a.classIndexOfClassObject(o)), b.staticFields(b.classIndexOfClassObject(p)));
            case INSTANCE -> instanceDiffers(o, p);
            case OBJECT_ARRAY -> {
                long n = a.arrayLength(o);
                yield n != b.arrayLength(p) || !Arrays.equals(a.readObjectArray(o, 0, (int) n),
                        b.readObjectArray(p, 0, (int) n));
            }
            case PRIMITIVE_ARRAY -> primitiveArrayDiffers(o, p);
        };
    }

    private boolean instanceDiffers(int o, int p) {
        int ca = a.classOf(o);
        int cb = b.classOf(p);
        if (pairedWith[ca] != cb) {
            match[ca] = fieldMatch(a.fields(o), b.fields(p));
            pairedWith[ca] = cb;
            int need = Math.max(a.instanceFieldCount(ca), b.instanceFieldCount(cb));
            if (fa.length < need) {
                fa = new long[need];
                fb = new long[need];
            }
        }
        int[] m = match[ca];
        if (m != null) {
            int na = a.readFieldValues(o, fa);
            int nb = b.readFieldValues(p, fb);
            if (na == m.length && nb == m.length) {
                for (int k = 0; k < na; k++) {
                    if (fa[k] != fb[m[k]]) {
                        return true;
                    }
                }
                return false;
            }
        }
        // Layouts that do not pair up, or a record cut short: the values as lists.
        return !same(a.fields(o), b.fields(p));
    }

    /**
     * Where each field of {@code x} is in {@code y} (the first unused one of the same name and type,
     * preferably at the same place), or null when the two do not pair up one to one.
     */
    private static int[] fieldMatch(List<FieldValue> x, List<FieldValue> y) {
        if (x.size() != y.size()) {
            return null;
        }
        int[] m = new int[x.size()];
        boolean[] used = new boolean[y.size()];
        for (int i = 0; i < x.size(); i++) {
            int k = find(x.get(i), y, used, i);
            if (k < 0) {
                return null;
            }
            used[k] = true;
            m[i] = k;
        }
        return m;
    }

    /** The field of {@code y} matching {@code v}: at {@code preferred} if it does, else the first unused one; -1 if none. */
    private static int find(FieldValue v, List<FieldValue> y, boolean[] used, int preferred) {
        if (preferred < y.size() && !used[preferred] && sameField(v, y.get(preferred))) {
            return preferred;
        }
        for (int k = 0; k < y.size(); k++) {
            if (!used[k] && sameField(v, y.get(k))) {
                return k;
            }
        }
        return -1;
    }

    private static boolean sameField(FieldValue v, FieldValue w) {
        return w.name().equals(v.name()) && w.type() == v.type();
    }

    /** Value equality of field lists: the same fields (name and type) with the same raw values, matched by name. */
    public static boolean same(List<FieldValue> x, List<FieldValue> y) {
        if (x.size() != y.size()) {
            return false;
        }
        boolean[] used = new boolean[y.size()];
        for (int i = 0; i < x.size(); i++) {
            int k = find(x.get(i), y, used, i);
            if (k < 0 || y.get(k).raw() != x.get(i).raw()) {
                return false;
            }
            used[k] = true;
        }
        return true;
    }

    /** Lengths, then the elements a chunk at a time; arrays the dump holds no data for compare equal. */
    private boolean primitiveArrayDiffers(int o, int p) {
        long n = a.arrayLength(o);
        if (n != b.arrayLength(p)) {
            return true;
        }
        FieldType t = a.heapClass(a.classOf(o)).elementType();
        int size = t == null ? 1 : t.size(a.info().idSize());
        for (long from = 0; from < n; ) {
            int ka = a.readPrimitiveArray(o, from, ba);
            int kb = b.readPrimitiveArray(p, from, bb);
            if (ka < 0 || kb < 0) {
                return ka != kb; // no data on one side only
            }
            if (ka != kb || !Arrays.equals(ba, 0, ka, bb, 0, kb)) {
                return true;
            }
            if (ka < size) {
                return false; // the dump ends inside the array, on both sides alike
            }
            from += ka / size;
        }
        return false;
    }
}
