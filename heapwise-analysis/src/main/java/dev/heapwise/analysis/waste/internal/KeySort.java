package dev.heapwise.analysis.waste.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import java.lang.foreign.MemorySegment;

/**
 * Sorts parallel native arrays of 64-bit keys and int payloads by key (unsigned), stably: equal
 * keys keep their order. O(n), no boxing; one temporary native pair of the same size (12 bytes per
 * element, spilled to scratch files like any {@code NativeMemory} when memory is short).
 *
 * <p>A radix sort from the top: one scatter by the top 12 bits into 4,096 buckets, each then
 * sorted on its own by an LSD radix sort of 8-bit digits in small Java arrays that stay in the
 * cache. A bucket too big for that (keys that are not evenly spread, unlike hashes) is scattered
 * again by its next 12 bits. The big arrays are passed over five times (count, scatter, each bucket
 * in and out) and a scatter writes to 4,096 places at once; the four 16-bit LSD passes it replaces
 * made twelve passes, each scattering to 65,536 places, missing the cache and TLB on almost every
 * write (7.1 M keys, first call in a fresh JVM: 0.36-0.46 s against 0.72-1.06 s; BENCHMARKS.md,
 * "Waste: the key sort").
 */
public final class KeySort {
    private static final int DIGIT = 12;
    /** Largest bucket sorted in Java arrays: 64 K elements, 1.5 MB of scratch. */
    static final int BUCKET_LIMIT = 1 << 16;

    private KeySort() {}

    public static void sort(NativeLongs keys, NativeInts values, long n) {
        sort(keys, values, n, BUCKET_LIMIT);
    }

    /** As {@link #sort(NativeLongs, NativeInts, long)}, with the bucket size limit given (for tests). */
    static void sort(NativeLongs keys, NativeInts values, long n, int bucketLimit) {
        if (n < 2) {
            return;
        }
        try (NativeLongs k2 = NativeLongs.allocateUninitialized(n); NativeInts v2 = NativeInts.allocateUninitialized(n)) {
            new Sorter(keys.segment(), values.segment(), bucketLimit)
                    .sort(keys.segment(), values.segment(), k2.segment(), v2.segment(), 0, n, 64);
        }
    }

    /** The keys and values end in {@code ka}/{@code va}; buckets ping-pong between them and the spare pair. */
    private static final class Sorter {
        private final MemorySegment ka;
        private final MemorySegment va;
        private final int bucketLimit;
        private long[] k1 = new long[0];
        private long[] k2 = new long[0];
        private int[] v1 = new int[0];
        private int[] v2 = new int[0];
        private final int[] count = new int[256];

        Sorter(MemorySegment ka, MemorySegment va, int bucketLimit) {
            this.ka = ka;
            this.va = va;
            this.bucketLimit = bucketLimit;
        }

        /**
         * Sorts {@code [from, to)} of {@code sk}/{@code sv}, whose keys agree above bit {@code high},
         * into {@code ka}/{@code va}; {@code tk}/{@code tv} is the other pair, free over the range.
         */
        void sort(MemorySegment sk, MemorySegment sv, MemorySegment tk, MemorySegment tv, long from, long to, int high) {
            long m = to - from;
            if (high <= 0) {
                // All keys equal, so in order; and already in ka: 64 bits take six scatters (5 x 12 + 4), an even number.
                return;
            }
            if (m <= bucketLimit) {
                sortSmall(sk, sv, from, (int) m, high);
                return;
            }
            int shift = Math.max(0, high - DIGIT);
            int buckets = 1 << (high - shift);
            long mask = buckets - 1;
            long[] start = new long[buckets + 1];
            countDigits(sk, from, to, shift, mask, start);
            start[0] = from;
            for (int d = 0; d < buckets; d++) {
                start[d + 1] += start[d];
            }
            scatter(sk, sv, tk, tv, from, to, shift, mask, java.util.Arrays.copyOf(start, buckets));
            for (int d = 0; d < buckets; d++) {
                if (start[d + 1] > start[d]) {
                    sort(tk, tv, sk, sv, start[d], start[d + 1], shift);
                }
            }
        }

        /** Counts the keys of {@code [from, to)} by digit into {@code start[digit + 1]}. */
        private static void countDigits(MemorySegment sk, long from, long to, int shift, long mask, long[] start) {
            for (long i = from; i < to; i++) {
                start[(int) ((NativeLongs.get(sk, i) >>> shift) & mask) + 1]++;
            }
        }

        /** Moves each key and value of {@code [from, to)} to {@code next[digit]++} in the other pair. */
        private static void scatter(MemorySegment sk, MemorySegment sv, MemorySegment tk, MemorySegment tv, long from,
                long to, int shift, long mask, long[] next) {
            for (long i = from; i < to; i++) {
                long k = NativeLongs.get(sk, i);
                long at = next[(int) ((k >>> shift) & mask)]++;
                NativeLongs.set(tk, at, k);
                NativeInts.set(tv, at, NativeInts.get(sv, i));
            }
        }

        /**
         * LSD over bits {@code [0, high)} in Java arrays, written back into {@code ka}/{@code va}.
         * Each loop here and in {@link #sort} is a small method of its own (ARCHITECTURE.md, "Hot
         * loops and the JIT"): in two big methods, a report of a 38 M-object dump on a JVM without
         * the AOT cache spent 1.0 s of C2 time on ten compilations of them, against 0.4-0.6 s now.
         */
        private void sortSmall(MemorySegment sk, MemorySegment sv, long from, int m, int high) {
            if (k1.length < m) {
                k1 = new long[m];
                k2 = new long[m];
                v1 = new int[m];
                v2 = new int[m];
            }
            long[] ak = k1;
            long[] bk = k2;
            int[] av = v1;
            int[] bv = v2;
            load(sk, sv, from, m, ak, av);
            for (int shift = 0; shift < high && m > 1; shift += 8) {
                pass(ak, av, bk, bv, m, shift, count);
                long[] tk = ak;
                ak = bk;
                bk = tk;
                int[] tv = av;
                av = bv;
                bv = tv;
            }
            store(ak, av, ka, va, from, m);
        }

        private static void load(MemorySegment sk, MemorySegment sv, long from, int m, long[] k, int[] v) {
            for (int i = 0; i < m; i++) {
                k[i] = NativeLongs.get(sk, from + i);
                v[i] = NativeInts.get(sv, from + i);
            }
        }

        /** One stable counting pass on the 8 bits at {@code shift}, from ak/av into bk/bv. */
        private static void pass(long[] ak, int[] av, long[] bk, int[] bv, int m, int shift, int[] count) {
            java.util.Arrays.fill(count, 0);
            for (int i = 0; i < m; i++) {
                count[(int) (ak[i] >>> shift) & 0xFF]++;
            }
            int sum = 0;
            for (int d = 0; d < 256; d++) {
                int c = count[d];
                count[d] = sum;
                sum += c;
            }
            for (int i = 0; i < m; i++) {
                int at = count[(int) (ak[i] >>> shift) & 0xFF]++;
                bk[at] = ak[i];
                bv[at] = av[i];
            }
        }

        private static void store(long[] k, int[] v, MemorySegment tk, MemorySegment tv, long from, int m) {
            for (int i = 0; i < m; i++) {
                NativeLongs.set(tk, from + i, k[i]);
                NativeInts.set(tv, from + i, v[i]);
            }
        }
    }
}
