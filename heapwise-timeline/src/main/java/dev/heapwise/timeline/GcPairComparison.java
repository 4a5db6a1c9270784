package dev.heapwise.timeline;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What one garbage collection did to the pages: per kind and in total, pages before and after,
 * pages released, mean occupancy before and after and its change, fragmentation and simulated
 * compaction. Means weigh every page the same (the format has no page sizes). Immutable and
 * thread-safe.
 */
public final class GcPairComparison {
    private final GcPair pair;
    private final List<KindComparison> kinds;
    private final OccupancyDistribution totalBefore;
    private final OccupancyDistribution totalAfter;
    private final long pageSizeBytes;

    private GcPairComparison(GcPair pair, List<KindComparison> kinds, long pageSizeBytes) {
        this.pair = pair;
        this.kinds = List.copyOf(kinds);
        this.pageSizeBytes = pageSizeBytes;
        OccupancyDistribution b = OccupancyDistribution.EMPTY;
        OccupancyDistribution a = OccupancyDistribution.EMPTY;
        for (KindComparison k : kinds) {
            b = b.plus(k.before());
            a = a.plus(k.after());
        }
        this.totalBefore = b;
        this.totalAfter = a;
    }

    /**
     * Compares the two sides of a pair. Kinds are listed in the before block's order, then the
     * kinds only the after block has. O(pages).
     *
     * @param pageSizeBytes the page size to assume for compaction estimates (positive)
     */
    public static GcPairComparison of(GcPair pair, long pageSizeBytes) {
        if (pageSizeBytes <= 0) {
            throw new IllegalArgumentException("page size must be positive");
        }
        Set<String> names = new LinkedHashSet<>(pair.before().pages().kinds());
        names.addAll(pair.after().pages().kinds());
        List<KindComparison> kinds = new ArrayList<>(names.size());
        for (String kind : names) {
            kinds.add(new KindComparison(kind, pair.before().pages().distribution(kind),
                    pair.after().pages().distribution(kind), pageSizeBytes));
        }
        return new GcPairComparison(pair, kinds, pageSizeBytes);
    }

    public GcPair pair() {
        return pair;
    }

    public int gc() {
        return pair.gc();
    }

    /** Per page kind. */
    public List<KindComparison> kinds() {
        return kinds;
    }

    /** All pages of the before block. */
    public OccupancyDistribution totalBefore() {
        return totalBefore;
    }

    /** All pages of the after block. */
    public OccupancyDistribution totalAfter() {
        return totalAfter;
    }

    public int pagesBefore() {
        return totalBefore.pages();
    }

    public int pagesAfter() {
        return totalAfter.pages();
    }

    /** Pages given back: the sum over kinds of {@code max(0, before - after)}. */
    public int pagesReleased() {
        return kinds.stream().mapToInt(KindComparison::pagesReleased).sum();
    }

    /** Pages added: the sum over kinds of {@code max(0, after - before)}. */
    public int pagesAdded() {
        return kinds.stream().mapToInt(KindComparison::pagesAdded).sum();
    }

    /** Mean occupancy of all pages before, in percent; NaN without pages. */
    public double meanOccupancyBefore() {
        return totalBefore.meanOccupancy();
    }

    /** Mean occupancy of all pages after, in percent; NaN without pages. */
    public double meanOccupancyAfter() {
        return totalAfter.meanOccupancy();
    }

    /** After minus before, in percentage points; NaN when a side has no pages. */
    public double occupancyChangePoints() {
        return meanOccupancyAfter() - meanOccupancyBefore();
    }

    /** Simulated compaction of the before block, kind by kind, summed. */
    public CompactionEstimate compactionBefore() {
        return compaction(true);
    }

    /** Simulated compaction of the after block, kind by kind, summed. */
    public CompactionEstimate compactionAfter() {
        return compaction(false);
    }

    public long pageSizeBytes() {
        return pageSizeBytes;
    }

    private CompactionEstimate compaction(boolean before) {
        CompactionEstimate total = CompactionEstimate.of(OccupancyDistribution.EMPTY, pageSizeBytes);
        for (KindComparison k : kinds) {
            total = total.plus(before ? k.compactionBefore() : k.compactionAfter());
        }
        return total;
    }
}
