package dev.heapwise.walker.internal;

import java.util.Arrays;

/** A growable stack of ints with in-place segment reversal. Not thread-safe. */
final class IntStack {
    private int[] a;
    private int size;

    IntStack(int capacity) {
        a = new int[Math.max(16, capacity)];
    }

    void push(int v) {
        if (size == a.length) {
            // Grow by half: this stack can approach the object count on long chains.
            a = Arrays.copyOf(a, (int) Math.min(Integer.MAX_VALUE - 8, a.length + (long) (a.length >> 1) + 16));
        }
        a[size++] = v;
    }

    int pop() {
        return a[--size];
    }

    int get(int i) {
        return a[i];
    }

    int size() {
        return size;
    }

    void truncate(int newSize) {
        size = newSize;
    }

    /** Reverses entries {@code from .. size-1}, so the first pushed of them pops first. */
    void reverseFrom(int from) {
        for (int i = from, j = size - 1; i < j; i++, j--) {
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
