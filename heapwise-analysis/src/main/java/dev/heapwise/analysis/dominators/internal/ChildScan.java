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
                for (int k = nextEqual(block, 0, len, parent); k < len; k = nextEqual(block, k + 1, len, parent)) {
                    if (count == mine.length) {
                        mine = Arrays.copyOf(mine, 2 * count);
                    }
                    mine[count++] = base + k;
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
        // A filter of the parents' low bits, 1,024 bits per parent (4,096 at least) and no more than
        // one per object: small enough for the first-level cache when a view asks for a few dozen
        // parents, where a bit per object (megabytes) took a cache miss per entry read. A hit is
        // checked: about one entry in a thousand passes the filter without being a parent's child.
        long bits = Math.min(Long.highestOneBit(Math.max(4096L, 1024L * p) - 1) << 1,
                Long.highestOneBit(Math.max(64L, n) - 1) << 1);
        long[] wanted = new long[(int) (bits >>> 6)];
        int mask = (int) (bits - 1);
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
                wanted[(x & mask) >>> 6] |= 1L << x;
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
                for (int k = nextCandidate(block, 0, len, wanted, mask, root >= 0); k < len;
                        k = nextCandidate(block, k + 1, len, wanted, mask, root >= 0)) {
                    int d = block[k];
                    int slot;
                    if (d >= 0) {
                        int at = Arrays.binarySearch(sortedParents, d);
                        if (at < 0) {
                            continue;
                        }
                        slot = slotOf[at];
                    } else {
                        slot = root;
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

    /*
     * The two searches below are loops of their own: C2 compiles each in a few milliseconds, where
     * a pass's whole loop took tens, and the pass runs interpreted until then (ARCHITECTURE.md, "Hot
     * loops and the JIT").
     */

    /** The first {@code k} in {@code [from, len)} with {@code block[k] == value}, or {@code len}. */
    static int nextEqual(int[] block, int from, int len, int value) {
        for (int k = from; k < len; k++) {
            if (block[k] == value) {
                return k;
            }
        }
        return len;
    }

    /**
     * The first {@code k} in {@code [from, len)} whose entry may be a parent's: an object whose bit
     * is set in {@code filter} (at its low bits, {@code mask}), or the virtual root when
     * {@code root}; {@code len} if none.
     */
    static int nextCandidate(int[] block, int from, int len, long[] filter, int mask, boolean root) {
        for (int k = from; k < len; k++) {
            int d = block[k];
            if (d >= 0 ? (filter[(d & mask) >>> 6] & (1L << d)) != 0 : d == SemiNca.ROOT && root) {
                return k;
            }
        }
        return len;
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
