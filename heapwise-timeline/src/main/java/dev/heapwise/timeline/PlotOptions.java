package dev.heapwise.timeline;

/**
 * How {@link TimelinePlot} draws. Immutable and thread-safe.
 *
 * @param curvePoints the heap curve is downsampled to at most this many samples plus the markers
 *                    (at least 2)
 * @param method      how the curve is downsampled
 * @param maxGcPanels at most this many GC pairs get a before/after page grid (0 for none); the
 *                    plot says how many were left out
 */
public record PlotOptions(int curvePoints, DownsampleMethod method, int maxGcPanels) {
    public PlotOptions {
        if (curvePoints < 2) {
            throw new IllegalArgumentException("curvePoints must be at least 2");
        }
        if (maxGcPanels < 0) {
            throw new IllegalArgumentException("maxGcPanels must not be negative");
        }
        if (method == null) {
            throw new IllegalArgumentException("method is required");
        }
    }

    /** 2000 curve points by LTTB, up to 100 page grids. */
    public static PlotOptions defaults() {
        return new PlotOptions(2000, DownsampleMethod.LTTB, 100);
    }
}
