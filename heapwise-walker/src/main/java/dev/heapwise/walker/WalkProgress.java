package dev.heapwise.walker;

/** Hears how far a walk is, every few tens of thousands of visited objects. */
@FunctionalInterface
public interface WalkProgress {
    WalkProgress NONE = (visited, total) -> { };

    /** {@code visited} of {@code total} objects have been visited so far. */
    void visited(long visited, long total);
}
