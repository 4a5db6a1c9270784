package dev.heapwise.graph.internal;

import java.util.Arrays;

/**
 * An open-addressing map from long keys to int values, with no boxing. Used for per-class and
 * per-string lookups (hundreds of thousands of entries), never per object. Not thread-safe.
 */
public final class LongIntMap {
    private static final long EMPTY = 0x8000_0000_0000_0000L;

    private long[] keys;
    private int[] values;
    private int size;
    private int mask;

    public LongIntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
        keys = new long[cap];
        values = new int[cap];
        Arrays.fill(keys, EMPTY);
        mask = cap - 1;
    }

    private static int hash(long k) {
        long h = k * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    /** The value for {@code key}, or {@code missing}. */
    public int get(long key, int missing) {
        if (key == EMPTY) {
            throw new IllegalArgumentException("reserved key");
        }
        int i = hash(key) & mask;
        while (true) {
            long k = keys[i];
            if (k == key) {
                return values[i];
            }
            if (k == EMPTY) {
                return missing;
            }
            i = (i + 1) & mask;
        }
    }

    public boolean containsKey(long key) {
        int i = hash(key) & mask;
        while (true) {
            long k = keys[i];
            if (k == key) {
                return true;
            }
            if (k == EMPTY) {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /** Sets {@code key} to {@code value}, returning the previous value or {@code missing}. */
    public int put(long key, int value, int missing) {
        if (key == EMPTY) {
            throw new IllegalArgumentException("reserved key");
        }
        if ((size + 1) * 2 > keys.length) {
            grow();
        }
        int i = hash(key) & mask;
        while (true) {
            long k = keys[i];
            if (k == key) {
                int old = values[i];
                values[i] = value;
                return old;
            }
            if (k == EMPTY) {
                keys[i] = key;
                values[i] = value;
                size++;
                return missing;
            }
            i = (i + 1) & mask;
        }
    }

    public int size() {
        return size;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        mask = keys.length - 1;
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                put(oldKeys[i], oldValues[i], 0);
            }
        }
    }
}
