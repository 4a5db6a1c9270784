package dev.heapwise.graph.internal;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;

/**
 * A monotone (non-decreasing) sequence of {@code n} longs in Elias–Fano form: about
 * {@code 2 + log2(range / n)} bits per value, with O(1) random access and O(1) expected lookup of
 * a value's index. Values are stored as {@code base + (y << shift)}; a value that is not of that
 * form is simply not found.
 *
 * <p>Layout after the 64-byte header: the low bits of every value, bit-packed; the "upper" bit
 * vector where value i sets bit {@code (y >>> lowBits) + i}; a sample of the position of every
 * 64th one (for access) and of every 64th zero (for lookup). Access finds the i-th one with a
 * sampled start, {@link Long#bitCount} over at most a few words and an in-word select
 * ({@link Long#expand}, a single PDEP instruction on x86).
 *
 * <p>All reads are thread-safe and allocation-free.
 */
public final class EliasFano {
    static final String MAGIC = "HWEF0001";

    private final long n;
    private final int lowBits;
    private final long upperLength;
    private final long base;
    private final int shift;
    private final long maxY;
    private final MemorySegment lower;
    private final MemorySegment upper;
    private final MemorySegment samples1;
    private final MemorySegment samples0;

    private EliasFano(MemorySegment file, long[] p, String what) {
        this.n = p[0];
        this.lowBits = (int) p[1];
        this.upperLength = p[2];
        this.base = p[3];
        this.shift = (int) p[4];
        this.maxY = p[5];
        Layout l = new Layout(n, maxY);
        if (l.lowBits != lowBits || l.upperLength != upperLength || file.byteSize() < l.fileSize) {
            throw new IndexCorruptException(what + ": Elias-Fano column does not match its header");
        }
        lower = file.asSlice(l.lowerOffset, l.lowerWords * 8);
        upper = file.asSlice(l.upperOffset, l.upperWords * 8);
        samples1 = file.asSlice(l.samples1Offset, l.samples1 * 8);
        samples0 = file.asSlice(l.samples0Offset, l.samples0 * 8);
    }

    public static EliasFano open(MemorySegment file, String what) {
        return new EliasFano(file, ColumnHeader.read(file, MAGIC, what), what);
    }

    public long size() {
        return n;
    }

    /** The i-th value, {@code 0 <= i < size()}. */
    public long get(long i) {
        return valueAt(i, select1(i));
    }

    /** The i-th value, given the position of its bit in the upper vector. */
    private long valueAt(long i, long upperPosition) {
        long high = upperPosition - i;
        long y = (high << lowBits) | Words.getBits(lower, i * lowBits, lowBits);
        return base + (y << shift);
    }

    /**
     * Reads values i and i + 1 together, for CSR offsets. A move to the next or the previous i
     * from the last one costs a scan of the upper bits to the neighbouring one (usually in the same
     * word) and one low-bits read; any other move costs a select. A sequential pass over all rows,
     * which most analyses make, thus pays no select at all. Not thread-safe.
     */
    public final class PairReader {
        private long index = -2;
        private long firstPosition;
        private long secondPosition;
        private long first;
        private long second;

        /** Positions the reader on values {@code i} and {@code i + 1}, {@code 0 <= i < size() - 1}. */
        public void moveTo(long i) {
            if (i == index + 1) {
                firstPosition = secondPosition;
                first = second;
                secondPosition = nextOne(firstPosition + 1);
                second = valueAt(i + 1, secondPosition);
            } else if (i == index - 1) {
                secondPosition = firstPosition;
                second = first;
                firstPosition = previousOne(secondPosition - 1);
                first = valueAt(i, firstPosition);
            } else {
                firstPosition = select1(i);
                first = valueAt(i, firstPosition);
                secondPosition = nextOne(firstPosition + 1);
                second = valueAt(i + 1, secondPosition);
            }
            index = i;
        }

        /** Value i. */
        public long first() {
            return first;
        }

        /** Value i + 1. */
        public long second() {
            return second;
        }
    }

    public PairReader pairReader() {
        return new PairReader();
    }

    /** The position of the first one in the upper vector at or after {@code q} (one must exist). */
    private long nextOne(long q) {
        long w = q >>> 6;
        long word = Words.word(upper, w) & (-1L << (q & 63));
        while (word == 0) {
            word = Words.word(upper, ++w);
        }
        return (w << 6) + Long.numberOfTrailingZeros(word);
    }

    /** The position of the last one in the upper vector at or before {@code q} (one must exist). */
    private long previousOne(long q) {
        long w = q >>> 6;
        long word = Words.word(upper, w) & (-1L >>> (63 - (q & 63)));
        while (word == 0) {
            word = Words.word(upper, --w);
        }
        return (w << 6) + 63 - Long.numberOfLeadingZeros(word);
    }

