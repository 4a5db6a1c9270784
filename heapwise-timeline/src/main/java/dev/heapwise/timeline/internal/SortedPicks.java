package dev.heapwise.timeline.internal;

/**
 * Collects the positions a downsampler keeps, in ascending order without duplicates, and feeds
 * in the must-keep positions as the scan passes them. Not thread-safe.
 */
final class SortedPicks {
    private final IntArrayBuilder out;
    private final int[] keep;
    private int nextKeep;
    private int last = -1;

    SortedPicks(int[] keep, int expected) {
        this.keep = keep;
        this.out = new IntArrayBuilder(expected + keep.length);
    }

    /** Adds every must-keep position below {@code bound}. */
    void keepBelow(int bound) {
        while (nextKeep < keep.length && keep[nextKeep] < bound) {
            add(keep[nextKeep++]);
        }
    }

    /** Adds a chosen position (after the must-keep positions below it). */
    void pick(int position) {
        keepBelow(position);
        add(position);
    }

    /** The must-keep position with the largest value below {@code bound} that was already added, or -1. */
    int lastKeptBelow(int bound) {
        for (int i = nextKeep - 1; i >= 0; i--) {
            if (keep[i] < bound) {
                return keep[i];
            }
        }
        return -1;
    }

    int[] finish(int n) {
        keepBelow(n);
        return out.toArray();
    }

    private void add(int position) {
        if (position > last) {
            out.add(position);
            last = position;
        }
    }

    /** Checks the shared preconditions of the downsamplers. */
    static void check(int yLength, int xLength, int n, int[] keep, int target) {
        if (target < 2) {
            throw new IllegalArgumentException("target must be at least 2, was " + target);
        }
        if (n < 0 || n > yLength || n > xLength) {
            throw new IllegalArgumentException("n=" + n + " exceeds the arrays");
        }
        for (int i = 0; i < keep.length; i++) {
            if (keep[i] < 0 || keep[i] >= n || (i > 0 && keep[i] <= keep[i - 1])) {
                throw new IllegalArgumentException("keep must be strictly ascending positions in 0.." + (n - 1));
            }
        }
    }

    static int[] all(int n) {
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        return all;
    }

    /** Start of bucket {@code b} of {@code buckets} over the interior {@code 1 .. n-2}. */
    static int bucketStart(int b, int buckets, int n) {
        return 1 + (int) ((long) b * (n - 2) / buckets);
    }
}
