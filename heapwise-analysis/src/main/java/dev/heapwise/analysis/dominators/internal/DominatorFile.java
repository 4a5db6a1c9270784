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
 *   0  magic "HWDOM003"      8  objects n          16 classes c
 *  24  flags (bit 0: unreachable kept)             32 reachable objects
 *  40  pseudo-roots         48 reachable shallow size   56 overflow entries k
 *  64  idom      int[n]      (padded to 8 bytes)
 *   .. retained  uint32[n]   (padded to 8 bytes; 0xFFFFFFFF: see the overflow table)
 *   .. unreachable count long[c], unreachable shallow long[c]
 *   .. overflow  (object long, retained long)[k], by object
 * </pre>
 * The two arrays come first and have a size known in advance, so the computation writes them
 * into the file piece by piece as it produces them ({@link #writeArrays}); the rest is written after.
 */
public final class DominatorFile {
    public static final long MAGIC = 0x333030_4D4F4457_48L; // "HWDOM003" read as a little-endian long
    public static final int HEADER = 64;
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private DominatorFile() {}

    private static long padded(long n) {
        return (n * 4 + 7) & ~7L;
    }

    public static long idomOffset() {
        return HEADER;
    }

    public static long retainedOffset(long n) {
        return HEADER + padded(n);
    }

    public static long classOffset(long n) {
        return retainedOffset(n) + padded(n);
    }

    public static long overflowOffset(long n, long classes) {
        return classOffset(n) + classes * 16;
    }

    public static long size(long n, long classes, long overflow) {
        return overflowOffset(n, classes) + overflow * 16;
    }

    /** The header fields, in order from offset 8. */
    public record Header(long objects, long classes, long flags, long reachable, long pseudoRoots, long reachableSize,
            long overflow) {}

    public static Header header(MemorySegment file) {
        if (file.byteSize() < HEADER || file.get(LONG, 0) != MAGIC) {
            return null;
        }
        Header h = new Header(file.get(LONG, 8), file.get(LONG, 16), file.get(LONG, 24), file.get(LONG, 32),
                file.get(LONG, 40), file.get(LONG, 48), file.get(LONG, 56));
        return h.overflow() >= 0 && file.byteSize() == size(h.objects(), h.classes(), h.overflow()) ? h : null;
    }

    /** The tree arrays of a mapped file (the overflow table is read into memory: a few entries). */
    public static TreeArrays arrays(MemorySegment file, Header h) {
        long n = h.objects();
        int k = (int) h.overflow();
        long[] index = new long[k];
        long[] value = new long[k];
        long at = overflowOffset(n, h.classes());
        for (int i = 0; i < k; i++) {
            index[i] = file.get(LONG, at + 16L * i);
            value[i] = file.get(LONG, at + 16L * i + 8);
        }
        return new TreeArrays(file.asSlice(idomOffset(), n * 4), file.asSlice(retainedOffset(n), n * 4), index, value);
    }

    /** Writes the whole file from arrays in memory (when they were not computed into the file). */
    public static void write(FileChannel ch, Header h, TreeArrays t, long[] unreachableCount,
            long[] unreachableShallow) throws IOException {
        long n = h.objects();
        ch.position(idomOffset());
        writeChunks(ch, t.idomSegment(), n * 4);
        ch.position(retainedOffset(n));
        writeChunks(ch, t.retainedSegment(), n * 4);
        writeRest(ch, h, t, unreachableCount, unreachableShallow);
    }

    /**
     * Writes the results of objects {@code [from, from + count)} into a new file (positional
     * writes: thread-safe for disjoint ranges); the header and the rest follow with {@link #writeRest}.
     */
    public static void writeArrays(FileChannel ch, long n, long from, MemorySegment idom, MemorySegment retained,
            int count) throws IOException {
        writeFully(ch, idom.asSlice(0, 4L * count).asByteBuffer(), idomOffset() + 4 * from);
        writeFully(ch, retained.asSlice(0, 4L * count).asByteBuffer(), retainedOffset(n) + 4 * from);
    }

    /** Writes the header, the unreachable counts and the overflow table (positional writes). */
    public static void writeRest(FileChannel ch, Header h, TreeArrays t, long[] unreachableCount,
            long[] unreachableShallow) throws IOException {
        long n = h.objects();
        ByteBuffer tail = ByteBuffer.allocate((int) (h.classes() * 16 + t.overflowIndex().length * 16L))
                .order(ByteOrder.LITTLE_ENDIAN);
        for (long v : unreachableCount) {
            tail.putLong(v);
        }
        for (long v : unreachableShallow) {
            tail.putLong(v);
        }
        for (int i = 0; i < t.overflowIndex().length; i++) {
            tail.putLong(t.overflowIndex()[i]).putLong(t.overflowValue()[i]);
        }
        tail.flip();
        writeFully(ch, tail, classOffset(n));
        ByteBuffer zero = ByteBuffer.allocate(8);
        writeFully(ch, zero.duplicate().limit((int) (padded(n) - n * 4)), idomOffset() + n * 4);
        writeFully(ch, zero.duplicate().limit((int) (padded(n) - n * 4)), retainedOffset(n) + n * 4);
        ByteBuffer head = ByteBuffer.allocate(HEADER).order(ByteOrder.LITTLE_ENDIAN);
        head.putLong(MAGIC).putLong(n).putLong(h.classes()).putLong(h.flags()).putLong(h.reachable())
                .putLong(h.pseudoRoots()).putLong(h.reachableSize()).putLong(t.overflowIndex().length).flip();
        writeFully(ch, head, 0);
    }

    private static void writeFully(FileChannel ch, ByteBuffer b, long position) throws IOException {
        long p = position;
        while (b.hasRemaining()) {
            p += ch.write(b, p);
        }
    }

    /** Writes native little-endian memory to the file in 64 MB pieces, straight from where it is. */
    private static void writeChunks(FileChannel ch, MemorySegment s, long bytes) throws IOException {
        final long chunk = 1L << 26;
        for (long off = 0; off < bytes; off += chunk) {
            writeFully(ch, s.asSlice(off, Math.min(chunk, bytes - off)).asByteBuffer());
        }
    }

    private static void writeFully(FileChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }
}
