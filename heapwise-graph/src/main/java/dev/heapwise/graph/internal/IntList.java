package dev.heapwise.graph.internal;

import java.util.Arrays;

/** A growable int array. Not thread-safe. */
public final class IntList {
    private int[] a;
    private int size;

    public IntList(int capacity) {
        a = new int[Math.max(4, capacity)];
    }

    public IntList() {
        this(16);
    }

    public void add(int v) {
        if (size == a.length) {
            a = Arrays.copyOf(a, a.length * 2);
        }
        a[size++] = v;
    }

    public int get(int i) {
        return a[i];
    }

    public void set(int i, int v) {
        a[i] = v;
    }

    public int size() {
        return size;
    }

    public int[] toArray() {
        return Arrays.copyOf(a, size);
    }
}
