package dev.heapwise.timeline.internal;

/**
 * Per-bucket minimum and maximum: each bucket of the interior contributes the position of its
 * smallest and of its largest value (the first such position on ties), so no peak or trough is
 * lost. O(n), stateless, thread-safe.
 */
public final class MinMaxBuckets {
    private MinMaxBuckets() {}

    /** See {@link dev.heapwise.timeline.Downsampling#minMax}. */
    public static int[] select(DoubleSeries y, int n, int[] keep, int target) {
        SortedPicks.check(y.size(), Integer.MAX_VALUE, n, keep, target);
        if (n <= target) {
            return SortedPicks.all(n);
        }
        int buckets = (target - 2) / 2;
        SortedPicks picks = new SortedPicks(keep, target);
        picks.pick(0);
        for (int b = 0; b < buckets; b++) {
            int from = SortedPicks.bucketStart(b, buckets, n);
            int to = SortedPicks.bucketStart(b + 1, buckets, n);
            int lo = from;
            int hi = from;
            double loValue = y.get(from);
            double hiValue = loValue;
            for (int i = from + 1; i < to; i++) {
                double v = y.get(i);
                if (v < loValue) {
                    lo = i;
                    loValue = v;
                }
                if (v > hiValue) {
                    hi = i;
                    hiValue = v;
                }
            }
            picks.pick(Math.min(lo, hi));
            picks.pick(Math.max(lo, hi));
        }
        picks.pick(n - 1);
        return picks.finish(n);
    }
}
