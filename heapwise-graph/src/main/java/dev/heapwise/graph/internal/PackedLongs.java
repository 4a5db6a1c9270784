package dev.heapwise.graph.internal;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;

/**
 * A column of {@code count} unsigned values of a fixed width of {@code bits} (0 to 64) bits,
 * bit-packed into little-endian words. {@link #get} is one or two word loads: O(1), no allocation,
 * thread-safe. A writable instance over a read-write mapping also supports {@link #set}, which is
 * not atomic with neighbouring values.
 */
public final class PackedLongs {
    static final String MAGIC = "HWPACK01";

    private final MemorySegment payload;
    private final long count;
    private final int bits;

    private PackedLongs(MemorySegment payload, long count, int bits) {
        this.payload = payload;
        this.count = count;
        this.bits = bits;
    }

    /** Bytes a file of this shape occupies. */
    public static long fileSize(long count, int bits) {
        return ColumnHeader.SIZE + Words.wordsFor(count * bits) * 8;
    }

    /** Opens a column file (or a writable segment of {@link #fileSize} bytes already holding a header). */
    public static PackedLongs open(MemorySegment file, String what) {
        long[] p = ColumnHeader.read(file, MAGIC, what);
        long count = p[0];
        int bits = (int) p[1];
        if (count < 0 || bits < 0 || bits > 64 || file.byteSize() < fileSize(count, bits)) {
            throw new IndexCorruptException(what + ": packed column size does not match its header");
        }
        return new PackedLongs(file.asSlice(ColumnHeader.SIZE), count, bits);
    }

    /** Writes the header into a fresh writable segment of {@link #fileSize} bytes and opens it. */
    public static PackedLongs create(MemorySegment file, long count, int bits) {
        long[] header = ColumnHeader.encode(MAGIC, count, bits);
        for (int i = 0; i < header.length; i++) {
            Words.setWord(file, i, header[i]);
        }
        return open(file, "new packed column");
    }

    public long count() {
        return count;
    }

    public int bits() {
        return bits;
    }

    public long get(long i) {
        return Words.getBits(payload, i * bits, bits);
    }

    /**
     * Values {@code from} to {@code from + count - 1} into {@code out[at..]}, in one pass; for
     * columns of 32 bits or fewer. Returns the scratch array used ({@link Words#unpackInts}).
     */
    public long[] readInts(long from, int count, int[] out, int at, long[] scratch) {
        if (bits > 32) {
            throw new IllegalStateException("a " + bits + "-bit column read as ints");
        }
        return Words.unpackInts(payload, from * bits, bits, count, out, at, scratch);
    }

    public void set(long i, long value) {
        Words.setBits(payload, i * bits, bits, value);
    }

    /** Streams a column into {@code channel} from offset 0, value by value, in order. */
    public static final class Writer implements AutoCloseable {
        private final BitSink sink;
        private final long count;
        private final int bits;
        private long written;

        public Writer(FileChannel channel, long count, int bits) throws IOException {
            if (bits < 0 || bits > 64) {
                throw new IllegalArgumentException("bits " + bits);
            }
            WordSink words = new WordSink(channel, 0);
            ColumnHeader.write(words, MAGIC, count, bits);
            this.sink = new BitSink(words);
            this.count = count;
            this.bits = bits;
        }

        public void add(long value) {
            if (written >= count) {
                throw new IllegalStateException("more values than declared: " + count);
            }
            if (bits < 64 && (value >>> bits) != 0) {
                throw new IllegalArgumentException("value " + value + " does not fit in " + bits + " bits");
            }
            sink.append(value, bits);
            written++;
        }

        @Override
        public void close() {
            if (written != count) {
                throw new IllegalStateException("wrote " + written + " of " + count + " values");
            }
            sink.finish(Words.wordsFor(count * bits));
            sink.close();
        }
    }
}
