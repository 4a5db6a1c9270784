package dev.heapwise.graph.internal;

import java.util.Arrays;

/** A growable stack of ints, for iterative graph traversals. Not thread-safe. */
public final class IntStack {
    private int[] a = new int[256];
    private int size;

    public void push(int v) {
        if (size == a.length) {
            a = Arrays.copyOf(a, a.length * 2);
        }
        a[size++] = v;
    }

    public int pop() {
        return a[--size];
    }

    public int peek() {
        return a[size - 1];
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    public void clear() {
        size = 0;
    }
}
