package dev.heapwise.timeline;

/** Whether a page dump block was taken before or after its garbage collection. */
public enum GcPhase {
    BEFORE,
    AFTER;

    /** {@code "before"} or {@code "after"}, as the block headers spell it. */
    public String label() {
        return this == BEFORE ? "before" : "after";
    }
}
