package dev.heapwise.timeline.internal;

import java.util.Arrays;

/**
 * A growable {@code byte[]}: appends without boxing, grows by half its size, and hands out an
 * exactly sized copy at the end. Amortised O(1) per append. Not thread-safe.
 */
public final class ByteArrayBuilder {
    /** Java arrays cannot be longer than this on common JVMs. */
    private static final int MAX_LENGTH = Integer.MAX_VALUE - 8;

    private byte[] values;
    private int size;

    public ByteArrayBuilder(int initialCapacity) {
        values = new byte[Math.max(initialCapacity, 4)];
    }

    public void add(byte value) {
        if (size == values.length) {
            grow();
        }
        values[size++] = value;
    }

    public byte get(int index) {
        return values[index];
    }

    public int size() {
        return size;
    }

    public void clear() {
        size = 0;
    }

    /** A copy holding exactly the values added; the builder can be reused or dropped. */
    public byte[] toArray() {
        return Arrays.copyOf(values, size);
    }

    private void grow() {
        if (values.length >= MAX_LENGTH) {
            throw new IllegalStateException("more than " + MAX_LENGTH + " values");
        }
        long next = Math.min(MAX_LENGTH, values.length + (values.length >> 1) + 1L);
        values = Arrays.copyOf(values, (int) next);
    }
}
