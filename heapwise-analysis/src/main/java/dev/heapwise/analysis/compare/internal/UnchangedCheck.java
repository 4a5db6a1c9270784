package dev.heapwise.analysis.compare.internal;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapGraph;
import java.util.Arrays;
import java.util.List;

/**
 * The quick answer for an object kept from one dump to the next, before its differences are
 * listed: true when the listing would find none. Instances compare field by field in position
 * (names lined up once per pair of classes), primitive arrays a chunk at a time; both into reused
 * buffers, so nothing is allocated per object. False means "look closer" (object arrays and class
 * objects always get it), never a claim of a difference. Reads both dumps. Not thread-safe.
 */
public final class UnchangedCheck {
    private static final int CHUNK = 1 << 16;

    private final HeapGraph a;
    private final HeapGraph b;
    /** By class of the first dump: the class of the second its {@link #aligned} count is for, or -1. */
    private final int[] pairedWith;
    /** By class of the first dump: how many leading fields have the same names in both classes. */
    private final int[] aligned;
    private long[] fa = new long[16];
    private long[] fb = new long[16];
    private final byte[] ba = new byte[CHUNK];
    private final byte[] bb = new byte[CHUNK];

    public UnchangedCheck(HeapGraph a, HeapGraph b) {
        this.a = a;
        this.b = b;
        this.pairedWith = new int[a.classCount()];
        Arrays.fill(pairedWith, -1);
        this.aligned = new int[a.classCount()];
    }

    /** Whether object {@code i} of the first dump and {@code j} of the second certainly have no difference. */
    public boolean unchanged(int i, int j) {
        return switch (a.kind(i)) {
            case INSTANCE -> instanceUnchanged(i, j);
            case PRIMITIVE_ARRAY -> primitiveArrayUnchanged(i, j);
            case OBJECT_ARRAY, CLASS -> false;
        };
    }

    /** As the listing compares them: the fields both have, position by position, by name and raw value. */
    private boolean instanceUnchanged(int i, int j) {
        int ca = a.classOf(i);
        int cb = b.classOf(j);
        if (pairedWith[ca] != cb) {
            aligned[ca] = namesAligned(a.fields(i), b.fields(j));
            pairedWith[ca] = cb;
            int need = Math.max(a.instanceFieldCount(ca), b.instanceFieldCount(cb));
            if (fa.length < need) {
                fa = new long[need];
                fb = new long[need];
            }
        }
        int common = Math.min(a.readFieldValues(i, fa), b.readFieldValues(j, fb));
        if (common > aligned[ca]) {
            return false; // names not known to line up that far
        }
        for (int k = 0; k < common; k++) {
            if (fa[k] != fb[k]) {
                return false;
            }
        }
        return true;
    }

    private static int namesAligned(List<FieldValue> x, List<FieldValue> y) {
        int n = Math.min(x.size(), y.size());
        for (int k = 0; k < n; k++) {
            if (!x.get(k).name().equals(y.get(k).name())) {
                return k;
            }
        }
        return n;
    }

    /** Same length, and the same bytes as far as both dumps hold them. */
    private boolean primitiveArrayUnchanged(int i, int j) {
        long n = a.arrayLength(i);
        if (n != b.arrayLength(j)) {
            return false;
        }
        FieldType t = a.heapClass(a.classOf(i)).elementType();
        if (t == null || t != b.heapClass(b.classOf(j)).elementType()) {
            return true; // the listing compares no elements then
        }
        int size = t.size(8);
        for (long from = 0; from < n; ) {
            int want = (int) Math.min(CHUNK / size, n - from) * size;
            int ka = a.readPrimitiveArray(i, from, ba);
            int kb = b.readPrimitiveArray(j, from, bb);
            if (ka < want || kb < want) {
                return true; // no data (or cut short) on a side: the listing stops there too
            }
            if (!Arrays.equals(ba, 0, want, bb, 0, want)) {
                return false;
            }
            from += want / size;
        }
        return true;
    }
}
