package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Read access to the per-object arrays of a dominator tree, wherever they live: in native memory
 * just computed or in the mapped attachment. Immediate dominators are ints; retained sizes are
 * unsigned 32-bit byte counts, with {@link #OVERFLOW} sending the reader to a short sorted table
 * for the few objects that retain 4 GB or more (the top of the tree of a big heap). Half the bytes
 * of longs, which matters as much for writing the file as for reading it. O(1) (a binary search in
 * the small table for the overflowing few), thread-safe.
 */
public final class TreeArrays {
    /** A retained size at or above this is kept in the overflow table. */
    public static final long OVERFLOW = 0xFFFF_FFFFL;

    private final MemorySegment idom;
    private final MemorySegment retained;
    private final long[] overflowIndex;
    private final long[] overflowValue;

    public TreeArrays(MemorySegment idom, MemorySegment retained, long[] overflowIndex, long[] overflowValue) {
        this.idom = idom;
        this.retained = retained;
        this.overflowIndex = overflowIndex;
        this.overflowValue = overflowValue;
    }

    public int idom(int object) {
        return idom.getAtIndex(NativeInts.INT, object);
    }

    public long retained(int object) {
        long r = retained.getAtIndex(NativeInts.INT, object) & OVERFLOW;
        if (r != OVERFLOW) {
            return r;
        }
        return overflowValue[Arrays.binarySearch(overflowIndex, object)];
    }

    public MemorySegment idomSegment() {
        return idom;
    }

    public MemorySegment retainedSegment() {
        return retained;
    }

    public long[] overflowIndex() {
        return overflowIndex;
    }

    public long[] overflowValue() {
        return overflowValue;
    }
}
