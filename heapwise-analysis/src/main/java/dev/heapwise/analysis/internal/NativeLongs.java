package dev.heapwise.analysis.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** A fixed-size long array off the Java heap, zero-filled, freed by {@link #close}. See {@link NativeInts}. */
public final class NativeLongs implements AutoCloseable {
    public static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private final NativeMemory.Block block;
    private final MemorySegment segment;
    private final long length;

    private NativeLongs(long length, boolean zero) {
        this.length = length;
        this.block = zero ? NativeMemory.allocate(length * 8) : NativeMemory.allocateUninitialized(length * 8);
        this.segment = block.segment();
    }

    /** An array of {@code length} elements with undefined contents, for arrays written before they are read. */
    public static NativeLongs allocateUninitialized(long length) {
        return new NativeLongs(length, false);
    }

    public static NativeLongs allocate(long length) {
        return new NativeLongs(length, true);
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
        block.close();
    }
}
