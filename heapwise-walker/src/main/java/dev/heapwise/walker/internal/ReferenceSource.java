package dev.heapwise.walker.internal;

/**
 * The little the depth-first walk needs from a heap: object ids, and each object's reference
 * slots read in order, a batch at a time. {@link GraphReferences} implements it over a
 * {@code HeapGraph}; tests implement it over plain arrays or formulas. One instance per walk; not
 * thread-safe.
 */
public interface ReferenceSource {

    /** Objects are {@code 0 .. objectCount()-1}. */
    int objectCount();

    /** The dump id of an object (never 0). */
    long id(int object);

    /** Positions on the reference slots of {@code object}; {@link #read} then returns them in order. */
    void open(int object);

    /** Whether slots of the opened object remain to be read. */
    boolean hasMore();

    /**
     * Reads up to {@code max} slots: {@code ids[i]} is the referenced id (0 for null) and
     * {@code targets[i]} its object index, or -1 for null and for ids the heap has no object for.
     * Returns how many were read; 0 only when none remain.
     */
    int read(long[] ids, int[] targets, int max);

    /** How many objects so far had their slots read from the dump rather than from an index. */
    long dumpReads();
}
