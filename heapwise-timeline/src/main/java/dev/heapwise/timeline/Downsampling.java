package dev.heapwise.timeline;

import dev.heapwise.timeline.internal.DoubleSeries;
import dev.heapwise.timeline.internal.Lttb;
import dev.heapwise.timeline.internal.MinMaxBuckets;

/**
 * Reduces a long series to a few points for display, never dropping the points the caller must
 * keep (the GC markers), the first point or the last point.
 *
 * <p>Both methods split the interior points {@code 1 .. n-2} into equal-count buckets and return
 * positions (0-based indexes into the arrays), strictly ascending, that are a subset of
 * {@code 0 .. n-1}. When {@code n <= target} every position is returned. Otherwise the result
 * has at most {@code target} positions plus those in {@code keep}.
 *
 * <p>Cost: O(n) time, O(target + keep) memory, no allocation per point. Stateless and
 * thread-safe (the arrays are only read).
 */
public final class Downsampling {
    private Downsampling() {}

    /**
     * Largest-Triangle-Three-Buckets with {@code target - 2} buckets.
     *
     * @param x      the x values, ascending; {@code null} means x = position
     * @param y      the y values
     * @param n      how many leading entries of the arrays make up the series
     * @param keep   positions to keep whatever happens, strictly ascending, each in {@code 0..n-1}
     * @param target the point budget (excluding {@code keep}), at least 2
     */
    public static int[] lttb(double[] x, double[] y, int n, int[] keep, int target) {
        return Lttb.select(x == null ? null : DoubleSeries.of(x), DoubleSeries.of(y), n, keep, target);
    }

    /**
     * Per-bucket minimum and maximum with {@code (target - 2) / 2} buckets.
     *
     * @param y      the y values
     * @param n      how many leading entries of the array make up the series
     * @param keep   positions to keep whatever happens, strictly ascending, each in {@code 0..n-1}
     * @param target the point budget (excluding {@code keep}), at least 2
     */
    public static int[] minMax(double[] y, int n, int[] keep, int target) {
        return MinMaxBuckets.select(DoubleSeries.of(y), n, keep, target);
    }
}
