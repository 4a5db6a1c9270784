package dev.heapwise.analysis.paths.internal;

import dev.heapwise.analysis.paths.MergedPaths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * The shortest paths of many targets merged into one tree, read from their parents: the
 * objects on some target's path are marked by walking up from each target until a marked object,
 * counted leaves first (by depth), and only the nodes returned are named. Primitive arrays of a few
 * ints per object on the paths; no path is materialised, so a class with millions of instances
 * merges in memory proportional to the objects on their paths, not to the sum of the paths' lengths.
 */
public final class PathTree {
    private final StepLabels labels;
    /** Objects on some target's path, ascending. */
    private final int[] nodes;
    /** Per node: targets at or beneath it. */
    private final int[] count;
    /** Children of node i: {@code kids[kidStart[i] .. kidStart[i + 1])}; roots are the last group. */
    private final int[] kidStart;
    private final int[] kids;

    /**
     * @param parentOf an object's parent on its path: -1 for a root, -2 for an object on no path
     *                 (as {@link PathSearch#parentOf})
     * @param targets  bit set of the target objects (only those on a path count)
     */
    public PathTree(IntUnaryOperator parentOf, StepLabels labels, long[] targets, int objectCount) {
        this.labels = labels;
        long[] onPath = new long[(objectCount + 63) >>> 6];
        int marked = 0;
        for (int w = 0; w < targets.length; w++) {
            for (long bits = targets[w]; bits != 0; bits &= bits - 1) {
                int o = (w << 6) + Long.numberOfTrailingZeros(bits);
                while (o >= 0 && (onPath[o >>> 6] & (1L << o)) == 0 && parentOf.applyAsInt(o) != -2) {
                    onPath[o >>> 6] |= 1L << o;
                    marked++;
                    o = parentOf.applyAsInt(o);
                }
            }
        }
        nodes = new int[marked];
        for (int w = 0, k = 0; w < onPath.length; w++) {
            for (long bits = onPath[w]; bits != 0; bits &= bits - 1) {
                nodes[k++] = (w << 6) + Long.numberOfTrailingZeros(bits);
            }
        }
        int m = marked;
        int[] parentNode = new int[m];
        for (int i = 0; i < m; i++) {
            int p = parentOf.applyAsInt(nodes[i]);
            parentNode[i] = p < 0 ? -1 : indexOf(p);
        }
        // Depths, each found once: walk up to a known depth, then assign on the way back down.
        int[] depth = new int[m];
        Arrays.fill(depth, -1);
        int[] stack = new int[16];
        int maxDepth = 0;
        for (int i = 0; i < m; i++) {
            int sp = 0;
            int v = i;
            while (v >= 0 && depth[v] < 0) {
                if (sp == stack.length) {
                    stack = Arrays.copyOf(stack, 2 * sp);
                }
                stack[sp++] = v;
                v = parentNode[v];
            }
            int d = v < 0 ? -1 : depth[v];
            while (sp > 0) {
                depth[stack[--sp]] = ++d;
            }
            maxDepth = Math.max(maxDepth, depth[i]);
        }
        // Counts summed up the tree, deepest first (a counting sort by depth).
        int[] byDepth = groupBy(depth, maxDepth + 1, m);
        count = new int[m];
        for (int w = 0; w < targets.length; w++) {
            for (long bits = targets[w]; bits != 0; bits &= bits - 1) {
                int o = (w << 6) + Long.numberOfTrailingZeros(bits);
                if ((onPath[o >>> 6] & (1L << o)) != 0) {
                    count[indexOf(o)]++;
                }
            }
        }
        for (int k = m - 1; k >= 0; k--) {
            int i = byDepth[k];
            if (parentNode[i] >= 0) {
                count[parentNode[i]] += count[i];
            }
        }
        // Children grouped by parent; the roots' group goes last (parent index m).
        int[] key = new int[m];
        for (int i = 0; i < m; i++) {
            key[i] = parentNode[i] < 0 ? m : parentNode[i];
        }
        kidStart = new int[m + 2];
        for (int i = 0; i < m; i++) {
            kidStart[key[i] + 1]++;
        }
        for (int i = 0; i <= m; i++) {
            kidStart[i + 1] += kidStart[i];
        }
        kids = groupBy(key, m + 1, m);
    }

    /** The items 0..m-1 ordered by key (stable), for keys in [0, keys). */
    private static int[] groupBy(int[] key, int keys, int m) {
        int[] start = new int[keys + 1];
        for (int i = 0; i < m; i++) {
            start[key[i] + 1]++;
        }
        for (int k = 0; k < keys; k++) {
            start[k + 1] += start[k];
        }
        int[] out = new int[m];
        for (int i = 0; i < m; i++) {
            out[start[key[i]]++] = i;
        }
        return out;
    }

    private int indexOf(int object) {
        return Arrays.binarySearch(nodes, object);
    }

    /**
     * The merged tree: at most {@code branches} children per node, most targets first (ties by
     * object), and {@code depth} levels (the paths of a long linked list are as deep as the list);
     * below that, each node counts its branches and targets as left out.
     */
    public MergedPaths.Level top(int branches, int depth) {
        return level(nodes.length, -1, branches, depth);
    }

    private MergedPaths.Level level(int parent, int parentObject, int branches, int depth) {
        int from = kidStart[parent];
        int to = kidStart[parent + 1];
        if (depth <= 0) {
            long below = 0;
            for (int k = from; k < to; k++) {
                below += count[kids[k]];
            }
            return new MergedPaths.Level(List.of(), to - from, below);
        }
        // Most targets first, then lower object index: one primitive sort of packed keys.
        long[] order = new long[to - from];
        for (int k = from; k < to; k++) {
            int i = kids[k];
            order[k - from] = ((long) (Integer.MAX_VALUE - count[i]) << 32) | i;
        }
        Arrays.sort(order);
        int shown = Math.min(order.length, Math.max(0, branches));
        List<MergedPaths.Node> out = new ArrayList<>(shown);
        for (int k = 0; k < shown; k++) {
            int i = (int) order[k];
            MergedPaths.Level below = level(i, nodes[i], branches, depth - 1);
            out.add(new MergedPaths.Node(labels.step(parentObject, nodes[i]), count[i], below.nodes(),
                    below.otherBranches(), below.otherTargets()));
        }
        long rest = 0;
        for (int k = shown; k < order.length; k++) {
            rest += count[(int) order[k]];
        }
        return new MergedPaths.Level(out, order.length - shown, rest);
    }
}
