package dev.heapwise.graph.internal;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Little-endian 64-bit word access to a segment, and bit-field reads and writes over such words.
 * Every index file stores its payload as little-endian longs so a column is read with one aligned
 * load per value on x86 and arm64.
 */
public final class Words {
    public static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private Words() {}

    public static long word(MemorySegment s, long wordIndex) {
        return s.get(LONG, wordIndex << 3);
    }

    public static void setWord(MemorySegment s, long wordIndex, long value) {
        s.set(LONG, wordIndex << 3, value);
    }

    /** A mask of the low {@code bits} bits; {@code bits} in [0, 64]. */
    public static long mask(int bits) {
        return bits == 64 ? -1L : (1L << bits) - 1;
    }

    /** Reads the {@code bits}-wide field starting at bit {@code bitPos} (0 to 64 bits). */
    public static long getBits(MemorySegment s, long bitPos, int bits) {
        if (bits == 0) {
            return 0;
        }
        long w = bitPos >>> 6;
        int off = (int) (bitPos & 63);
        long v = word(s, w) >>> off;
        if (off + bits > 64) {
            v |= word(s, w + 1) << (64 - off);
        }
        return v & mask(bits);
    }

    /**
     * Reads {@code count} consecutive {@code bits}-wide fields from bit {@code bitPos} on into
     * {@code out[at..]}: one load per word, where {@link #getBits} per field pays one or two
     * bounds-checked loads and the address arithmetic each time. Reads no word past the last field's.
     */
    public static void unpackLongs(MemorySegment s, long bitPos, int bits, int count, long[] out, int at) {
        if (count <= 0) {
            return;
        }
        if (bits == 0) {
            java.util.Arrays.fill(out, at, at + count, 0L);
            return;
        }
        long m = mask(bits);
        long w = bitPos >>> 6;
        int off = (int) (bitPos & 63);
        long cur = word(s, w);
        for (int k = 0; k < count; k++) {
            if (off == 64) {
                cur = word(s, ++w);
                off = 0;
            }
            long v = cur >>> off;
            int end = off + bits;
            if (end > 64) {
                cur = word(s, ++w);
                v |= cur << (64 - off);
                off = end - 64;
            } else {
                off = end;
            }
            out[at + k] = v & m;
        }
    }

    /** As {@link #unpackLongs}, for fields of 32 bits or fewer. */
    public static void unpackInts(MemorySegment s, long bitPos, int bits, int count, int[] out, int at) {
        if (count <= 0) {
            return;
        }
        if (bits == 0) {
            java.util.Arrays.fill(out, at, at + count, 0);
            return;
        }
        long m = mask(bits);
        long w = bitPos >>> 6;
        int off = (int) (bitPos & 63);
        long cur = word(s, w);
        for (int k = 0; k < count; k++) {
            if (off == 64) {
                cur = word(s, ++w);
                off = 0;
            }
            long v = cur >>> off;
            int end = off + bits;
            if (end > 64) {
                cur = word(s, ++w);
                v |= cur << (64 - off);
                off = end - 64;
            } else {
                off = end;
            }
            out[at + k] = (int) (v & m);
        }
    }

    /** Writes the {@code bits}-wide field at bit {@code bitPos}; not atomic with neighbours. */
    public static void setBits(MemorySegment s, long bitPos, int bits, long value) {
        if (bits == 0) {
            return;
        }
        long m = mask(bits);
        value &= m;
        long w = bitPos >>> 6;
        int off = (int) (bitPos & 63);
        long cur = word(s, w);
        cur = (cur & ~(m << off)) | (value << off);
        setWord(s, w, cur);
        if (off + bits > 64) {
            int done = 64 - off;
            long m2 = mask(bits - done);
            long next = word(s, w + 1);
            next = (next & ~m2) | (value >>> done);
            setWord(s, w + 1, next);
        }
    }

    /** Bits needed to hold values in [0, maxValue]; at least 1 when maxValue > 0, 0 for 0. */
    public static int bitsFor(long maxValue) {
        return maxValue <= 0 ? 0 : 64 - Long.numberOfLeadingZeros(maxValue);
    }

    /** Words needed for {@code bits} bits plus one spare word, so a two-word read never overruns. */
    public static long wordsFor(long bits) {
        return ((bits + 63) >>> 6) + 1;
    }
}
