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
     * {@code out[at..]}. The words that hold them are copied out first in one bulk copy (into
     * {@code scratch}, or a bigger array returned in its place), so the loop runs over a plain array:
     * where {@link #getBits} per field pays one or two bounds-checked segment loads each time, and
     * the loop compiles quickly.
     *
     * @return the scratch array used, to pass again
     */
    public static long[] unpackLongs(MemorySegment s, long bitPos, int bits, int count, long[] out, int at,
            long[] scratch) {
        if (count <= 0) {
            return scratch;
        }
        if (bits == 0) {
            java.util.Arrays.fill(out, at, at + count, 0L);
            return scratch;
        }
        long[] words = wordsOf(s, bitPos, bits, count, scratch);
        long m = mask(bits);
        int w = 0;
        int off = (int) (bitPos & 63);
        long cur = words[0];
        for (int k = 0; k < count; k++) {
            if (off == 64) {
                cur = words[++w];
                off = 0;
            }
            long v = cur >>> off;
            int end = off + bits;
            if (end > 64) {
                cur = words[++w];
                v |= cur << (64 - off);
                off = end - 64;
            } else {
                off = end;
            }
            out[at + k] = v & m;
        }
        return words;
    }

    /** As {@link #unpackLongs}, for fields of 32 bits or fewer. */
    public static long[] unpackInts(MemorySegment s, long bitPos, int bits, int count, int[] out, int at,
            long[] scratch) {
        if (count <= 0) {
            return scratch;
        }
        if (bits == 0) {
            java.util.Arrays.fill(out, at, at + count, 0);
            return scratch;
        }
        long[] words = wordsOf(s, bitPos, bits, count, scratch);
        long m = mask(bits);
        int w = 0;
        int off = (int) (bitPos & 63);
        long cur = words[0];
        for (int k = 0; k < count; k++) {
            if (off == 64) {
                cur = words[++w];
                off = 0;
            }
            long v = cur >>> off;
            int end = off + bits;
            if (end > 64) {
                cur = words[++w];
                v |= cur << (64 - off);
                off = end - 64;
            } else {
                off = end;
            }
            out[at + k] = (int) (v & m);
        }
        return words;
    }

    /** The words holding {@code count} fields of {@code bits} bits from {@code bitPos}, in scratch or a new array. */
    private static long[] wordsOf(MemorySegment s, long bitPos, int bits, int count, long[] scratch) {
        long first = bitPos >>> 6;
        int words = Math.toIntExact(((bitPos + (long) bits * count - 1) >>> 6) - first + 1);
        long[] a = scratch != null && scratch.length >= words ? scratch : new long[Math.max(words, 64)];
        MemorySegment.copy(s, LONG, first << 3, a, 0, words);
        return a;
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
