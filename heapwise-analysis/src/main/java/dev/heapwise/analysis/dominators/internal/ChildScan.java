package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.Parallel;
import java.util.Arrays;

/**
 * The children of a few tree nodes found by one pass over the immediate dominator array, without
 * a children index: how many each has, and its {@code limit} biggest by retained size (ties by
 * lower object index), biggest first. A pass reads 4 bytes per object in order (tens of
 * milliseconds for 10^7 objects, on two threads), where a children index costs 8 bytes per object
 * and two random passes to build: views that show a few levels of the tree are far cheaper this way.
 */
public final class ChildScan {
    /** Children of one node: how many, and the biggest ones, biggest first. */
    public record Kids(int count, int[] largest) {}

    private ChildScan() {}

    /**
     * @param parents nodes ({@code SemiNca.ROOT} for the virtual root), without repeats
     * @return per parent, in the order given
     */
    public static Kids[] scan(TreeArrays tree, int n, int[] parents, int limit, int threads) {
        int p = parents.length;
        long[] wanted = new long[(n + 64) >>> 6];
        int rootSlot = -1;
        int[] sortedParents = new int[p];
        int[] slotOf = new int[p];
        Integer[] order = new Integer[p];
        for (int i = 0; i < p; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Integer.compare(parents[a], parents[b]));
        for (int i = 0; i < p; i++) {
            sortedParents[i] = parents[order[i]];
            slotOf[i] = order[i];
            int x = parents[order[i]];
            if (x == SemiNca.ROOT) {
                rootSlot = order[i];
            } else if (x >= 0) {
                wanted[x >>> 6] |= 1L << x;
            }
        }
        int keep = Math.max(0, limit);
        int parts = Parallel.parts(n, threads);
        int[] bounds = Parallel.bounds(n, parts);
        Heaps[] found = new Heaps[parts];
        final int root = rootSlot;
        Parallel.run(parts, part -> {
            Heaps h = new Heaps(p, keep, tree);
            for (int o = bounds[part]; o < bounds[part + 1]; o++) {
                int d = tree.idom(o);
                int slot;
                if (d >= 0) {
                    if ((wanted[d >>> 6] & (1L << d)) == 0) {
                        continue;
                    }
                    slot = slotOf[Arrays.binarySearch(sortedParents, d)];
                } else if (d == SemiNca.ROOT && root >= 0) {
                    slot = root;
                } else {
                    continue;
                }
                h.offer(slot, o);
            }
            found[part] = h;
        });
        Heaps all = found[0];
        for (int part = 1; part < parts; part++) {
            all.merge(found[part]);
        }
        Kids[] out = new Kids[p];
        for (int s = 0; s < p; s++) {
            out[s] = new Kids(all.count[s], all.sorted(s));
        }
        return out;
    }

    /** A bounded min-heap per slot, keyed by (retained size, -index): the worst kept is on top. */
    private static final class Heaps {
        final int[] count;
        final int[][] heap;
        final int[] size;
        final int keep;
        final TreeArrays tree;

        Heaps(int slots, int keep, TreeArrays tree) {
            this.count = new int[slots];
            this.heap = new int[slots][];
            this.size = new int[slots];
            this.keep = keep;
            this.tree = tree;
        }

        void offer(int slot, int o) {
            count[slot]++;
            if (keep == 0) {
                return;
            }
            int[] h = heap[slot];
            if (h == null) {
                h = heap[slot] = new int[Math.min(keep, 16)];
            }
            int s = size[slot];
            if (s < keep) {
                if (s == h.length) {
                    h = heap[slot] = Arrays.copyOf(h, Math.min(keep, s * 2));
                }
                h[s] = o;
                size[slot] = s + 1;
                up(h, s);
            } else if (better(o, h[0])) {
                h[0] = o;
                down(h, s);
            }
        }

        void merge(Heaps other) {
            for (int s = 0; s < count.length; s++) {
                int c = other.count[s];
                for (int i = 0; i < other.size[s]; i++) {
                    offer(s, other.heap[s][i]);
                }
                count[s] += c - other.size[s]; // offer counted the kept ones already
            }
        }

        int[] sorted(int slot) {
            int s = size[slot];
            Integer[] xs = new Integer[s];
            for (int i = 0; i < s; i++) {
                xs[i] = heap[slot][i];
            }
            Arrays.sort(xs, (a, b) -> better(a, b) ? -1 : better(b, a) ? 1 : 0);
            int[] out = new int[s];
            for (int i = 0; i < s; i++) {
                out[i] = xs[i];
            }
            return out;
        }

        /** Whether a ranks before b: bigger retained size, then lower index. */
        private boolean better(int a, int b) {
            long ra = tree.retained(a);
            long rb = tree.retained(b);
            return ra != rb ? ra > rb : a < b;
        }

        private void up(int[] h, int i) {
            while (i > 0) {
                int q = (i - 1) >>> 1;
                if (!better(h[q], h[i])) {
                    break;
                }
                int t = h[q];
                h[q] = h[i];
                h[i] = t;
                i = q;
            }
        }

        private void down(int[] h, int size) {
            int i = 0;
            while (true) {
                int l = 2 * i + 1;
                if (l >= size) {
                    return;
                }
                int worst = l + 1 < size && better(h[l], h[l + 1]) ? l + 1 : l;
                if (!better(h[i], h[worst])) {
                    return;
                }
                int t = h[i];
                h[i] = h[worst];
                h[worst] = t;
                i = worst;
            }
        }
    }
}
