package dev.heapwise.timeline;

import java.util.List;

/**
 * Everything the timeline command reports about a parsed file: the GC correlation and, for every
 * pair in correlation order, its comparison. Immutable and thread-safe.
 *
 * @param timeline      the parsed file
 * @param correlation   which marker goes with which pair
 * @param comparisons   one per {@code correlation.matches()} entry, same order
 * @param pageSizeBytes the page size assumed by the compaction estimates
 */
public record TimelineAnalysis(MergedTimeline timeline, GcCorrelation correlation,
                               List<GcPairComparison> comparisons, long pageSizeBytes) {
    /**
     * The page size assumed when none is given. The format records no page size; 4 KiB is a
     * common allocator page and only scales the byte figures.
     */
    public static final long DEFAULT_PAGE_SIZE_BYTES = 4096;

    public TimelineAnalysis {
        comparisons = List.copyOf(comparisons);
    }

    /** Correlates and compares. O(pairs log pairs + markers log markers + pages). */
    public static TimelineAnalysis of(MergedTimeline timeline, long pageSizeBytes) {
        GcCorrelation correlation = GcCorrelation.of(timeline);
        List<GcPairComparison> comparisons = correlation.matches().stream()
                .map(m -> GcPairComparison.of(m.pair(), pageSizeBytes)).toList();
        return new TimelineAnalysis(timeline, correlation, comparisons, pageSizeBytes);
    }
}
