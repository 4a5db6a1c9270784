package dev.heapwise.graph.internal;

/**
 * The objects that hold references to ids the dump does not contain, and how many such references
 * there are: the first {@link #LIMIT} objects, enough to tell a few known holders from a real gap.
 * Thread-safe (the reference pass's workers add to one); adds are rare.
 */
final class MissingReferrers {
    static final int LIMIT = 64;

    private final int[] objects = new int[LIMIT];
    private int size;
    private long total;
    private boolean overflowed;

    /** Object {@code object} holds {@code count} unresolved references. */
    synchronized void add(int object, long count) {
        total += count;
        if (size == LIMIT) {
            overflowed = true;
            return;
        }
        objects[size++] = object;
    }

    /** How many objects are known: all that hold unresolved references unless {@link #overflowed}. */
    synchronized int size() {
        return size;
    }

    synchronized int object(int i) {
        return objects[i];
    }

    /** Unresolved references whose holder was noted, listed or not. */
    synchronized long total() {
        return total;
    }

    /** Whether more than {@link #LIMIT} objects hold unresolved references. */
    synchronized boolean overflowed() {
        return overflowed;
    }
}
