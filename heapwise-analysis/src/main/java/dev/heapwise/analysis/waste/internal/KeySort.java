package dev.heapwise.analysis.waste.internal;

/**
 * Sorts parallel arrays of 64-bit keys and int payloads by key (unsigned), with an LSD radix sort
 * of four 16-bit digits: O(n), two temporary arrays, no boxing. Equal keys keep their order.
 */
public final class KeySort {
    private KeySort() {}

    public static void sort(long[] keys, int[] values, int n) {
        long[] k2 = new long[n];
        int[] v2 = new int[n];
        int[] count = new int[1 << 16];
        long[] ka = keys;
        int[] va = values;
        long[] kb = k2;
        int[] vb = v2;
        for (int shift = 0; shift < 64; shift += 16) {
            java.util.Arrays.fill(count, 0);
            for (int i = 0; i < n; i++) {
                count[(int) ((ka[i] >>> shift) & 0xFFFF)]++;
            }
            int sum = 0;
            for (int d = 0; d < count.length; d++) {
                int c = count[d];
                count[d] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                int d = (int) ((ka[i] >>> shift) & 0xFFFF);
                int at = count[d]++;
                kb[at] = ka[i];
                vb[at] = va[i];
            }
            long[] tk = ka;
            ka = kb;
            kb = tk;
            int[] tv = va;
            va = vb;
            vb = tv;
        }
        // Four passes: the result is back in the original arrays.
    }
}
