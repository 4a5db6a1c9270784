package dev.heapwise.graph;

import dev.heapwise.graph.internal.CursorRowReader;

/**
 * Reads the outbound references of consecutive objects a block at a time. On an index, it decodes
 * the offsets and the packed references word by word, in order, where a {@link RefCursor} pays a
 * bounds-checked bit-field read per reference and per row: several times cheaper per object for a
 * pass over every object. Obtain one per thread from {@link HeapGraph#outRows()}.
 *
 * <pre>{@code
 * RowReader rows = graph.outRows();
 * int[] ends = new int[4096];
 * int[] refs = new int[16384];
 * for (int o = from; o < to; ) {
 *     int got = rows.read(o, Math.min(ends.length, to - o), ends, refs);
 *     if (got == 0) { // the row of o alone is longer than refs
 *         refs = new int[Math.toIntExact(rows.rowLength(o))];
 *         continue;
 *     }
 *     for (int k = 0, start = 0; k < got; start = ends[k++]) {
 *         // object o + k refers to refs[start .. ends[k])
 *     }
 *     o += got;
 * }
 * }</pre>
 *
 * Cost: no dump reads; no allocation but a scratch array that grows to the largest block asked
 * for; not thread-safe (readers are cheap: one per thread).
 */
public interface RowReader {
    /**
     * Reads the rows of objects {@code from} to {@code from + count - 1}, or of as many of them as
     * {@code targets} holds: {@code ends[k]} is where the row of object {@code from + k} ends in
     * {@code targets}, and it starts where the one before it ends (at 0 for {@code k = 0}).
     *
     * @param count at most {@code ends.length}, and {@code from + count <= objectCount()}
     * @return how many rows were read: 0 when {@code count} is 0 or when the row of {@code from}
     *         alone is longer than {@code targets} (see {@link #rowLength})
     */
    int read(int from, int count, int[] ends, int[] targets);

    /** How many references the row of {@code object} holds. O(1). */
    long rowLength(int object);

    /** A reader over a cursor, one reference at a time: for graphs without an index. */
    static RowReader over(RefCursor cursor) {
        return new CursorRowReader(cursor);
    }
}
