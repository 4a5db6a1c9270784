package dev.heapwise.analysis.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A fixed-size int array off the Java heap, zero-filled, freed by {@link #close}. Analyses keep one
 * or more ints per heap object (10^8 objects and more), so these arrays are sized by the machine's
 * memory, not by {@code -Xmx}, and are returned to the system the moment a phase ends (see
 * {@link NativeMemory} for where the memory comes from). Hot loops read {@link #segment()} into a
 * local and use {@link #get(MemorySegment, long)}. Reads and writes from several threads are fine
 * when each thread writes its own elements.
 */
public final class NativeInts implements AutoCloseable {
    /**
     * Little-endian everywhere, so saved files and memory share one layout (a constant, as the JIT
     * needs). Declared unaligned: the memory is aligned anyway, and the JIT then skips an alignment
     * test on every access.
     */
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private final NativeMemory.Block block;
    private final MemorySegment segment;
    private final long length;

    private NativeInts(long length, boolean zero) {
        this.length = length;
        this.block = zero ? NativeMemory.allocate(length * 4) : NativeMemory.allocateUninitialized(length * 4);
        this.segment = block.segment();
    }

    /** An array of {@code length} elements with undefined contents, for arrays written before they are read. */
    public static NativeInts allocateUninitialized(long length) {
        return new NativeInts(length, false);
    }

    /** A zero-filled array of {@code length} ints. Allocates {@code 4 * length} bytes off-heap. */
    public static NativeInts allocate(long length) {
        return new NativeInts(length, true);
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

    /** A copy into another new array of the same length. */
    public NativeInts copy() {
        NativeInts c = new NativeInts(length, false);
        MemorySegment.copy(segment, 0, c.segment, 0, length * 4);
        return c;
    }

    @Override
    public void close() {
        block.close();
    }
}
