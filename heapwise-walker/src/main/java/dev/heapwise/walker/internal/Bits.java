package dev.heapwise.walker.internal;

/** One bit per object in a {@code long[]}: the walk's reported / visited / pending sets. */
final class Bits {
    private Bits() {}

    static long[] create(int n) {
        return new long[(n + 63) >>> 6];
    }

    static boolean get(long[] bits, int i) {
        return (bits[i >>> 6] & (1L << i)) != 0;
    }

    static void set(long[] bits, int i) {
        bits[i >>> 6] |= 1L << i;
    }

    static void clear(long[] bits, int i) {
        bits[i >>> 6] &= ~(1L << i);
    }

    /** The first clear bit at or after {@code from}, or {@code n} when bits {@code from..n-1} are all set. */
    static int nextClear(long[] bits, int from, int n) {
        if (from >= n) {
            return n;
        }
        int w = from >>> 6;
        long word = ~bits[w] & (-1L << from);
        while (true) {
            if (word != 0) {
                int i = (w << 6) + Long.numberOfTrailingZeros(word);
                return Math.min(i, n);
            }
            if (++w >= bits.length) {
                return n;
            }
            word = ~bits[w];
        }
    }
}
