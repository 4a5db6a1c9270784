package dev.heapwise.timeline;

/**
 * One page kind across one GC: its pages before and after, and what that means. Immutable and
 * thread-safe; every method is O(1).
 *
 * @param kind          the page kind key ({@code FixedBlockPage_16}, {@code nextFitPages}, ...)
 * @param before        the kind's pages in the before block (empty when the block lacks the kind)
 * @param after         the kind's pages in the after block
 * @param pageSizeBytes the page size assumed by the compaction estimates
 */
public record KindComparison(String kind, OccupancyDistribution before, OccupancyDistribution after, long pageSizeBytes) {
    /** Pages of this kind the collection gave back: {@code max(0, before - after)}. */
    public int pagesReleased() {
        return Math.max(0, before.pages() - after.pages());
    }

    /** Pages of this kind the collection added: {@code max(0, after - before)}. */
    public int pagesAdded() {
        return Math.max(0, after.pages() - before.pages());
    }

    /** Mean occupancy after minus before, in percentage points; NaN when either side has no pages. */
    public double occupancyChangePoints() {
        return after.meanOccupancy() - before.meanOccupancy();
    }

    public CompactionEstimate compactionBefore() {
        return CompactionEstimate.of(before, pageSizeBytes);
    }

    public CompactionEstimate compactionAfter() {
        return CompactionEstimate.of(after, pageSizeBytes);
    }
}
