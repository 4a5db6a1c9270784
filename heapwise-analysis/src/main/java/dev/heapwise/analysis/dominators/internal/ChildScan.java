package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.Parallel;
import dev.heapwise.analysis.internal.TopK;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The children of a few tree nodes found by one pass over the immediate dominator array, without
 * a children index: how many each has, and its {@code limit} biggest by retained size (ties by
 * lower object index), biggest first. A pass reads 4 bytes per object in order (tens of
 * milliseconds for 10^7 objects, on two threads), where a children index costs 8 bytes per object
 * and two random passes to build: views that show a few levels of the tree are far cheaper this way.
 */
public final class ChildScan {
    /**
     * Every child of {@code parent} ({@code SemiNca.ROOT} for the virtual root), in object order: one
     * pass, as {@link #scan} makes it, each part collecting its own, joined in part order.
     */
    public static int[] childrenInOrder(TreeArrays tree, int n, int parent, int threads) {
        return childrenInOrder(tree, n, parent, threads, BLOCK);
    }

    static int[] childrenInOrder(TreeArrays tree, int n, int parent, int threads, int blockSize) {
        int parts = Parallel.parts(n, threads);
        int[] bounds = Parallel.bounds(n, parts);
        int[][] found = new int[parts][];
        Parallel.run(parts, part -> {
            MemorySegment idoms = tree.idomSegment();
            int[] block = new int[Math.min(blockSize, Math.max(1, bounds[part + 1] - bounds[part]))];
            int[] mine = new int[16];
            int count = 0;
            for (int base = bounds[part]; base < bounds[part + 1]; base += block.length) {
                int len = Math.min(block.length, bounds[part + 1] - base);
                MemorySegment.copy(idoms, NativeInts.INT, 4L * base, block, 0, len);
                for (int k = 0; k < len; k++) {
                    if (block[k] == parent) {
                        if (count == mine.length) {
                            mine = Arrays.copyOf(mine, 2 * count);
                        }
                        mine[count++] = base + k;
                    }
                }
            }
            found[part] = Arrays.copyOf(mine, count);
        });
        int total = 0;
        for (int[] f : found) {
            total += f.length;
        }
        int[] out = new int[total];
        for (int part = 0, at = 0; part < parts; at += found[part].length, part++) {
            System.arraycopy(found[part], 0, out, at, found[part].length);
        }
        return out;
    }

    /** Children of one node: how many, and the biggest ones, biggest first. */
    public record Kids(int count, int[] largest) {}

    private ChildScan() {}

    /**
     * @param parents nodes ({@code SemiNca.ROOT} for the virtual root), without repeats
     * @return per parent, in the order given
     */
    public static Kids[] scan(TreeArrays tree, int n, int[] parents, int limit, int threads) {
        return scan(tree, n, parents, limit, threads, BLOCK);
    }

    /** Objects per block copied out of the tree: 64 KB. */
    private static final int BLOCK = 1 << 14;

    static Kids[] scan(TreeArrays tree, int n, int[] parents, int limit, int threads, int blockSize) {
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
        // Copied out a block at a time, so the loop runs over a plain int[]: read one by one, each
        // element of the mapped segment paid the segment's access checks.
        Parallel.run(parts, part -> {
            Heaps h = new Heaps(p, keep, tree);
            MemorySegment idoms = tree.idomSegment();
            int[] block = new int[Math.min(blockSize, Math.max(1, bounds[part + 1] - bounds[part]))];
            for (int base = bounds[part]; base < bounds[part + 1]; base += block.length) {
                int len = Math.min(block.length, bounds[part + 1] - base);
                MemorySegment.copy(idoms, NativeInts.INT, 4L * base, block, 0, len);
                for (int k = 0; k < len; k++) {
                    int d = block[k];
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
                    h.offer(slot, base + k);
                }
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

    /** Per slot: how many children, and the biggest kept ({@link TopK}). */
    private static final class Heaps {
        final int[] count;
        final TopK[] top;

        Heaps(int slots, int keep, TreeArrays tree) {
            this.count = new int[slots];
            this.top = new TopK[slots];
            for (int s = 0; s < slots; s++) {
                top[s] = new TopK(keep, tree::retained);
            }
        }

        void offer(int slot, int o) {
            count[slot]++;
            top[slot].offer(o);
        }

        void merge(Heaps other) {
            for (int s = 0; s < count.length; s++) {
                count[s] += other.count[s];
                top[s].offerAll(other.top[s]);
            }
        }

        int[] sorted(int slot) {
            return top[slot].sorted();
        }
    }
}
