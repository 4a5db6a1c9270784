package dev.heapwise.analysis.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** A fixed-size long array off the Java heap, zero-filled, freed by {@link #close}. See {@link NativeInts}. */
public final class NativeLongs implements AutoCloseable {
    public static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private final Arena arena;
    private final MemorySegment segment;
    private final long length;

    private NativeLongs(long length) {
        this.arena = Arena.ofShared();
        this.length = length;
        this.segment = arena.allocate(Math.max(8, length * 8), 8);
    }

    public static NativeLongs allocate(long length) {
        return new NativeLongs(length);
    }

    public long length() {
        return length;
    }

    public MemorySegment segment() {
        return segment;
    }

    public long get(long i) {
        return segment.getAtIndex(LONG, i);
    }

    public void set(long i, long v) {
        segment.setAtIndex(LONG, i, v);
    }

    public static long get(MemorySegment s, long i) {
        return s.getAtIndex(LONG, i);
    }

    public static void set(MemorySegment s, long i, long v) {
        s.setAtIndex(LONG, i, v);
    }

    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }
}
