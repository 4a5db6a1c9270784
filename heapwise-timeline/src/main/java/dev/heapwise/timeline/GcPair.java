package dev.heapwise.timeline;

/**
 * A {@code before GC n} block immediately followed by the {@code after GC n} block of the same
 * {@code n}: one garbage collection seen from both sides. Immutable and thread-safe.
 */
public record GcPair(int gc, GcBlock before, GcBlock after) {
    public GcPair {
        if (before.phase() != GcPhase.BEFORE || after.phase() != GcPhase.AFTER || before.gc() != gc || after.gc() != gc) {
            throw new IllegalArgumentException("a pair is before GC " + gc + " then after GC " + gc);
        }
    }

    /** The time of the collection: the before header's timestamp, else the after header's, else NaN. */
    public double timestamp() {
        return before.hasTimestamp() ? before.timestamp() : after.timestamp();
    }
}
