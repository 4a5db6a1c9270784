package dev.heapwise.timeline;

import java.util.Arrays;

/**
 * How full a set of pages is: the fragmentation picture of one page kind (or of a whole dump).
 * Every page weighs the same, because the format carries no page sizes. Immutable, thread-safe.
 *
 * @param pages         number of pages
 * @param emptyPages    pages at 0%
 * @param partialPages  pages strictly between 0% and 100%: the fragmented ones
 * @param fullPages     pages at 100%
 * @param occupancySum  the sum of all pages' percentages (so {@code occupancySum / 100} pages of data)
 * @param histogram     {@link #BUCKETS} counts: bucket {@code i} holds pages with occupancy in
 *                      {@code [10i, 10i+10)}, and 100% pages go to the last bucket
 */
public record OccupancyDistribution(int pages, int emptyPages, int partialPages, int fullPages,
                                    long occupancySum, int[] histogram) {
    /** Number of histogram buckets (deciles). */
    public static final int BUCKETS = 10;

    /** The distribution of no pages. */
    public static final OccupancyDistribution EMPTY = of(new byte[0]);

    public OccupancyDistribution {
        histogram = histogram.clone();
        if (histogram.length != BUCKETS) {
            throw new IllegalArgumentException("histogram needs " + BUCKETS + " buckets");
        }
    }

    /** Counts the percentages (each 0..100). O(pages). */
    public static OccupancyDistribution of(byte[] percents) {
        int empty = 0;
        int full = 0;
        long sum = 0;
        int[] histogram = new int[BUCKETS];
        for (byte b : percents) {
            int p = b;
            if (p == 0) {
                empty++;
            } else if (p == 100) {
                full++;
            }
            sum += p;
            histogram[Math.min(p / 10, BUCKETS - 1)]++;
        }
        return new OccupancyDistribution(percents.length, empty, percents.length - empty - full, full, sum, histogram);
    }

    /** The distribution of both sets together. */
    public OccupancyDistribution plus(OccupancyDistribution other) {
        int[] h = histogram.clone();
        for (int i = 0; i < BUCKETS; i++) {
            h[i] += other.histogram[i];
        }
        return new OccupancyDistribution(pages + other.pages, emptyPages + other.emptyPages,
                partialPages + other.partialPages, fullPages + other.fullPages, occupancySum + other.occupancySum, h);
    }

    /** The mean occupancy in percent; NaN when there are no pages. */
    public double meanOccupancy() {
        return pages == 0 ? Double.NaN : (double) occupancySum / pages;
    }

    /** Free space stranded in partially used pages, in pages (each partial page adds {@code (100 - p) / 100}). */
    public double freePagesInPartialPages() {
        // the partial pages hold occupancySum - 100 * fullPages points; one division keeps it exact
        long partialPoints = occupancySum - 100L * fullPages;
        return (100L * partialPages - partialPoints) / 100.0;
    }

    /** A copy of the histogram. */
    @Override
    public int[] histogram() {
        return histogram.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OccupancyDistribution d && pages == d.pages && emptyPages == d.emptyPages
                && partialPages == d.partialPages && fullPages == d.fullPages && occupancySum == d.occupancySum
                && Arrays.equals(histogram, d.histogram);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(occupancySum) * 31 + Arrays.hashCode(histogram);
    }

    @Override
    public String toString() {
        return "OccupancyDistribution[pages=" + pages + ", empty=" + emptyPages + ", partial=" + partialPages
                + ", full=" + fullPages + ", occupancySum=" + occupancySum + ", histogram=" + Arrays.toString(histogram) + "]";
    }
}
