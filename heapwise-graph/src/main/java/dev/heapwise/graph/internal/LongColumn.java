package dev.heapwise.graph.internal;

/** A read-only column of longs by index: O(1), allocation-free, thread-safe. */
public interface LongColumn {
    long get(long i);

    static LongColumn of(EliasFano ef) {
        return ef::get;
    }

    static LongColumn of(PackedLongs p) {
        return p::get;
    }
}
