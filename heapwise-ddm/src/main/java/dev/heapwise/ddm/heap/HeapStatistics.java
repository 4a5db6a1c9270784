package dev.heapwise.ddm.heap;

import java.util.ArrayList;
import java.util.List;

/**
 * What a {@link HeapBitmap} says about its heap.
 *
 * <ul>
 *   <li>Bytes per (kind, solidity); free bytes are those with solidity 0, whatever their kind.</li>
 *   <li>Free blocks: maximal address-contiguous stretches of free runs. Their histogram uses
 *       power-of-two size classes {@code [2^k, 2^(k+1))} bytes.</li>
 *   <li>Fragmentation index: {@code 1 - largestFreeBlock / freeBytes}; 0 when all free memory is
 *       one block (or there is none), approaching 1 when free memory is scattered in small
 *       pieces.</li>
 *   <li>Objects: for HPSO heaps, the number of used runs (each run is one object); -1 otherwise,
 *       since HPSG runs do not end at object boundaries.</li>
 * </ul>
 *
 * Immutable and thread-safe.
 */
public final class HeapStatistics {
    private final long totalBytes;
    private final long[] bytesByState; // index (kind << 3) | solidity
    private final long freeBytes;
    private final long largestFreeBlock;
    private final long freeBlocks;
    private final long[] histogramCount;
    private final long[] histogramBytes;
    private final long objects;

    private HeapStatistics(long totalBytes, long[] bytesByState, long freeBytes, long largestFreeBlock,
                           long freeBlocks, long[] histogramCount, long[] histogramBytes, long objects) {
        this.totalBytes = totalBytes;
        this.bytesByState = bytesByState;
        this.freeBytes = freeBytes;
        this.largestFreeBlock = largestFreeBlock;
        this.freeBlocks = freeBlocks;
        this.histogramCount = histogramCount;
        this.histogramBytes = histogramBytes;
        this.objects = objects;
    }

    static HeapStatistics of(HeapBitmap b) {
        long[] byState = new long[64];
        long[] hCount = new long[64];
        long[] hBytes = new long[64];
        long total = 0;
        long free = 0;
        long largest = 0;
        long blocks = 0;
        long objects = 0;
        long block = 0;
        long blockEnd = Long.MIN_VALUE;
        for (int i = 0; i < b.runCount(); i++) {
            int s = b.runState(i);
            long len = b.runBytes(i);
            long at = b.runAddress(i);
            total += len;
            byState[s] += len;
            boolean isFree = (s & 7) == HeapStates.SOLIDITY_FREE;
            if (isFree) {
                free += len;
                if (block > 0 && at == blockEnd) {
                    block += len;
                } else {
                    if (block > 0) {
                        blocks++;
                        largest = Math.max(largest, block);
                        int k = 63 - Long.numberOfLeadingZeros(block);
                        hCount[k]++;
                        hBytes[k] += block;
                    }
                    block = len;
                }
                blockEnd = at + len;
            } else {
                objects++;
                if (block > 0) {
                    blocks++;
                    largest = Math.max(largest, block);
                    int k = 63 - Long.numberOfLeadingZeros(block);
                    hCount[k]++;
                    hBytes[k] += block;
                    block = 0;
                }
            }
        }
        if (block > 0) {
            blocks++;
            largest = Math.max(largest, block);
            int k = 63 - Long.numberOfLeadingZeros(block);
            hCount[k]++;
            hBytes[k] += block;
        }
        return new HeapStatistics(total, byState, free, largest, blocks, hCount, hBytes,
                b.objectBoundaries() ? objects : -1);
    }

    /** Bytes described by the bitmap. */
    public long totalBytes() {
        return totalBytes;
    }

    public long freeBytes() {
        return freeBytes;
    }

    public long usedBytes() {
        return totalBytes - freeBytes;
    }

    /** Bytes in runs of this kind (0-7) and solidity (0-7). */
    public long bytes(int kind, int solidity) {
        return bytesByState[((kind & 7) << 3) | (solidity & 7)];
    }

    /** Used bytes (solidity not free) of one kind. */
    public long usedBytesOfKind(int kind) {
        long sum = 0;
        for (int s = 1; s < 8; s++) {
            sum += bytes(kind, s);
        }
        return sum;
    }

    /** Bytes of one solidity, all kinds. */
    public long bytesOfSolidity(int solidity) {
        long sum = 0;
        for (int k = 0; k < 8; k++) {
            sum += bytes(k, solidity);
        }
        return sum;
    }

    public long largestFreeBlock() {
        return largestFreeBlock;
    }

    /** Number of maximal free stretches. */
    public long freeBlocks() {
        return freeBlocks;
    }

    /** {@code 1 - largestFreeBlock / freeBytes}, in [0, 1). */
    public double fragmentationIndex() {
        return freeBytes == 0 ? 0.0 : 1.0 - (double) largestFreeBlock / freeBytes;
    }

    /** Objects in an HPSO heap, or -1 when the data had no object boundaries. */
    public long objects() {
        return objects;
    }

    /** One size class of the free-block histogram. */
    public record FreeBlockClass(long minBytes, long maxBytesExclusive, long blocks, long bytes) {}

    /** Non-empty size classes, smallest first. */
    public List<FreeBlockClass> freeBlockHistogram() {
        List<FreeBlockClass> out = new ArrayList<>();
        for (int k = 0; k < 63; k++) {
            if (histogramCount[k] > 0) {
                out.add(new FreeBlockClass(1L << k, 1L << (k + 1), histogramCount[k], histogramBytes[k]));
            }
        }
        return out;
    }

    /** States present, as {@code (kind << 3) | solidity}, in ascending order. */
    public int[] statesPresent() {
        int n = 0;
        int[] out = new int[64];
        for (int s = 0; s < 64; s++) {
            if (bytesByState[s] > 0) {
                out[n++] = s;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /** Bytes in one state {@code (kind << 3) | solidity}. */
    public long bytesOfState(int state) {
        return bytesByState[state & 0x3f];
    }
}
