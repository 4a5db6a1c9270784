package dev.heapwise.ddm.heap;

import java.util.Arrays;

/**
 * One heap's full segment map, as assembled by {@link HeapSegmentAssembler}: runs of equal state
 * in address order, stored in primitive arrays (17 bytes per run, no object per run). Adjacent
 * runs with the same state are merged, except in HPSO heaps, where a run ends at an object
 * boundary and only runs flagged "partial" are joined to the next one; so one piece or several
 * pieces describing the same memory give equal bitmaps.
 *
 * <p>Immutable and thread-safe. Accessors are O(1); {@link #statistics()} is O(runs).
 */
public final class HeapBitmap {
    private final int heapId;
    private final boolean nativeHeap;
    private final boolean objectBoundaries;
    private final int unitSize;
    private final long[] address;
    private final long[] bytes;
    private final byte[] state;
    private final int runs;

    HeapBitmap(int heapId, boolean nativeHeap, boolean objectBoundaries, int unitSize,
               long[] address, long[] bytes, byte[] state, int runs) {
        this.heapId = heapId;
        this.nativeHeap = nativeHeap;
        this.objectBoundaries = objectBoundaries;
        this.unitSize = unitSize;
        this.address = address;
        this.bytes = bytes;
        this.state = state;
        this.runs = runs;
    }

    public int heapId() {
        return heapId;
    }

    /** True for a native heap (NHST/NHSG/NHEN). */
    public boolean nativeHeap() {
        return nativeHeap;
    }

    /** True when runs end at object boundaries (HPSO data). */
    public boolean objectBoundaries() {
        return objectBoundaries;
    }

    /** The smallest allocation unit among the pieces, in bytes; 0 for an empty heap. */
    public int unitSize() {
        return unitSize;
    }

    public int runCount() {
        return runs;
    }

    /** Start address of run {@code i} in bytes. */
    public long runAddress(int i) {
        return address[check(i)];
    }

    /** Length of run {@code i} in bytes. */
    public long runBytes(int i) {
        return bytes[check(i)];
    }

    /** State of run {@code i}: {@code (kind << 3) | solidity}, without the partial flag. */
    public int runState(int i) {
        return state[check(i)] & 0x3f;
    }

    /** Bytes covered by all runs (address gaps between segments are not counted). */
    public long totalBytes() {
        long total = 0;
        for (int i = 0; i < runs; i++) {
            total += bytes[i];
        }
        return total;
    }

    /** Number of contiguous address ranges. */
    public int segmentCount() {
        int segments = 0;
        for (int i = 0; i < runs; i++) {
            if (i == 0 || address[i] != address[i - 1] + bytes[i - 1]) {
                segments++;
            }
        }
        return segments;
    }

    /** Computes the statistics; O(runs), allocates only the result. */
    public HeapStatistics statistics() {
        return HeapStatistics.of(this);
    }

    private int check(int i) {
        return java.util.Objects.checkIndex(i, runs);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HeapBitmap b && b.heapId == heapId && b.nativeHeap == nativeHeap
                && b.objectBoundaries == objectBoundaries && b.runs == runs
                && Arrays.equals(address, 0, runs, b.address, 0, runs)
                && Arrays.equals(bytes, 0, runs, b.bytes, 0, runs)
                && Arrays.equals(state, 0, runs, b.state, 0, runs);
    }

    @Override
    public int hashCode() {
        int h = heapId * 31 + runs;
        for (int i = 0; i < runs; i++) {
            h = h * 31 + Long.hashCode(address[i]) + 7 * Long.hashCode(bytes[i]) + state[i];
        }
        return h;
    }

    @Override
    public String toString() {
        return "HeapBitmap[heap " + heapId + (nativeHeap ? " (native)" : "") + ", " + runs + " runs, "
                + totalBytes() + " bytes in " + segmentCount() + " segments]";
    }
}
