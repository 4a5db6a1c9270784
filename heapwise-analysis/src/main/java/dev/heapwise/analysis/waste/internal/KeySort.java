package dev.heapwise.analysis.waste.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import java.lang.foreign.MemorySegment;

/**
 * Sorts parallel native arrays of 64-bit keys and int payloads by key (unsigned), with an LSD
 * radix sort of four 16-bit digits: O(n), two temporary native arrays of the same size (12 bytes
 * per element, spilled to scratch files like any {@code NativeMemory} when memory is short), no
 * boxing. Equal keys keep their order.
 */
public final class KeySort {
    private KeySort() {}

    public static void sort(NativeLongs keys, NativeInts values, long n) {
        if (n < 2) {
            return;
        }
        try (NativeLongs k2 = NativeLongs.allocateUninitialized(n); NativeInts v2 = NativeInts.allocateUninitialized(n)) {
            long[] count = new long[1 << 16];
            MemorySegment ka = keys.segment();
            MemorySegment va = values.segment();
            MemorySegment kb = k2.segment();
            MemorySegment vb = v2.segment();
            for (int shift = 0; shift < 64; shift += 16) {
                java.util.Arrays.fill(count, 0);
                for (long i = 0; i < n; i++) {
                    count[(int) ((NativeLongs.get(ka, i) >>> shift) & 0xFFFF)]++;
                }
                long sum = 0;
                for (int d = 0; d < count.length; d++) {
                    long c = count[d];
                    count[d] = sum;
                    sum += c;
                }
                for (long i = 0; i < n; i++) {
                    long k = NativeLongs.get(ka, i);
                    long at = count[(int) ((k >>> shift) & 0xFFFF)]++;
                    NativeLongs.set(kb, at, k);
                    NativeInts.set(vb, at, NativeInts.get(va, i));
                }
                MemorySegment tk = ka;
                ka = kb;
                kb = tk;
                MemorySegment tv = va;
                va = vb;
                vb = tv;
            }
            // Four passes: the result is back in the original arrays.
        }
    }
}
