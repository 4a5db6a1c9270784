package dev.heapwise.analysis.internal;

import java.util.Arrays;
import java.util.function.IntToLongFunction;

/**
 * The {@code k} objects with the biggest key (a retained size, typically) among those offered,
 * ties to the lower index: a bounded min-heap of ints, so picking the top 100 of millions costs
 * O(n log k) and no boxing. Not thread-safe; merge the heaps of several threads with {@link #offerAll}.
 */
public final class TopK {
    private final int k;
    private final IntToLongFunction key;
    private int[] heap = new int[0];
    /** The key of each kept object, beside it: a candidate is compared with the worst kept without a lookup. */
    private long[] keys = new long[0];
    private int size;

    public TopK(int k, IntToLongFunction key) {
        this.k = Math.max(0, k);
        this.key = key;
    }

    public void offer(int o) {
        if (k != 0) {
            offer(o, key.applyAsLong(o));
        }
    }

    private void offer(int o, long ko) {
        if (size < k) {
            if (size == heap.length) {
                int grown = Math.min(k, Math.max(16, size * 2));
                heap = Arrays.copyOf(heap, grown);
                keys = Arrays.copyOf(keys, grown);
            }
            heap[size] = o;
            keys[size] = ko;
            up(size++);
        } else if (better(ko, o, keys[0], heap[0])) {
            heap[0] = o;
            keys[0] = ko;
            down(heap, keys, size);
        }
    }

    /** Offers everything {@code other} kept; both must rank by the same key. */
    public void offerAll(TopK other) {
        if (k == 0) {
            return;
        }
        for (int i = 0; i < other.size; i++) {
            offer(other.heap[i], other.keys[i]);
        }
    }

    public int size() {
        return size;
    }

    /** The kept objects, best first (the heap emptied from its worst end: O(k log k)). */
    public int[] sorted() {
        int[] out = Arrays.copyOf(heap, size);
        long[] ks = Arrays.copyOf(keys, size);
        for (int end = size - 1; end > 0; end--) {
            swap(out, ks, 0, end);
            down(out, ks, end);
        }
        return out;
    }

    /** Whether (ka, a) ranks before (kb, b): bigger key, then lower index. */
    private static boolean better(long ka, int a, long kb, int b) {
        return ka != kb ? ka > kb : a < b;
    }

    private void up(int i) {
        while (i > 0) {
            int q = (i - 1) >>> 1;
            if (!better(keys[q], heap[q], keys[i], heap[i])) {
                break;
            }
            swap(heap, keys, q, i);
            i = q;
        }
    }

    /** Sifts the root of the min-heap {@code h[0..n)} down (the worst kept object stays on top). */
    private static void down(int[] h, long[] ks, int n) {
        int i = 0;
        while (true) {
            int l = 2 * i + 1;
            if (l >= n) {
                return;
            }
            int worst = l + 1 < n && better(ks[l], h[l], ks[l + 1], h[l + 1]) ? l + 1 : l;
            if (!better(ks[i], h[i], ks[worst], h[worst])) {
                return;
            }
            swap(h, ks, i, worst);
            i = worst;
        }
    }

    private static void swap(int[] h, long[] ks, int a, int b) {
        int t = h[a];
        h[a] = h[b];
        h[b] = t;
        long kt = ks[a];
        ks[a] = ks[b];
        ks[b] = kt;
    }
}
