package dev.heapwise.timeline.internal;

/**
 * Largest-Triangle-Three-Buckets (Sveinn Steinarsson, "Downsampling Time Series for Visual
 * Representation", 2013), extended with must-keep points: a kept point inside a bucket is added
 * as it is passed and becomes the anchor of the next bucket when it lies after the bucket's pick,
 * so the triangles are measured from what will really be drawn. O(n), stateless, thread-safe.
 */
public final class Lttb {
    private Lttb() {}

    /** See {@link dev.heapwise.timeline.Downsampling#lttb}. */
    public static int[] select(DoubleSeries x, DoubleSeries y, int n, int[] keep, int target) {
        SortedPicks.check(y.size(), x == null ? Integer.MAX_VALUE : x.size(), n, keep, target);
        if (n <= target) {
            return SortedPicks.all(n);
        }
        int buckets = target - 2;
        SortedPicks picks = new SortedPicks(keep, target);
        picks.pick(0);
        int anchor = 0;
        for (int b = 0; b < buckets; b++) {
            int from = SortedPicks.bucketStart(b, buckets, n);
            int to = SortedPicks.bucketStart(b + 1, buckets, n);
            int nextTo = b + 1 < buckets ? SortedPicks.bucketStart(b + 2, buckets, n) : n;
            double avgX = 0;
            double avgY = 0;
            for (int i = to; i < nextTo; i++) {
                avgX += xAt(x, i);
                avgY += y.get(i);
            }
            int span = nextTo - to;
            avgX /= span;
            avgY /= span;

            double ax = xAt(x, anchor);
            double ay = y.get(anchor);
            int best = from;
            double bestArea = -1;
            for (int i = from; i < to; i++) {
                double area = Math.abs((ax - avgX) * (y.get(i) - ay) - (ax - xAt(x, i)) * (avgY - ay));
                if (area > bestArea) {
                    bestArea = area;
                    best = i;
                }
            }
            picks.pick(best);
            picks.keepBelow(to);
            anchor = Math.max(best, picks.lastKeptBelow(to));
        }
        picks.pick(n - 1);
        return picks.finish(n);
    }

    private static double xAt(DoubleSeries x, int i) {
        return x == null ? i : x.get(i);
    }
}
