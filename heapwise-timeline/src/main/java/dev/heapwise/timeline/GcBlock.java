package dev.heapwise.timeline;

/**
 * One {@code -----before GC n -----} or {@code -----after GC n -----} block of phase 2.
 * Immutable and thread-safe.
 *
 * @param phase     before or after the collection
 * @param gc        the GC number {@code n} of the header
 * @param timestamp the header's {@code @ <timestamp>}, NaN when it has none
 * @param line      the header's line in the file
 * @param pages     the page lines that followed the header
 */
public record GcBlock(GcPhase phase, int gc, double timestamp, long line, PageDump pages) {
    /** True when the header carried a readable timestamp. */
    public boolean hasTimestamp() {
        return !Double.isNaN(timestamp);
    }

    /** {@code before GC 3}, as a header names the block. */
    public String label() {
        return phase.label() + " GC " + gc;
    }
}
