package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.Parallel;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Immediate dominators of vertices no path leaves: leaves of the {@link CompactGraph} and sink
 * targets. No other vertex's dominators depend on them, so each one's immediate dominator is simply
 * the nearest common dominator of its reachable predecessors (a vertex x dominates a leaf w if and
 * only if x dominates all of w's predecessors), found by walking up the finished tree of the other
 * vertices. In preorder numbers a dominator is always numbered below what it dominates, so the
 * walk is "move the bigger of the two up" until they meet; it stops early at the virtual root.
 */
final class LeafDominators {
    private LeafDominators() {}

    /** The nearest common dominator of a and b (preorder numbers; 0 is the virtual root). */
    static int nca(MemorySegment idom, int a, int b) {
        while (a != b) {
            if (a > b) {
                a = NativeInts.get(idom, a);
            } else {
                b = NativeInts.get(idom, b);
            }
        }
        return a;
    }

    /**
     * Sets the immediate dominator of every leaf reached more than once (sink targets excepted: see
     * {@link #sinkTargets}) from its predecessor list. Such leaves are found word by word in the
     * bit sets (a few hundred among tens of millions of vertices, typically), not by a pass over
     * every number.
     */
    static void leaves(CompactGraph cg, long[] twice, PredecessorLists lists, MemorySegment pre,
            MemorySegment idom, long[] sinkTargets) {
        MemorySegment numbers = lists.numbers;
        long[] leaf = cg.leaf;
        for (int w = 0; w < twice.length; w++) {
            for (long bits = twice[w] & leaf[w] & ~sinkTargets[w]; bits != 0; bits &= bits - 1) {
                int v = (w << 6) + Long.numberOfTrailingZeros(bits);
                int i = NativeInts.get(pre, v);
                int r = lists.rank(v);
                int c = NativeInts.get(idom, i); // the tree parent: one predecessor
                for (long e = lists.start(r), end = lists.start(r + 1); e < end && c != 0; e++) {
                    c = nca(idom, c, NativeInts.get(numbers, e));
                }
                NativeInts.set(idom, i, c);
            }
        }
    }

    /** Bit per vertex: the target of a sink group. */
    static long[] sinkTargetBits(Digraph g, CompactGraph cg) {
        long[] bits = new long[(g.vertexCount() + 64) >>> 6];
        for (int k = 0; k < cg.sinkGroup.length; k++) {
            if (cg.sinkGroup[k]) {
                int t = g.groupTarget(k);
                bits[t >>> 6] |= 1L << t;
            }
        }
        return bits;
    }

    /** Vertices whose groups are read at a time. */
    private static final int BLOCK = 4096;

    /**
     * Folds the numbered members of sink groups among vertices {@code [first, first + count)} (their
     * groups in {@code groups}) into {@code c}: per group, the nearest common dominator so far.
     */
    private static void sinkMembers(int first, int count, int[] groups, boolean[] sink, int[] target,
            MemorySegment pre, MemorySegment idom, int[] c) {
        for (int j = 0; j < count; j++) {
            int k = groups[j];
            int v = first + j;
            if (k < 0 || !sink[k] || v == target[k]) {
                continue;
            }
            int number = NativeInts.get(pre, v);
            if (number == 0 || c[k] == 0) {
                continue;
            }
            c[k] = c[k] < 0 ? number : nca(idom, c[k], number);
        }
    }

    /**
     * Places the sink targets: the nearest common dominator of their stored predecessors and of
     * every member of their groups (one pass over the groups of all vertices, on two threads). A
     * target reached only through its group edges gets the next free number. Returns the next free
     * number afterwards.
     */
    static int sinkTargets(Digraph g, CompactGraph cg, long[] twice, PredecessorLists lists, MemorySegment pre,
            MemorySegment vertex, MemorySegment idom, int next, int threads) {
        int groups = g.groupCount();
        boolean any = false;
        for (boolean s : cg.sinkGroup) {
            any |= s;
        }
        if (!any) {
            return next;
        }
        int n = g.vertexCount();
        int parts = Parallel.parts(n, threads);
        int[] bounds = Parallel.bounds(n, parts);
        int[][] found = new int[parts][];
        int[] target = new int[groups];
        for (int k = 0; k < groups; k++) {
            target[k] = g.groupTarget(k);
        }
        Parallel.run(parts, p -> {
            int[] c = new int[groups];
            Arrays.fill(c, -1);
            int[] block = new int[BLOCK];
            for (int v = bounds[p]; v < bounds[p + 1]; v += BLOCK) {
                int count = Math.min(BLOCK, bounds[p + 1] - v);
                g.groupsOf(v, count, block);
                sinkMembers(v, count, block, cg.sinkGroup, target, pre, idom, c);
            }
            found[p] = c;
        });
        int[] c = found[0];
        for (int p = 1; p < parts; p++) {
            for (int k = 0; k < groups; k++) {
                int o = found[p][k];
                if (o >= 0) {
                    c[k] = c[k] < 0 ? o : nca(idom, c[k], o);
                }
            }
        }
        // A vertex may be the target of several groups: combine per target vertex.
        java.util.Map<Integer, Integer> byTarget = new java.util.HashMap<>();
        for (int k = 0; k < groups; k++) {
            if (!cg.sinkGroup[k]) {
                continue;
            }
            int t = g.groupTarget(k);
            int prev = byTarget.getOrDefault(t, -2);
            int mine = c[k];
            byTarget.put(t, prev == -2 ? mine : prev < 0 ? mine : mine < 0 ? prev : nca(idom, prev, mine));
        }
        int[] targets = byTarget.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
        for (int t : targets) {
            int best = byTarget.get(t);
            int own = NativeInts.get(pre, t);
            if (own > 0) {
                // Reached through a stored edge: its tree parent and (if more than one) its listed predecessors count too.
                int parent = NativeInts.get(idom, own);
                best = best < 0 ? parent : nca(idom, best, parent);
                if ((twice[t >>> 6] & (1L << t)) != 0) {
                    int r = lists.rank(t);
                    for (long e = lists.start(r), end = lists.start(r + 1); e < end && best != 0; e++) {
                        best = nca(idom, best, NativeInts.get(lists.numbers, e));
                    }
                }
                NativeInts.set(idom, own, best);
            } else if (best >= 0) {
                // Reached only through group edges, never searched. No stored predecessor is
                // numbered: the search follows every stored edge into a non-root (a sink target's
                // are kept), and the vertices numbered without a search are sink targets, which
                // have no such edges.
                NativeInts.set(pre, t, next);
                NativeInts.set(vertex, next, t);
                NativeInts.set(idom, next, best);
                next++;
            }
        }
        return next;
    }
}
