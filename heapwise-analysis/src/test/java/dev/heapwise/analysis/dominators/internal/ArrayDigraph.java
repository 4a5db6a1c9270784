package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.graph.RefCursor;
import java.util.ArrayList;
import java.util.List;

/**
 * A small graph on plain arrays, for checking the algorithm against the brute-force oracle. Stored
 * edges and group edges (every member of a group with a target has an edge to it) are kept apart
 * for the algorithm; {@link #succ} and {@link #pred} hold all edges, group edges included, for the
 * oracle.
 */
final class ArrayDigraph implements Digraph {
    final int n;
    final int[][] succ;
    final int[][] pred;
    final int[][] storedSucc;
    final int[][] storedPred;
    private final long[] storedBefore;
    final int[] roots;
    final long[] sizes;
    final int[] groupOf;
    final int[] groupTarget;
    private final boolean[] isRoot;
    private final long storedEdges;

    ArrayDigraph(int n, List<int[]> edges, int[] roots, long[] sizes) {
        this(n, edges, roots, sizes, new int[n], new int[] {-1});
    }

    ArrayDigraph(int n, List<int[]> edges, int[] roots, long[] sizes, int[] groupOf, int[] groupTarget) {
        this.n = n;
        this.roots = roots;
        this.sizes = sizes;
        this.groupOf = groupOf;
        this.groupTarget = groupTarget;
        this.storedEdges = edges.size();
        storedSucc = lists(n, edges, false);
        storedPred = lists(n, edges, true);
        storedBefore = new long[n + 1];
        for (int v = 0; v < n; v++) {
            storedBefore[v + 1] = storedBefore[v] + storedSucc[v].length;
        }
        List<int[]> all = new ArrayList<>(edges);
        for (int v = 0; v < n; v++) {
            int k = groupOf[v];
            if (k >= 0 && groupTarget[k] >= 0) {
                all.add(new int[] {v, groupTarget[k]});
            }
        }
        succ = lists(n, all, false);
        pred = lists(n, all, true);
        isRoot = new boolean[n];
        for (int r : roots) {
            isRoot[r] = true;
        }
    }

    /**
     * A big random graph shaped like a heap: two edges per vertex, seven in ten to one of the next
     * three vertices (chains and lists), the rest anywhere; {@code rootCount} random roots.
     */
    static ArrayDigraph randomChains(long seed, int n, int rootCount) {
        java.util.Random r = new java.util.Random(seed);
        List<int[]> edges = new ArrayList<>();
        for (int i = 0; i < 2 * n; i++) {
            int a = r.nextInt(n);
            int b = r.nextInt(10) < 7 ? Math.min(n - 1, a + 1 + r.nextInt(3)) : r.nextInt(n);
            edges.add(new int[] {a, b});
        }
        int[] roots = new int[rootCount];
        for (int i = 0; i < roots.length; i++) {
            roots[i] = r.nextInt(n);
        }
        long[] sizes = new long[n];
        for (int i = 0; i < n; i++) {
            sizes[i] = 16 + 8L * r.nextInt(10);
        }
        return new ArrayDigraph(n, edges, roots, sizes);
    }

    private static int[][] lists(int n, List<int[]> edges, boolean inbound) {
        List<List<Integer>> s = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            s.add(new ArrayList<>());
        }
        for (int[] e : edges) {
            if (inbound) {
                s.get(e[1]).add(e[0]);
            } else {
                s.get(e[0]).add(e[1]);
            }
        }
        int[][] out = new int[n][];
        for (int i = 0; i < n; i++) {
            out[i] = s.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        return out;
    }

    @Override
    public long storedEdgeCount() {
        return storedEdges;
    }

    @Override
    public long storedEdgesBefore(int v) {
        return storedBefore[v];
    }

    @Override
    public int groupCount() {
        return groupTarget.length;
    }

    @Override
    public int groupOf(int v) {
        return groupOf[v];
    }

    @Override
    public int groupTarget(int group) {
        return groupTarget[group];
    }

    @Override
    public int vertexCount() {
        return n;
    }

    @Override
    public int[] roots() {
        return roots;
    }

    @Override
    public boolean isRoot(int v) {
        return isRoot[v];
    }

    @Override
    public RefCursor successors() {
        return new Cursor(storedSucc);
    }

    @Override
    public RefCursor predecessors() {
        return new Cursor(storedPred);
    }

    @Override
    public long size(int v) {
        return sizes[v];
    }

    private static final class Cursor implements RefCursor {
        private final int[][] lists;
        private int[] cur = new int[0];
        private int pos;

        Cursor(int[][] lists) {
            this.lists = lists;
        }

        @Override
        public void reset(int object) {
            cur = lists[object];
            pos = 0;
        }

        @Override
        public int next() {
            return pos < cur.length ? cur[pos++] : -1;
        }

        @Override
        public long count() {
            return cur.length;
        }

        @Override
        public long ordinal() {
            return pos - 1;
        }
    }
}
