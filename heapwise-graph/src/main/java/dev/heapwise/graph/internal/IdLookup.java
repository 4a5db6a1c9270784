package dev.heapwise.graph.internal;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A temporary id-to-index table for the reference pass, where every reference of the dump is
 * resolved once: tens of millions of lookups. Ids are sorted; the table splits the id range into
 * buckets of 2^b alignment units holding about two objects each, and keeps, per object, the low b
 * bits of its id. A lookup is one read of the bucket table and a short scan of low bits: two
 * cache misses, against Elias–Fano's select and scan. Memory: 4 bytes per bucket plus 1 or 2
 * bytes per object, off the Java heap, freed on {@link #close}. Thread-safe for lookups once built.
 */
final class IdLookup implements AutoCloseable {
    private final Arena arena = Arena.ofShared();
    private final long base;
    private final int shift;
    private final int bucketBits;
    private final long buckets;
    private final boolean wideLow;
    private final MemorySegment table;
    private final MemorySegment low;
    private long filled;
    private long added;
    private final long n;

    /** Builds a table for {@code n} sorted ids of the form {@code base + (y << shift)}, y ≤ maxY; null if ids are too sparse. */
    static IdLookup create(long n, long base, int shift, long maxY) {
        int b = 0;
        while (b < 16 && (maxY >>> b) + 2 > Math.max(2, n / 2)) {
            b++;
        }
        if ((maxY >>> b) + 2 > Math.max(1 << 20, 2 * n)) {
            return null; // ids too sparse for a table of reasonable size: use the Elias-Fano column
        }
        return new IdLookup(n, base, shift, b, maxY);
    }

    private IdLookup(long n, long base, int shift, int bucketBits, long maxY) {
        this.n = n;
        this.base = base;
        this.shift = shift;
        this.bucketBits = bucketBits;
        this.buckets = (maxY >>> bucketBits) + 2;
        this.wideLow = bucketBits > 8;
        this.table = arena.allocate(4 * buckets, 8);
        this.low = arena.allocate(Math.max(1, n * (wideLow ? 2 : 1)), 8);
    }

    /** Adds the next id, in ascending order. */
    void add(long id) {
        long y = (id - base) >>> shift;
        long bucket = y >>> bucketBits;
        while (filled <= bucket) {
            table.setAtIndex(ValueLayout.JAVA_INT, filled++, (int) added);
        }
        long l = y & ((1L << bucketBits) - 1);
        if (wideLow) {
            low.setAtIndex(ValueLayout.JAVA_SHORT, added, (short) l);
        } else {
            low.set(ValueLayout.JAVA_BYTE, added, (byte) l);
        }
        added++;
    }

    void finish() {
        while (filled < buckets) {
            table.setAtIndex(ValueLayout.JAVA_INT, filled++, (int) added);
        }
    }

    /** The index of {@code id}, or -1. */
    int indexOf(long id) {
        long d = id - base;
        if (d < 0 || (d & ((1L << shift) - 1)) != 0) {
            return -1;
        }
        long y = d >>> shift;
        long bucket = y >>> bucketBits;
        if (bucket >= buckets - 1) {
            return -1;
        }
        int i = table.getAtIndex(ValueLayout.JAVA_INT, bucket);
        int end = table.getAtIndex(ValueLayout.JAVA_INT, bucket + 1);
        int l = (int) (y & ((1L << bucketBits) - 1));
        for (; i < end; i++) {
            int v = wideLow ? low.getAtIndex(ValueLayout.JAVA_SHORT, i) & 0xFFFF : low.get(ValueLayout.JAVA_BYTE, i) & 0xFF;
            if (v == l) {
                return i;
            }
            if (v > l) {
                return -1;
            }
        }
        return -1;
    }

    @Override
    public void close() {
        arena.close();
    }
}
