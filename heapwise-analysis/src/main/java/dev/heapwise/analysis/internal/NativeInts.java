package dev.heapwise.analysis.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A fixed-size int array off the Java heap, zero-filled, freed by {@link #close}. Analyses keep one
 * or more ints per heap object (10^8 objects and more), so these arrays are sized by the machine's
 * memory, not by {@code -Xmx}, and are returned to the system the moment a phase ends. Hot loops
 * read {@link #segment()} into a local and use {@link #get(MemorySegment, long)}. Reads and writes
 * from several threads are fine when each thread writes its own elements.
 */
public final class NativeInts implements AutoCloseable {
    /** Little-endian everywhere, so saved files and memory share one layout (a constant, as the JIT needs). */
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private final Arena arena;
    private final MemorySegment segment;
    private final long length;

    private NativeInts(long length) {
        this.arena = Arena.ofShared();
        this.length = length;
        this.segment = arena.allocate(Math.max(8, length * 4), 8);
    }

    /** A zero-filled array of {@code length} ints. Allocates {@code 4 * length} bytes off-heap. */
    public static NativeInts allocate(long length) {
        return new NativeInts(length);
    }

    public long length() {
        return length;
    }

    public MemorySegment segment() {
        return segment;
    }

    public int get(long i) {
        return segment.getAtIndex(INT, i);
    }

    public void set(long i, int v) {
        segment.setAtIndex(INT, i, v);
    }

    public static int get(MemorySegment s, long i) {
        return s.getAtIndex(INT, i);
    }

    public static void set(MemorySegment s, long i, int v) {
        s.setAtIndex(INT, i, v);
    }

    public void fill(int v) {
        if (v == 0) {
            segment.fill((byte) 0);
        } else {
            for (long i = 0; i < length; i++) {
                segment.setAtIndex(INT, i, v);
            }
        }
    }

    /** A copy of the first {@code n} elements into another new array. */
    public NativeInts copy() {
        NativeInts c = new NativeInts(length);
        c.segment.copyFrom(segment);
        return c;
    }

    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }
}