    /**
     * Values {@code from} to {@code from + count - 1} into {@code out[0..count)}: one select, then
     * the upper bits scanned and the low bits unpacked in order (for CSR offsets, a block of rows).
     * Returns the scratch array used for the low bits ({@link Words#unpackLongs}).
     */
    public long[] read(long from, int count, long[] out, long[] scratch) {
        if (count <= 0) {
            return scratch;
        }
        long[] used = Words.unpackLongs(lower, from * lowBits, lowBits, count, out, 0, scratch);
        long p = select1(from);
        long w = p >>> 6;
        long word = Words.word(upper, w) & (-1L << (p & 63));
        for (int k = 0; k < count; k++) {
            while (word == 0) {
                word = Words.word(upper, ++w);
            }
            long position = (w << 6) + Long.numberOfTrailingZeros(word);
            word &= word - 1;
            long y = ((position - from - k) << lowBits) | out[k];
            out[k] = base + (y << shift);
        }
        return used;
    }

    /** The index of {@code value}, or -1 if absent (the first index when it repeats). */
    public long indexOf(long value) {
        long d = value - base;
        if (n == 0 || d < 0 || (d & Words.mask(shift)) != 0 || (d >>> shift) > maxY) {
            return -1;
        }
        long y = d >>> shift;
        long h = y >>> lowBits;
        long lo = y & Words.mask(lowBits);
        long i = bucketStart(h);
        long end = bucketEnd(h);
        i = searchLow(i, end, lo);
        return i < end && lowOf(i) == lo ? i : -1;
    }

    /** Index of the first value whose high part is {@code h}. */
    private long bucketStart(long h) {
        return h == 0 ? 0 : select0(h - 1) + 1 - h;
    }

    /** Index past the last value whose high part is {@code h}. */
    private long bucketEnd(long h) {
        return select0(h) - h;
    }

    /**
     * The first index in [from, to) whose low bits are at least {@code lo}: a scan for the usual
     * bucket of one or two values, a binary search when ids crowd into one bucket (skewed ranges).
     */
    private long searchLow(long from, long to, long lo) {
        if (to - from > 8) {
            long a = from;
            long b = to;
            while (a < b) {
                long m = (a + b) >>> 1;
                if (lowOf(m) < lo) {
                    a = m + 1;
                } else {
                    b = m;
                }
            }
            return a;
        }
        long i = from;
        while (i < to && lowOf(i) < lo) {
            i++;
        }
        return i;
    }

    /** The index of the first value {@code >= value}, or {@code size()} if there is none. */
    public long lowerBound(long value) {
        if (n == 0 || value <= base) {
            return 0;
        }
        long d = value - base;
        long y = (d + Words.mask(shift)) >>> shift;
        if (y > maxY) {
            return n;
        }
        return lowerBoundY(y);
    }

    private long lowOf(long i) {
        return Words.getBits(lower, i * lowBits, lowBits);
    }

    private long lowerBoundY(long y) {
        long h = y >>> lowBits;
        return searchLow(bucketStart(h), bucketEnd(h), y & Words.mask(lowBits));
    }

    private long select1(long i) {
        long s = Words.word(samples1, i >>> 6);
        long k = i & 63;
        long w = s >>> 6;
        long word = Words.word(upper, w) & (-1L << (s & 63));
        while (true) {
            int c = Long.bitCount(word);
            if (k < c) {
                break;
            }
            k -= c;
            word = Words.word(upper, ++w);
        }
        return (w << 6) + Long.numberOfTrailingZeros(Long.expand(1L << k, word));
    }

    private long select0(long j) {
        long s = Words.word(samples0, j >>> 6);
        long k = j & 63;
        long w = s >>> 6;
        long word = ~Words.word(upper, w) & (-1L << (s & 63));
        while (true) {
            int c = Long.bitCount(word);
            if (k < c) {
                break;
            }
            k -= c;
            word = ~Words.word(upper, ++w);
        }
        return (w << 6) + Long.numberOfTrailingZeros(Long.expand(1L << k, word));
    }

    /** Reads values in order from a start index; far cheaper per value than {@link #get}. Not thread-safe. */
    public final class Cursor {
        private long i;
        private long p;

        private Cursor(long start) {
            this.i = start;
            this.p = start < n ? select1(start) : upperLength;
        }

        public boolean hasNext() {
            return i < n;
        }

        public long next() {
            p = nextOne(p);
            long y = ((p - i) << lowBits) | lowOf(i);
            i++;
            p++;
            return base + (y << shift);
        }
    }

    public Cursor cursor(long start) {
        return new Cursor(start);
    }

