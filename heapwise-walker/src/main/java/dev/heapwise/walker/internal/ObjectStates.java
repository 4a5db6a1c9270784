package dev.heapwise.walker.internal;

import dev.heapwise.walker.ObjectFlags;

/**
 * The walk's per-object state, four bits per object in one {@code long[]}: reported, visited and
 * pending side by side (the fourth bit is unused). Keeping them in one word costs one memory
 * access per reference instead of three, which matters on big graphs where references land all
 * over the heap. Bits 0 and 1 are laid out as {@link ObjectFlags#ALREADY_REPORTED} and
 * {@link ObjectFlags#ALREADY_VISITED}, so {@link #flags} is a shift and a mask. Not thread-safe.
 */
final class ObjectStates {
    static final int REPORTED = ObjectFlags.ALREADY_REPORTED; // 1
    static final int VISITED = ObjectFlags.ALREADY_VISITED; // 2
    static final int PENDING = 4;
    private static final long VISITED_BITS = 0x2222_2222_2222_2222L;

    private final long[] words;
    private final int n;

    ObjectStates(int n) {
        this.n = n;
        this.words = new long[(int) ((n + 15L) >>> 4)];
    }

    /** The state bits of object {@code o}: REPORTED | VISITED | PENDING. */
    int get(int o) {
        return (int) (words[o >>> 4] >>> ((o & 15) << 2)) & 0xF;
    }

    /** ALREADY_REPORTED / ALREADY_VISITED as the contract flags them. */
    int flags(int o) {
        return get(o) & (REPORTED | VISITED);
    }

    void set(int o, int bits) {
        words[o >>> 4] |= (long) bits << ((o & 15) << 2);
    }

    void clear(int o, int bits) {
        words[o >>> 4] &= ~((long) bits << ((o & 15) << 2));
    }

    boolean has(int o, int bits) {
        return (get(o) & bits) != 0;
    }

    /** The first object at or after {@code from} not visited yet, or the object count. */
    int nextUnvisited(int from) {
        if (from >= n) {
            return n;
        }
        int w = from >>> 4;
        long open = ~words[w] & VISITED_BITS & (-1L << ((from & 15) << 2));
        while (true) {
            if (open != 0) {
                return Math.min(n, (w << 4) + (Long.numberOfTrailingZeros(open) >>> 2));
            }
            if (++w >= words.length) {
                return n;
            }
            open = ~words[w] & VISITED_BITS;
        }
    }
}
