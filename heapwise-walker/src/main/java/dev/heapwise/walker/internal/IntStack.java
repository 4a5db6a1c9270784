package dev.heapwise.walker.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * A stack of ints kept in blocks of 64 Ki entries, with in-place segment reversal. Growing adds a
 * block and never copies, so a stack of millions of entries costs 4 bytes per entry and no
 * transient doubling (the walk's stack can approach the object count on random graphs).
 *
 * <p>The first {@link #HEAP_BLOCKS} blocks (16 Mi entries, 64 MB) are Java arrays; blocks beyond
 * them come from the arena given, in native memory, so that a stack on a graph of 10^9 objects does
 * not outgrow the Java heap. Not all blocks are native: on the 38-million-object bench dump a
 * walk with a native stack took 8% longer (segment access is bigger code, which changes what the
 * JIT inlines into the walk's loop). Not thread-safe; used on the arena's thread.
 */
final class IntStack {
    private static final int SHIFT = 16;
    private static final int BLOCK = 1 << SHIFT;
    private static final int MASK = BLOCK - 1;
    static final int HEAP_BLOCKS = 256;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;

    private final Arena arena;
    private final int heapBlocks;
    private int[][] blocks = new int[4][];
    private MemorySegment[] outside = new MemorySegment[0];
    private int size;
    private int capacity;

    IntStack(Arena arena) {
        this(arena, HEAP_BLOCKS);
    }

    /** A stack whose blocks from number {@code heapBlocks} on are native (tests use small values). */
    IntStack(Arena arena, int heapBlocks) {
        this.arena = arena;
        this.heapBlocks = heapBlocks;
    }

    void push(int v) {
        if (size == capacity) {
            addBlock();
        }
        set(size, v);
        size++;
    }

    private void addBlock() {
        int b = capacity >>> SHIFT;
        if (b >= heapBlocks) {
            int k = b - heapBlocks;
            if (k == outside.length) {
                outside = Arrays.copyOf(outside, Math.max(4, k * 2));
            }
            outside[k] = arena.allocate((long) BLOCK * Integer.BYTES, Integer.BYTES);
            capacity += BLOCK;
            return;
        }
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
        return get(size);
    }

    int get(int i) {
        int b = i >>> SHIFT;
        return b < heapBlocks ? blocks[b][i & MASK] : outside[b - heapBlocks].getAtIndex(INT, i & MASK);
    }

    private void set(int i, int v) {
        int b = i >>> SHIFT;
        if (b < heapBlocks) {
            blocks[b][i & MASK] = v;
        } else {
            outside[b - heapBlocks].setAtIndex(INT, i & MASK, v);
        }
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