    /** The sizes and offsets of the sections for a sequence of n values with largest y maxY. */
    static final class Layout {
        final int lowBits;
        final long upperLength;
        final long lowerWords;
        final long upperWords;
        final long samples1;
        final long samples0;
        final long lowerOffset;
        final long upperOffset;
        final long samples1Offset;
        final long samples0Offset;
        final long fileSize;

        Layout(long n, long maxY) {
            long ratio = n == 0 ? 0 : (maxY / n) + 1;
            lowBits = ratio <= 1 ? 0 : 63 - Long.numberOfLeadingZeros(ratio);
            long zeros = n == 0 ? 0 : (maxY >>> lowBits) + 1;
            upperLength = n + zeros;
            lowerWords = Words.wordsFor(n * lowBits);
            upperWords = Words.wordsFor(upperLength);
            samples1 = (n + 63) >>> 6;
            samples0 = (zeros + 63) >>> 6;
            lowerOffset = ColumnHeader.SIZE;
            upperOffset = lowerOffset + lowerWords * 8;
            samples1Offset = upperOffset + upperWords * 8;
            samples0Offset = samples1Offset + samples1 * 8;
            fileSize = samples0Offset + samples0 * 8;
        }
    }

    /**
     * Streams a sequence into a new file, in order. The count, the smallest possible value
     * ({@code base}), the largest value and the alignment {@code shift} must be known up front.
     * The upper bit vector is built a word at a time: value i sets bit {@code high + i}, and the
     * zeros between are implicit, so a value costs a few arithmetic operations. Not thread-safe.
     */
    public static final class Writer implements AutoCloseable {
        private final long n;
        private final long base;
        private final int shift;
        private final long maxY;
        private final Layout layout;
        private final BitSink lowerSink;
        private final WordSink upperSink;
        private final WordSink samples1Sink;
        private final WordSink samples0Sink;
        private final long lowMask;
        private long added;
        private long lastY = -1;
        private long word;
        private long wordIndex;
        private long upperWordsWritten;
        private long zerosSampled;

        public Writer(FileChannel channel, long n, long base, long maxValue, int shift) throws IOException {
            if (n < 0 || shift < 0 || shift > 62 || maxValue < base && n > 0) {
                throw new IllegalArgumentException("bad Elias-Fano parameters");
            }
            this.n = n;
            this.base = base;
            this.shift = shift;
            this.maxY = n == 0 ? 0 : (maxValue - base) >>> shift;
            this.layout = new Layout(n, maxY);
            this.lowMask = Words.mask(layout.lowBits);
            WordSink header = new WordSink(channel, 0);
            ColumnHeader.write(header, MAGIC, n, layout.lowBits, layout.upperLength, base, shift, maxY);
            header.close();
            lowerSink = new BitSink(new WordSink(channel, layout.lowerOffset));
            upperSink = new WordSink(channel, layout.upperOffset);
            samples1Sink = new WordSink(channel, layout.samples1Offset);
            samples0Sink = new WordSink(channel, layout.samples0Offset);
        }

        public static long fileSize(long n, long base, long maxValue, int shift) {
            return new Layout(n, n == 0 ? 0 : (maxValue - base) >>> shift).fileSize;
        }

        public void add(long value) {
            long d = value - base;
            if (d < 0 || (d & Words.mask(shift)) != 0) {
                throw new IllegalArgumentException("value " + value + " is not base + k<<" + shift);
            }
            long y = d >>> shift;
            if (y < lastY || y > maxY || added >= n) {
                throw new IllegalArgumentException("value " + value + " out of order or range");
            }
            lastY = y;
            lowerSink.append(y & lowMask, layout.lowBits);
            long high = y >>> layout.lowBits;
            sampleZeros(high);
            long pos = high + added;
            if ((added & 63) == 0) {
                samples1Sink.put(pos);
            }
            setUpperBit(pos);
            added++;
        }

        /** Samples the position of every 64th zero below {@code high}; zero z sits at z + (ones before it). */
        private void sampleZeros(long high) {
            while (zerosSampled < high) {
                samples0Sink.put(zerosSampled + added);
                zerosSampled += 64;
            }
        }

        private void setUpperBit(long pos) {
            long w = pos >>> 6;
            while (wordIndex < w) {
                upperSink.put(word);
                upperWordsWritten++;
                word = 0;
                wordIndex++;
            }
            word |= 1L << pos;
        }

        @Override
        public void close() {
            if (added != n) {
                throw new IllegalStateException("added " + added + " of " + n + " values");
            }
            long totalZeros = layout.upperLength - n;
            sampleZeros(totalZeros);
            while (upperWordsWritten < layout.upperWords) {
                upperSink.put(word);
                upperWordsWritten++;
                word = 0;
            }
            lowerSink.finish(layout.lowerWords);
            lowerSink.close();
            upperSink.close();
            samples1Sink.close();
            samples0Sink.close();
        }
    }
}
