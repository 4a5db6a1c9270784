package dev.heapwise.timeline;

import dev.heapwise.timeline.internal.DoubleSeries;
import dev.heapwise.timeline.internal.Lttb;
import dev.heapwise.timeline.internal.MinMaxBuckets;
import java.util.Arrays;

/**
 * Phase 1 of a merged file: heap size samples in file order, some marked as GC points.
 *
 * <p>Samples are numbered from 1, as the format specifies ("the first data line after phase1 is
 * sample 1"); only well-formed sample lines get a number. Storage is primitive: 8 bytes per sample
 * (16 with timestamps, in fixed-size chunks when parsed) plus 12 bytes per marker, never an object
 * per sample.
 *
 * <p>Immutable and thread-safe. Accessors are O(1) unless documented otherwise.
 */
public final class HeapTimeline {
    private final int count;
    private final DoubleSeries heapBytes;
    private final DoubleSeries timestamps;
    private final int[] markers;
    private final long[] markerLines;
    private final double min;
    private final double max;
    private final double sum;
    private final boolean timestampsAscending;

    /**
     * Wraps arrays the caller hands over (they are not copied and must not change afterwards).
     *
     * @param heapBytes   heap size per sample, index 0 is sample 1; length is the sample count
     * @param timestamps  same length, or {@code null} for a file without timestamps
     * @param markers     1-based sample numbers of the marker samples, ascending
     * @param markerLines the file line of each marker sample, same order
     */
    public HeapTimeline(double[] heapBytes, double[] timestamps, int[] markers, long[] markerLines) {
        this(DoubleSeries.of(heapBytes), timestamps == null ? null : DoubleSeries.of(timestamps), markers, markerLines);
    }

    /** The parser's way in: chunked columns, no copy. O(n) to compute the summary figures. */
    HeapTimeline(DoubleSeries heapBytes, DoubleSeries timestamps, int[] markers, long[] markerLines) {
        int n = heapBytes.size();
        if (timestamps != null && timestamps.size() != n) {
            throw new IllegalArgumentException("timestamps and heap sizes differ in length");
        }
        if (markers.length != markerLines.length) {
            throw new IllegalArgumentException("markers and marker lines differ in length");
        }
        for (int i = 0; i < markers.length; i++) {
            if (markers[i] < 1 || markers[i] > n || (i > 0 && markers[i] <= markers[i - 1])) {
                throw new IllegalArgumentException("markers must be ascending sample numbers in 1.." + n);
            }
        }
        this.count = n;
        this.heapBytes = heapBytes;
        this.timestamps = timestamps;
        this.markers = markers;
        this.markerLines = markerLines;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        double total = 0;
        for (int i = 0; i < n; i++) {
            double v = heapBytes.get(i);
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
            total += v;
        }
        this.min = n == 0 ? Double.NaN : lo;
        this.max = n == 0 ? Double.NaN : hi;
        this.sum = total;
        boolean ascending = timestamps != null;
        for (int i = 1; ascending && i < n; i++) {
            ascending = timestamps.get(i) >= timestamps.get(i - 1);
        }
        this.timestampsAscending = ascending;
    }

    /** The number of samples. */
    public int sampleCount() {
        return count;
    }

    /** The heap size of a sample, {@code 1 <= sample <= sampleCount()}. */
    public double heapBytes(int sample) {
        return heapBytes.get(checked(sample));
    }

    /** True when the samples carry timestamps (the {@code <timestamp>,<bytes>[,<marker>]} variant). */
    public boolean timestamped() {
        return timestamps != null;
    }

    /** The timestamp of a sample; NaN when the file has no timestamps. */
    public double timestamp(int sample) {
        int i = checked(sample);
        return timestamps == null ? Double.NaN : timestamps.get(i);
    }

    /** True when the file has timestamps and they never decrease, so they can serve as an x axis. */
    public boolean timestampsAscending() {
        return timestampsAscending;
    }

    /** The number of marker samples. */
    public int markerCount() {
        return markers.length;
    }

    /** The 1-based sample numbers of the marker samples, ascending (a copy: O(markers)). */
    public int[] markerSamples() {
        return markers.clone();
    }

    /** The sample number of the {@code n}-th marker, {@code 0 <= n < markerCount()}. */
    public int markerSample(int n) {
        return markers[n];
    }

    /** The file line of the {@code n}-th marker. */
    public long markerLine(int n) {
        return markerLines[n];
    }

    /** Whether a sample is a marker. O(log markers). */
    public boolean isMarker(int sample) {
        return Arrays.binarySearch(markers, sample) >= 0;
    }

    /** The smallest heap size; NaN without samples. */
    public double minHeapBytes() {
        return min;
    }

    /** The largest heap size; NaN without samples. */
    public double maxHeapBytes() {
        return max;
    }

    /** The mean heap size; NaN without samples. */
    public double meanHeapBytes() {
        return count == 0 ? Double.NaN : sum / count;
    }

    /** The sample number of the first sample with the largest heap size; 0 without samples. O(n). */
    public int peakSample() {
        for (int i = 0; i < count; i++) {
            if (heapBytes.get(i) == max) {
                return i + 1;
            }
        }
        return 0;
    }

    /**
     * A reduced set of samples that keeps the curve's shape for display, always including the
     * first and last samples and every marker. The result holds at most {@code target} samples
     * plus the markers. O(n) time, O(target + markers) memory.
     *
     * <p>{@link DownsampleMethod#LTTB} uses the timestamps as x when they are ascending, else the
     * sample numbers.
     *
     * @param target at least 2
     * @return 1-based sample numbers, ascending
     */
    public int[] downsample(DownsampleMethod method, int target) {
        int[] keep = new int[markers.length];
        for (int i = 0; i < keep.length; i++) {
            keep[i] = markers[i] - 1;
        }
        int[] positions = switch (method) {
            case LTTB -> Lttb.select(timestampsAscending ? timestamps : null, heapBytes, count, keep, target);
            case MIN_MAX -> MinMaxBuckets.select(heapBytes, count, keep, target);
        };
        for (int i = 0; i < positions.length; i++) {
            positions[i]++;
        }
        return positions;
    }

    private int checked(int sample) {
        if (sample < 1 || sample > count) {
            throw new IndexOutOfBoundsException("sample " + sample + " is not in 1.." + count);
        }
        return sample - 1;
    }
}
