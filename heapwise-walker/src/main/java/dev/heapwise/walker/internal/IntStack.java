package dev.heapwise.walker.internal;

import java.util.Arrays;

/**
 * A stack of ints kept in blocks of 64 Ki entries, with in-place segment reversal. Growing adds a
 * block and never copies, so a stack of millions of entries costs 4 bytes per entry and no
 * transient doubling (the walk's stack can approach the object count on random graphs). Not
 * thread-safe.
 */
final class IntStack {
    private static final int SHIFT = 16;
    private static final int BLOCK = 1 << SHIFT;
    private static final int MASK = BLOCK - 1;

    private int[][] blocks = new int[4][];
    private int size;
    private int capacity;

    void push(int v) {
        if (size == capacity) {
            addBlock();
        }
        blocks[size >>> SHIFT][size & MASK] = v;
        size++;
    }

    private void addBlock() {
        int b = capacity >>> SHIFT;
        if (b == blocks.length) {
            blocks = Arrays.copyOf(blocks, b * 2);
        }
        // The first block starts small: most stacks (and the hop-count queues) stay tiny.
        if (b == 0 && blocks[0] == null) {
            blocks[0] = new int[1024];
            capacity = 1024;
            return;
        }
        if (b == 0) {
            blocks[0] = Arrays.copyOf(blocks[0], BLOCK);
            capacity = BLOCK;
            return;
        }
        blocks[b] = new int[BLOCK];
        capacity += BLOCK;
    }

    int pop() {
        size--;
        return blocks[size >>> SHIFT][size & MASK];
    }

    int get(int i) {
        return blocks[i >>> SHIFT][i & MASK];
    }

    private void set(int i, int v) {
        blocks[i >>> SHIFT][i & MASK] = v;
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
            int t = get(i);
            set(i, get(j));
            set(j, t);
        }
    }
}
