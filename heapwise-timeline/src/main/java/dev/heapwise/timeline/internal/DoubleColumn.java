package dev.heapwise.timeline.internal;

import java.util.Arrays;

/**
 * An append-only column of doubles stored in fixed chunks of {@value #CHUNK} values. Unlike a
 * growable array it never copies what it holds and never needs one huge contiguous block, so
 * 10 million samples take 80 MB plus at most one partly used chunk, at every moment of the
 * parse. Not thread-safe while appending; safe to read from many threads once complete.
 */
public final class DoubleColumn implements DoubleSeries {
    private static final int SHIFT = 14;
    static final int CHUNK = 1 << SHIFT;
    private static final int MASK = CHUNK - 1;

    private double[][] chunks = new double[8][];
    private int size;

    public void add(double value) {
        int chunk = size >>> SHIFT;
        if (chunk == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunks.length * 2);
        }
        double[] values = chunks[chunk];
        if (values == null) {
            values = new double[CHUNK];
            chunks[chunk] = values;
        }
        values[size & MASK] = value;
        size++;
    }

    @Override
    public double get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException(index);
        }
        return chunks[index >>> SHIFT][index & MASK];
    }

    @Override
    public int size() {
        return size;
    }
}
