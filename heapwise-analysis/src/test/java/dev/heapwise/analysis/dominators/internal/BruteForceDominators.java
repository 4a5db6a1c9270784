package dev.heapwise.analysis.dominators.internal;

import java.util.ArrayDeque;

/**
 * The definition, computed the slow way: x dominates y if and only if y is reachable from the
 * virtual root and removing x makes y unreachable. O(n * (n + m)).
 */
final class BruteForceDominators {
    final int[] idom;
    final long[] retained;
    final boolean[][] dominates;

    BruteForceDominators(ArrayDigraph g, int[] roots) {
        int n = g.n;
        boolean[] reach = reach(g, roots, -1);
        dominates = new boolean[n][n];
        for (int x = 0; x < n; x++) {
            if (!reach[x]) {
                continue;
            }
            boolean[] without = reach(g, roots, x);
            for (int y = 0; y < n; y++) {
                if (reach[y] && (y == x || !without[y])) {
                    dominates[x][y] = true;
                }
            }
        }
        idom = new int[n];
        retained = new long[n];
        for (int y = 0; y < n; y++) {
            if (!reach[y]) {
                idom[y] = SemiNca.UNREACHABLE;
                continue;
            }
            // The immediate dominator is the strict dominator that every other strict dominator dominates.
            int best = SemiNca.ROOT;
            int bestDepth = -1;
            for (int x = 0; x < n; x++) {
                if (x != y && dominates[x][y]) {
                    int depth = 0;
                    for (int z = 0; z < n; z++) {
                        if (dominates[z][x]) {
                            depth++;
                        }
                    }
                    if (depth > bestDepth) {
                        bestDepth = depth;
                        best = x;
                    }
                }
            }
            idom[y] = best;
            for (int x = 0; x < n; x++) {
                if (dominates[y][x]) {
                    retained[y] += g.sizes[x];
                }
            }
        }
    }

    static boolean[] reach(ArrayDigraph g, int[] roots, int removed) {
        boolean[] seen = new boolean[g.n];
        ArrayDeque<Integer> q = new ArrayDeque<>();
        for (int r : roots) {
            if (r != removed && !seen[r]) {
                seen[r] = true;
                q.add(r);
            }
        }
        while (!q.isEmpty()) {
            int v = q.poll();
            for (int t : g.succ[v]) {
                if (t != removed && !seen[t]) {
                    seen[t] = true;
                    q.add(t);
                }
            }
        }
        return seen;
    }
}
