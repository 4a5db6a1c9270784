package dev.heapwise.analysis.internal;

import java.util.Arrays;

/**
 * A stack (or FIFO queue, see {@link #get}) of ints in chunks of 1M, so growth never copies and
 * never needs one huge contiguous block: a depth-first search of 10^8 objects may stack hundreds
 * of millions of entries. Chunks stay allocated once used. Not thread-safe.
 */
public final class IntStack {
    private static final int SHIFT = 20;
    private static final int CHUNK = 1 << SHIFT;
    private static final int MASK = CHUNK - 1;

    private int[][] chunks = new int[4][];
    private long size;
    private int[] top;
    private int topChunk = -1;

    public void push(int v) {
        int off = (int) (size & MASK);
        if (off == 0) {
            int c = (int) (size >>> SHIFT);
            if (c == chunks.length) {
                chunks = Arrays.copyOf(chunks, c * 2);
            }
            if (chunks[c] == null) {
                chunks[c] = new int[c == 0 ? 1024 : CHUNK];
            }
            top = chunks[c];
            topChunk = c;
        } else if (off == top.length) {
            top = chunks[topChunk] = Arrays.copyOf(top, CHUNK);
        }
        top[off] = v;
        size++;
    }

    public int pop() {
        long s = --size;
        int c = (int) (s >>> SHIFT);
        if (c != topChunk) {
            topChunk = c;
            top = chunks[c];
        }
        return top[(int) (s & MASK)];
    }

    public int peek() {
        long s = size - 1;
        return chunks[(int) (s >>> SHIFT)][(int) (s & MASK)];
    }

    /** The element at position {@code i} from the bottom (for queue-style reading). */
    public int get(long i) {
        return chunks[(int) (i >>> SHIFT)][(int) (i & MASK)];
    }

    public void set(long i, int v) {
        chunks[(int) (i >>> SHIFT)][(int) (i & MASK)] = v;
    }

    public long size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** Drops the elements from position {@code newSize} up. */
    public void truncate(long newSize) {
        size = newSize;
        int c = newSize == 0 ? -1 : (int) ((newSize - 1) >>> SHIFT);
        topChunk = c;
        top = c < 0 ? null : chunks[c];
    }

    public void clear() {
        size = 0;
        topChunk = -1;
    }
}
