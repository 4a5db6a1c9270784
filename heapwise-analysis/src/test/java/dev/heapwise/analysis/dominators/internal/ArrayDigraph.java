package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.graph.RefCursor;
import java.util.ArrayList;
import java.util.List;

/** A small graph on plain arrays, for checking the algorithm against the brute-force oracle. */
final class ArrayDigraph implements Digraph {
    final int n;
    final int[][] succ;
    final int[][] pred;
    final int[] roots;
    final long[] sizes;
    private final boolean[] isRoot;

    ArrayDigraph(int n, List<int[]> edges, int[] roots, long[] sizes) {
        this.n = n;
        this.roots = roots;
        this.sizes = sizes;
        List<List<Integer>> s = new ArrayList<>();
        List<List<Integer>> p = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            s.add(new ArrayList<>());
            p.add(new ArrayList<>());
        }
        for (int[] e : edges) {
            s.get(e[0]).add(e[1]);
            p.get(e[1]).add(e[0]);
        }
        succ = new int[n][];
        pred = new int[n][];
        for (int i = 0; i < n; i++) {
            succ[i] = s.get(i).stream().mapToInt(Integer::intValue).toArray();
            pred[i] = p.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        isRoot = new boolean[n];
        for (int r : roots) {
            isRoot[r] = true;
        }
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
        return new Cursor(succ);
    }

    @Override
    public RefCursor predecessors() {
        return new Cursor(pred);
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
