package dev.heapwise.analysis.dominators.internal;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * The saved dominator tree, one index attachment, little-endian:
 * <pre>
 *   0  magic "HWDOM002"      8  objects n          16 classes c
 *  24  flags (bit 0: unreachable kept)             32 reachable objects
 *  40  pseudo-roots         48 reachable shallow size   56 unused
 *  64  idom      int[n]   (padded to 8 bytes)
 *   .. retained  long[n]
 *   .. unreachable count long[c], unreachable shallow long[c]
 * </pre>
 */
public final class DominatorFile {
    public static final long MAGIC = 0x323030_4D4F4457_48L; // "HWDOM002" read as a little-endian long
    public static final int HEADER = 64;
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private DominatorFile() {}

    public static long idomOffset() {
        return HEADER;
    }

    public static long retainedOffset(long n) {
        return HEADER + ((n * 4 + 7) & ~7L);
    }

    public static long classOffset(long n) {
        return retainedOffset(n) + n * 8;
    }

    public static long size(long n, long classes) {
        return classOffset(n) + classes * 16;
    }

    /** The header fields, in order from offset 8. */
    public record Header(long objects, long classes, long flags, long reachable, long pseudoRoots, long reachableSize) {}

    public static Header header(MemorySegment file) {
        if (file.byteSize() < HEADER || file.get(LONG, 0) != MAGIC) {
            return null;
        }
        Header h = new Header(file.get(LONG, 8), file.get(LONG, 16), file.get(LONG, 24), file.get(LONG, 32),
                file.get(LONG, 40), file.get(LONG, 48));
        return file.byteSize() == size(h.objects(), h.classes()) ? h : null;
    }

    /** Writes the file: the idom and retained arrays are copied from native memory in big chunks. */
    public static void write(FileChannel ch, Header h, MemorySegment idom, MemorySegment retained,
            long[] unreachableCount, long[] unreachableShallow) throws IOException {
        long n = h.objects();
        ByteBuffer head = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
        head.putLong(MAGIC).putLong(n).putLong(h.classes()).putLong(h.flags()).putLong(h.reachable())
                .putLong(h.pseudoRoots()).putLong(h.reachableSize()).putLong(0).flip();
        writeFully(ch, head);
        writeLittleEndian(ch, idom, n * 4, 4);
        long pad = retainedOffset(n) - HEADER - n * 4;
        writeFully(ch, ByteBuffer.allocate((int) pad));
        writeLittleEndian(ch, retained, n * 8, 8);
        ByteBuffer tail = ByteBuffer.allocate((int) (h.classes() * 16)).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : unreachableCount) {
            tail.putLong(v);
        }
        for (long v : unreachableShallow) {
            tail.putLong(v);
        }
        tail.flip();
        writeFully(ch, tail);
    }

    /** Copies native little-endian memory to the file in 16 MB chunks. */
    private static void writeLittleEndian(FileChannel ch, MemorySegment s, long bytes, int width) throws IOException {
        final int chunk = 1 << 24;
        ByteBuffer buf = ByteBuffer.allocateDirect(chunk);
        MemorySegment bufSeg = MemorySegment.ofBuffer(buf);
        for (long off = 0; off < bytes; off += chunk) {
            int len = (int) Math.min(chunk, bytes - off);
            MemorySegment.copy(s, off, bufSeg, 0, len);
            buf.clear().limit(len);
            writeFully(ch, buf);
        }
    }

    private static void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }
}
