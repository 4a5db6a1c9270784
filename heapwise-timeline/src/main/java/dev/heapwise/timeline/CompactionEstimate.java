package dev.heapwise.timeline;

/**
 * Simulated compaction of a set of pages: if the live data were packed perfectly, how many pages
 * would it need and how much would that save?
 *
 * <p>Assumptions (the format carries no sizes): every page is {@code pageSizeBytes} long, a page's
 * live data is its occupancy times the page size, and data is packed only within its own page
 * kind (a fixed-block page cannot host another block size), so a kind needs
 * {@code ceil(sum of its percentages / 100)} pages. Totals over kinds add the per-kind figures.
 * Immutable and thread-safe.
 *
 * @param pages         pages now
 * @param pagesNeeded   pages needed if the live data were perfectly packed
 * @param occupancySum  the sum of the pages' percentages
 * @param pageSizeBytes the assumed size of one page
 */
public record CompactionEstimate(long pages, long pagesNeeded, long occupancySum, long pageSizeBytes) {
    /** Compaction of one kind's pages. O(1). */
    public static CompactionEstimate of(OccupancyDistribution pages, long pageSizeBytes) {
        if (pageSizeBytes <= 0) {
            throw new IllegalArgumentException("page size must be positive");
        }
        return new CompactionEstimate(pages.pages(), (pages.occupancySum() + 99) / 100, pages.occupancySum(), pageSizeBytes);
    }

    /** Pages compaction would free. */
    public long pagesSaved() {
        return pages - pagesNeeded;
    }

    /** Bytes compaction would free. */
    public long bytesSaved() {
        return pagesSaved() * pageSizeBytes;
    }

    /** The estimated live bytes on these pages. */
    public long liveBytes() {
        return occupancySum * pageSizeBytes / 100;
    }

    /** Two sets compacted separately: every figure adds up. */
    public CompactionEstimate plus(CompactionEstimate other) {
        if (other.pageSizeBytes != pageSizeBytes) {
            throw new IllegalArgumentException("different page sizes");
        }
        return new CompactionEstimate(pages + other.pages, pagesNeeded + other.pagesNeeded,
                occupancySum + other.occupancySum, pageSizeBytes);
    }
}
