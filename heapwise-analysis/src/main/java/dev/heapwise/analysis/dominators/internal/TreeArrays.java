package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import java.lang.foreign.MemorySegment;

/**
 * Read access to the per-object arrays of a dominator tree, wherever they live: in native memory
 * just computed or in the mapped attachment. Both are little-endian and 8-byte aligned, so one
 * constant layout serves (the JIT needs it constant). O(1), thread-safe.
 */
public record TreeArrays(MemorySegment idom, MemorySegment retained) {

    public int idom(int object) {
        return idom.getAtIndex(NativeInts.INT, object);
    }

    public long retained(int object) {
        return retained.getAtIndex(NativeLongs.LONG, object);
    }

    public static TreeArrays ofFile(MemorySegment file, long n) {
        return new TreeArrays(file.asSlice(DominatorFile.idomOffset(), n * 4),
                file.asSlice(DominatorFile.retainedOffset(n), n * 8));
    }
}
