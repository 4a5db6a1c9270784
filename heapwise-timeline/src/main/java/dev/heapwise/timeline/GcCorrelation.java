package dev.heapwise.timeline;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Which heap timeline marker belongs to which GC pair.
 *
 * <p>{@link Mode#ORDER} (the format's rule): the pairs are sorted by GC number (a stable sort, so
 * a GC number paired twice keeps file order) and the Nth pair goes with the Nth marker sample.
 * {@link Mode#TIMESTAMP} (the timestamped variant; used when the samples have timestamps and at
 * least one pair header has one): a pair goes with the marker sample whose timestamp equals the
 * pair's ({@link GcPair#timestamp()}), the earliest such marker if several; several pairs with
 * the same timestamp share that marker.
 *
 * <p>Immutable and thread-safe.
 *
 * @param mode             how markers were matched
 * @param matches          every pair, sorted by GC number, with its marker sample or 0
 * @param markersWithoutGc marker samples no pair went with, ascending (see {@link #markersWithoutGc()})
 */
public record GcCorrelation(Mode mode, List<Match> matches, int[] markersWithoutGc) {
    /** How pairs were matched with markers. */
    public enum Mode { ORDER, TIMESTAMP }

    /**
     * A pair and its marker.
     *
     * @param markerSample the 1-based sample number of the marker, or 0 when the pair has none
     */
    public record Match(GcPair pair, int markerSample) {
        public boolean hasMarker() {
            return markerSample > 0;
        }
    }

    public GcCorrelation {
        matches = List.copyOf(matches);
        markersWithoutGc = markersWithoutGc.clone();
    }

    /** Correlates the pairs of a parsed file with its markers. O(pairs log pairs + markers log markers). */
    public static GcCorrelation of(MergedTimeline timeline) {
        List<GcPair> sorted = new ArrayList<>(timeline.pairs());
        sorted.sort(Comparator.comparingInt(GcPair::gc));
        HeapTimeline heap = timeline.heap();
        boolean byTime = heap.timestamped() && sorted.stream().anyMatch(p -> !Double.isNaN(p.timestamp()));
        return byTime ? byTimestamp(sorted, heap) : byOrder(sorted, heap);
    }

    /** The pairs no marker went with, sorted by GC number. */
    public List<GcPair> gcsWithoutMarker() {
        return matches.stream().filter(m -> !m.hasMarker()).map(Match::pair).toList();
    }

    /** The marker samples no pair went with, ascending (a copy). */
    @Override
    public int[] markersWithoutGc() {
        return markersWithoutGc.clone();
    }

    private static GcCorrelation byOrder(List<GcPair> sorted, HeapTimeline heap) {
        List<Match> matches = new ArrayList<>(sorted.size());
        for (int i = 0; i < sorted.size(); i++) {
            matches.add(new Match(sorted.get(i), i < heap.markerCount() ? heap.markerSample(i) : 0));
        }
        int[] unmatched = new int[Math.max(0, heap.markerCount() - sorted.size())];
        for (int i = 0; i < unmatched.length; i++) {
            unmatched[i] = heap.markerSample(sorted.size() + i);
        }
        return new GcCorrelation(Mode.ORDER, matches, unmatched);
    }

    private static GcCorrelation byTimestamp(List<GcPair> sorted, HeapTimeline heap) {
        int markerCount = heap.markerCount();
        // Marker ranks ordered by (timestamp, rank) for binary search. Markers come in sample order,
        // so with ascending timestamps (the normal case) they are sorted already.
        int[] byTs = IntStream.range(0, markerCount).toArray();
        double[] ts = new double[markerCount];
        boolean ascending = true;
        for (int i = 0; i < markerCount; i++) {
            ts[i] = heap.timestamp(heap.markerSample(i));
            ascending &= i == 0 || ts[i] >= ts[i - 1];
        }
        if (!ascending) {
            byTs = IntStream.range(0, markerCount).boxed()
                    .sorted(Comparator.comparingDouble((Integer r) -> heap.timestamp(heap.markerSample(r))).thenComparingInt(r -> r))
                    .mapToInt(Integer::intValue).toArray();
            for (int i = 0; i < markerCount; i++) {
                ts[i] = heap.timestamp(heap.markerSample(byTs[i]));
            }
        }
        boolean[] used = new boolean[markerCount];
        List<Match> matches = new ArrayList<>(sorted.size());
        for (GcPair pair : sorted) {
            int at = firstEqual(ts, pair.timestamp());
            if (at < 0) {
                matches.add(new Match(pair, 0));
            } else {
                used[byTs[at]] = true;
                matches.add(new Match(pair, heap.markerSample(byTs[at])));
            }
        }
        int[] unmatched = IntStream.range(0, markerCount).filter(r -> !used[r]).map(heap::markerSample).toArray();
        return new GcCorrelation(Mode.TIMESTAMP, matches, unmatched);
    }

    /** The first index holding {@code key} in an ascending array, or -1 (also for NaN). */
    private static int firstEqual(double[] sorted, double key) {
        if (Double.isNaN(key)) {
            return -1;
        }
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo < sorted.length && sorted[lo] == key ? lo : -1;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GcCorrelation c && mode == c.mode && matches.equals(c.matches)
                && Arrays.equals(markersWithoutGc, c.markersWithoutGc);
    }

    @Override
    public int hashCode() {
        return matches.hashCode() * 31 + Arrays.hashCode(markersWithoutGc);
    }

    @Override
    public String toString() {
        return "GcCorrelation[mode=" + mode + ", matches=" + matches + ", markersWithoutGc="
                + Arrays.toString(markersWithoutGc) + "]";
    }
}
