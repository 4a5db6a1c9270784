package dev.heapwise.graph.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A temporary id-to-index table for the reference pass, where every reference of the dump is
 * resolved once: tens of millions of lookups. Ids are sorted; the table splits the id range into
 * buckets of 2^b alignment units holding about two objects each, and keeps, per object, the low b
 * bits of its id. A lookup is one read of the bucket table and a short scan of low bits: two
 * cache misses, against Elias–Fano's select and scan. Memory: 4 bytes per bucket plus 1, 2 or 4
 * bytes per object, off the Java heap, freed on {@link #close}. Thread-safe for lookups once built.
 *
 * <p>The table is filled while the ids are written ({@link #create}, {@link #add}), with b chosen
 * from the span of the ids before any is seen, at most 16. When the ids crowd into parts of that
 * span (a HotSpot dump of JDK 17 or later: the archived heap lies gigabytes above the rest of a
 * small heap), a bucket holds hundreds or thousands of ids; such a bucket is binary-searched (its
 * low bits ascend), so a lookup costs the logarithm of the crowding, not the crowding. Only when
 * the crowding is extreme (an id's bucket holds more than {@link #CROWDED} ids on average), or
 * the ids are too sparse for a table of their number's size, does {@link #balanced} build the
 * table again from the sorted ids, with b chosen from the distances between neighbours, in
 * <em>segments</em> that skip every long empty stretch: its size then follows the objects, not
 * the span. Below that the rebuild, three passes over the id column in code the JIT has not
 * compiled yet, cost more than the binary searches it saves (a 5 MB JDK 17 dump, crowding 234:
 * 24-30 ms for the rebuild, the reference phase 15-25 ms longer; 50 MB, crowding 31: 190 ms, the
 * phase 0.3 s longer).
 */
final class IdLookup implements AutoCloseable {
    /** Empty buckets a segment may hold; a longer stretch without ids starts a new segment. */
    static final int MAX_EMPTY_RUN = 256;
    /** Above this mean bucket population an id sees, the filled table is rebuilt by {@link #balanced}. */
    static final int CROWDED = 1024;
    /** Buckets above this population are binary-searched instead of scanned. */
    private static final int SCAN = 8;

    private final Arena arena = Arena.ofShared();
    private final long base;
    private final int shift;
    private final long alignMask;
    private final int bucketBits;
    private final long lowMask;
    /** Bytes per low-bits entry: 1, 2 or 4. */
    private final int lowBytes;
    /** Table entries, sentinel not counted: buckets 0..entries-1 when there are no segments. */
    private final long entries;
    /** Buckets looked up directly: {@link #entries}, or 0 for a table of segments. */
    private final long plainBuckets;
    private final MemorySegment table;
    private final MemorySegment low;
    /** Per segment, in ascending order: first bucket, bucket past the last, table entry of the first; null for one. */
    private final long[] segmentFirst;
    private final long[] segmentEnd;
    private final long[] segmentEntry;
    private long filled;
    private long added;

    /** Builds a table for {@code n} sorted ids of the form {@code base + (y << shift)}, y ≤ maxY; null if ids are too sparse. */
    static IdLookup create(long n, long base, int shift, long maxY) {
        int b = 0;
        while (b < 16 && (maxY >>> b) + 2 > Math.max(2, n / 2)) {
            b++;
        }
        if ((maxY >>> b) + 2 > Math.max(1 << 10, 2 * n)) {
            return null; // ids too sparse for a table of their number's size: balanced() builds one of segments
        }
        long buckets = (maxY >>> b) + 2;
        return new IdLookup(n, base, shift, b, buckets - 1, null, null, null);
    }

    private IdLookup(long n, long base, int shift, int bucketBits, long entries, long[] segmentFirst,
            long[] segmentEnd, long[] segmentEntry) {
        this.base = base;
        this.shift = shift;
        this.alignMask = (1L << shift) - 1;
        this.bucketBits = bucketBits;
        this.lowMask = (1L << bucketBits) - 1;
        this.lowBytes = bucketBits <= 8 ? 1 : bucketBits <= 16 ? 2 : 4;
        this.entries = entries;
        this.plainBuckets = segmentFirst == null ? entries : 0;
        this.segmentFirst = segmentFirst;
        this.segmentEnd = segmentEnd;
        this.segmentEntry = segmentEntry;
        this.table = arena.allocate(4 * (entries + 1), 8);
        this.low = arena.allocate(Math.max(1, n * lowBytes), 8);
    }

    /** Adds the next id, in ascending order (a table made by {@link #create}). */
    void add(long id) {
        long y = (id - base) >>> shift;
        long bucket = y >>> bucketBits;
        while (filled <= bucket) {
            table.setAtIndex(ValueLayout.JAVA_INT, filled++, (int) added);
        }
        if (lowBytes == 1) {
            low.set(ValueLayout.JAVA_BYTE, added, (byte) (y & lowMask));
        } else {
            low.setAtIndex(ValueLayout.JAVA_SHORT, added, (short) (y & lowMask));
        }
        added++;
    }

    void finish() {
        while (filled <= entries) {
            table.setAtIndex(ValueLayout.JAVA_INT, filled++, (int) added);
        }
    }

    /**
     * Whether the ids crowd into few buckets: the mean population of the bucket an id is in is
     * above {@link #CROWDED}. One sequential pass over the bucket table (half a word per id), once,
     * rather than a sum kept in {@link #add}'s loop.
     */
    boolean crowded() {
        long crowding = 0;
        int start = table.getAtIndex(ValueLayout.JAVA_INT, 0);
        for (long e = 1; e <= entries; e++) {
            int next = table.getAtIndex(ValueLayout.JAVA_INT, e);
            long population = next - start;
            crowding += population * population;
            start = next;
        }
        return crowding > CROWDED * Math.max(1, added);
    }

    /**
     * A table for the {@code ids} column whose buckets hold a few ids each: {@code filled} (made
     * by {@link #create} as the ids were written, or null) when it is not {@link #crowded}, else a
     * table of segments built from the column in three sequential passes (filled is closed).
     * Null when there are no ids. {@code base} and {@code shift}: the ids' form, as for create.
     */
    static IdLookup balanced(IdLookup filled, EliasFano ids, long base, int shift) {
        if (filled != null && !filled.crowded()) {
            return filled;
        }
        if (filled != null) {
            filled.close();
        }
        long n = ids.size();
        if (n == 0) {
            return null;
        }
        int b = bucketBitsFor(neighbourDistances(ids, base, shift), n);
        // Count the segments and entries, then fill: the arrays are sized exactly.
        long segments = 0;
        long entries = 0;
        long previous = -1;
        EliasFano.Cursor c = ids.cursor(0);
        for (long k = 0; k < n; k++) {
            long bucket = ((c.next() - base) >>> shift) >>> b;
            if (k == 0 || bucket - previous > MAX_EMPTY_RUN) {
                segments++;
                entries++;
            } else {
                entries += bucket - previous;
            }
            previous = bucket;
        }
        if (segments > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("too many id segments: " + segments);
        }
        int s = (int) segments;
        IdLookup t = new IdLookup(n, base, shift, b, entries, new long[s], new long[s], new long[s]);
        t.fillSegments(ids);
        return t;
    }

    /** How many neighbouring ids lie 2^j to 2^(j+1) - 1 alignment units apart, per j. */
    private static long[] neighbourDistances(EliasFano ids, long base, int shift) {
        long[] counts = new long[64];
        EliasFano.Cursor c = ids.cursor(0);
        long previous = (c.next() - base) >>> shift;
        while (c.hasNext()) {
            long y = (c.next() - base) >>> shift;
            if (y > previous) {
                counts[63 - Long.numberOfLeadingZeros(y - previous)]++;
            }
            previous = y;
        }
        return counts;
    }

    /**
     * The finest buckets (smallest b, at most 30) for which the buckets between neighbours that
     * stay in one segment number at most n / 2: about two ids a bucket where ids are dense. A
     * distance in [2^j, 2^(j+1)) is taken as 1.5 * 2^j, which crosses 1.5 * 2^(j - b) buckets.
     */
    static int bucketBitsFor(long[] distances, long n) {
        for (int b = 0; b < 30; b++) {
            double buckets = 0;
            for (int j = 0; j < 64; j++) {
                double crossed = 1.5 * Math.scalb(1.0, j - b);
                if (crossed <= MAX_EMPTY_RUN) {
                    buckets += distances[j] * crossed;
                }
            }
            if (buckets <= Math.max(1, n / 2)) {
                return b;
            }
        }
        return 30;
    }

    /** The fill of a table of segments: its loop in a method of its own (ARCHITECTURE.md, "Hot loops and the JIT"). */
    private void fillSegments(EliasFano ids) {
        long n = ids.size();
        EliasFano.Cursor c = ids.cursor(0);
        long entry = 0;
        int s = -1;
        long previous = -1;
        for (long k = 0; k < n; k++) {
            long y = (c.next() - base) >>> shift;
            long bucket = y >>> bucketBits;
            if (k == 0 || bucket - previous > MAX_EMPTY_RUN) {
                if (s >= 0) {
                    segmentEnd[s] = previous + 1;
                }
                s++;
                segmentFirst[s] = bucket;
                segmentEntry[s] = entry;
                table.setAtIndex(ValueLayout.JAVA_INT, entry++, (int) k);
            } else {
                for (long q = previous + 1; q <= bucket; q++) {
                    table.setAtIndex(ValueLayout.JAVA_INT, entry++, (int) k);
                }
            }
            setLow(k, y & lowMask);
            previous = bucket;
        }
        segmentEnd[s] = previous + 1;
        table.setAtIndex(ValueLayout.JAVA_INT, entry, (int) n);
        added = n;
    }

    private void setLow(long i, long l) {
        switch (lowBytes) {
            case 1 -> low.set(ValueLayout.JAVA_BYTE, i, (byte) l);
            case 2 -> low.setAtIndex(ValueLayout.JAVA_SHORT, i, (short) l);
            default -> low.setAtIndex(ValueLayout.JAVA_INT, i, (int) l);
        }
    }

    private int lowAt(long i) {
        return lowBytes == 1 ? low.get(ValueLayout.JAVA_BYTE, i) & 0xFF
                : lowBytes == 2 ? low.getAtIndex(ValueLayout.JAVA_SHORT, i) & 0xFFFF
                : low.getAtIndex(ValueLayout.JAVA_INT, i);
    }

    /**
     * The index of {@code id}, or -1. Kept small, with the rare cases (a table of segments, a
     * crowded bucket) in methods of their own: the reference pass's resolve loop must inline it
     * to overlap the cache misses of independent lookups.
     */
    int indexOf(long id) {
        long d = id - base;
        if (d < 0 || (d & alignMask) != 0) {
            return -1;
        }
        long y = d >>> shift;
        long bucket = y >>> bucketBits;
        if (bucket >= plainBuckets) {
            return segmentFirst == null ? -1 : segmentedIndexOf(y);
        }
        int i = table.getAtIndex(ValueLayout.JAVA_INT, bucket);
        int end = table.getAtIndex(ValueLayout.JAVA_INT, bucket + 1);
        int l = (int) (y & lowMask);
        if (end - i > SCAN) {
            return search(i, end, l);
        }
        boolean wide = lowBytes == 2; // a table made by create has 1- or 2-byte low bits
        for (; i < end; i++) {
            int v = wide ? low.getAtIndex(ValueLayout.JAVA_SHORT, i) & 0xFFFF : low.get(ValueLayout.JAVA_BYTE, i) & 0xFF;
            if (v == l) {
                return i;
            }
            if (v > l) {
                return -1;
            }
        }
        return -1;
    }

    /** {@link #indexOf} in a table of segments, for the id's y. */
    private int segmentedIndexOf(long y) {
        long entry = segmentEntry(y >>> bucketBits);
        if (entry < 0) {
            return -1;
        }
        int i = table.getAtIndex(ValueLayout.JAVA_INT, entry);
        int end = table.getAtIndex(ValueLayout.JAVA_INT, entry + 1);
        return search(i, end, (int) (y & lowMask));
    }

    /** The table entry of {@code bucket}, or -1 when no segment holds it. */
    private long segmentEntry(long bucket) {
        int a = 0;
        int b = segmentFirst.length - 1;
        while (a < b) { // the last segment whose first bucket is at most this one
            int m = (a + b + 1) >>> 1;
            if (segmentFirst[m] <= bucket) {
                a = m;
            } else {
                b = m - 1;
            }
        }
        if (bucket < segmentFirst[a] || bucket >= segmentEnd[a]) {
            return -1;
        }
        return segmentEntry[a] + (bucket - segmentFirst[a]);
    }

    /** Binary search of a bucket's low bits (ascending within a bucket). */
    private int search(int from, int to, int l) {
        int a = from;
        int b = to;
        while (a < b) {
            int m = (a + b) >>> 1;
            if (lowAt(m) < l) {
                a = m + 1;
            } else {
                b = m;
            }
        }
        return a < to && lowAt(a) == l ? a : -1;
    }

    /** Native memory the table holds, in bytes. */
    long bytes() {
        return table.byteSize() + low.byteSize() + (segmentFirst == null ? 0 : 24L * segmentFirst.length);
    }

    /** The most ids in one bucket. */
    int largestBucket() {
        int most = 0;
        for (long e = 0; e < entries; e++) {
            most = Math.max(most, table.getAtIndex(ValueLayout.JAVA_INT, e + 1) - table.getAtIndex(ValueLayout.JAVA_INT, e));
        }
        return most;
    }

    /** Segments: 1 for a table made by {@link #create}. */
    int segments() {
        return segmentFirst == null ? 1 : segmentFirst.length;
    }

    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }
}
