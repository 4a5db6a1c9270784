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
    private int size;

    public TopK(int k, IntToLongFunction key) {
        this.k = Math.max(0, k);
        this.key = key;
    }

    public void offer(int o) {
        if (k == 0) {
            return;
        }
        if (size < k) {
            if (size == heap.length) {
                heap = Arrays.copyOf(heap, Math.min(k, Math.max(16, size * 2)));
            }
            heap[size] = o;
            up(size++);
        } else if (better(o, heap[0])) {
            heap[0] = o;
            down();
        }
    }

    /** Offers everything {@code other} kept. */
    public void offerAll(TopK other) {
        for (int i = 0; i < other.size; i++) {
            offer(other.heap[i]);
        }
    }

    public int size() {
        return size;
    }

    /** The kept objects, best first (the heap emptied from its worst end: O(k log k)). */
    public int[] sorted() {
        int[] out = Arrays.copyOf(heap, size);
        for (int end = size - 1; end > 0; end--) {
            int t = out[0];
            out[0] = out[end];
            out[end] = t;
            down(out, end);
        }
        return out;
    }

    /** Whether a ranks before b: bigger key, then lower index. */
    private boolean better(int a, int b) {
        long ka = key.applyAsLong(a);
        long kb = key.applyAsLong(b);
        return ka != kb ? ka > kb : a < b;
    }

    private void up(int i) {
        while (i > 0) {
            int q = (i - 1) >>> 1;
            if (!better(heap[q], heap[i])) {
                break;
            }
            swap(q, i);
            i = q;
        }
    }

    private void down() {
        down(heap, size);
    }

    /** Sifts the root of the min-heap {@code h[0..n)} down (the worst kept object stays on top). */
    private void down(int[] h, int n) {
        int i = 0;
        while (true) {
            int l = 2 * i + 1;
            if (l >= n) {
                return;
            }
            int worst = l + 1 < n && better(h[l], h[l + 1]) ? l + 1 : l;
            if (!better(h[i], h[worst])) {
                return;
            }
            int t = h[i];
            h[i] = h[worst];
            h[worst] = t;
            i = worst;
        }
    }

    private void swap(int a, int b) {
        int t = heap[a];
        heap[a] = heap[b];
        heap[b] = t;
    }
}
