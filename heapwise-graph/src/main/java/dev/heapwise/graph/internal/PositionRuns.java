package dev.heapwise.graph.internal;

/**
 * The record positions of the objects in index order, seen as ascending runs: worked out while
 * the objects are put in order, so the positions column can then be written in one pass. Within
 * run r every position is stored plus {@code delta[r]}, which makes the whole column ascending
 * (Elias–Fano with a small run table, {@link RunAdjusted}); with too many runs the column is
 * bit-packed instead. A class object's record is never read back (classes live in memory), so it
 * takes the previous object's position and starts no run. Not thread-safe.
 */
final class PositionRuns {
    private final LongList starts = new LongList();
    private final LongList deltas = new LongList();
    private long delta;
    private long previous = Long.MIN_VALUE;
    private long last;
    private long maxRaw;

    /** Adds the record position of object {@code k}, or -1 for a class object. */
    void add(int k, long raw) {
        long p = raw < 0 ? last : raw;
        last = p;
        if (p + delta < previous) {
            delta = previous - p;
            starts.add(k);
            deltas.add(delta);
        }
        previous = p + delta;
        maxRaw = Math.max(maxRaw, p);
    }

    /** Whether the run-adjusted Elias–Fano form pays (few runs), else bit-packed. */
    boolean fewRuns(int n) {
        return starts.size() <= Math.max(64, n / 64);
    }

    int runCount() {
        return starts.size();
    }

    /** The largest stored (adjusted) value. */
    long maxAdjusted() {
        return Math.max(0, previous);
    }

    long maxRaw() {
        return maxRaw;
    }

    long[] starts() {
        return starts.toArray();
    }

    long[] deltas() {
        return deltas.toArray();
    }

    LongList startList() {
        return starts;
    }

    LongList deltaList() {
        return deltas;
    }
}
