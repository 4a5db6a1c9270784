package dev.heapwise.graph;

/**
 * Ranges of two dumps' objects for a merge by id split between threads: range p is
 * {@code older[p]..older[p+1]-1} of the older dump and {@code newer[p]..newer[p+1]-1} of the newer.
 * The older dump is split evenly, the newer one at the first id of each older range, so an id in
 * both dumps lands in one range, and the ranges' results joined in order are the whole merge's.
 * Cost: O(parts log n) id reads; no dump reads.
 */
public record IdRanges(int[] older, int[] newer) {

    public int count() {
        return older.length - 1;
    }

    /** {@code parts} ranges; one at least, and no more than the older dump has objects (one if it has none). */
    public static IdRanges split(HeapGraph older, HeapGraph newer, int parts) {
        int n = older.objectCount();
        parts = Math.max(1, Math.min(parts, n));
        int[] from = new int[parts + 1];
        int[] to = new int[parts + 1];
        for (int p = 1; p < parts; p++) {
            from[p] = (int) ((long) n * p / parts);
            to[p] = newer.firstIndexAtOrAbove(older.id(from[p]));
        }
        from[parts] = n;
        to[parts] = newer.objectCount();
        return new IdRanges(from, to);
    }
}
