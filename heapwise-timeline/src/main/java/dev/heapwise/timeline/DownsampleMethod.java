package dev.heapwise.timeline;

/** How {@link Downsampling} reduces a curve for display. */
public enum DownsampleMethod {
    /**
     * Largest-Triangle-Three-Buckets (Steinarsson, 2013): one point per bucket, the one that
     * forms the largest triangle with its neighbours' choices. Keeps the visual shape.
     */
    LTTB,
    /** The smallest and the largest point of each bucket: keeps every peak and trough. */
    MIN_MAX
}
