package dev.heapwise.graph.internal;

import java.util.Arrays;

/** A growable long array. Not thread-safe. */
public final class LongList {
    private long[] a;
    private int size;

    public LongList(int capacity) {
        a = new long[Math.max(4, capacity)];
    }

    public LongList() {
        this(16);
    }

    public void add(long v) {
        if (size == a.length) {
            a = Arrays.copyOf(a, a.length * 2);
        }
        a[size++] = v;
    }

    public long get(int i) {
        return a[i];
    }

    public int size() {
        return size;
    }

    public long[] toArray() {
        return Arrays.copyOf(a, size);
    }
}
