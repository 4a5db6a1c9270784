package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.IntStack;
import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.build.ProgressListener;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.CompletableFuture;

/**
 * Immediate dominators and retained sizes by Semi-NCA (Georgiadis, Tarjan, Werneck: "Finding
 * dominators in practice", 2006): an iterative depth-first search numbers the vertices, semi-
 * dominators come from a link-eval forest with path compression, and each immediate dominator is
 * the nearest common ancestor of its semi-dominator and its tree parent.
 *
 * <p>Heaps are mostly trees: about three objects in four have exactly one referrer, and then the
 * referrer is the search-tree parent and the semi-dominator, with no predecessor to look at. The
 * search notes which vertices were reached more than once (the sign bit of their number), so the
 * semi-dominator pass only walks the predecessors of the others.
 *
 * <p>Memory: 20 bytes per vertex of native memory at the peak (five int arrays), plus what the
 * graph needs for predecessors; the search stack grows in 4 MB chunks. No recursion, no boxing,
 * no object per vertex. The last pass runs on two threads.
 */
public final class SemiNca {
    /** {@link Result#idom} value of a vertex whose immediate dominator is the virtual root. */
    public static final int ROOT = -1;
    /** {@link Result#idom} value of a vertex the virtual root does not reach. */
    public static final int UNREACHABLE = -2;

    private static final int SEEN_TWICE = Integer.MIN_VALUE;
    private static final int NUMBER = Integer.MAX_VALUE;

    /**
     * @param idom        immediate dominator by vertex, {@link #ROOT} or {@link #UNREACHABLE}
     * @param retained    retained size by vertex (0 when unreachable)
     * @param reachable   vertices reached, pseudo-roots' subtrees included
     * @param pseudoRoots unreachable vertices made children of the virtual root
     */
    public record Result(NativeInts idom, NativeLongs retained, int reachable, int pseudoRoots) implements AutoCloseable {
        @Override
        public void close() {
            idom.close();
            retained.close();
        }
    }

    private final Digraph graph;
    private final ProgressListener progress;
    private final int n;
    private int pseudoRoots;
    private SuccessorCopy successors;

    private SemiNca(Digraph graph, ProgressListener progress) {
        this.graph = graph;
        this.progress = progress;
        this.n = graph.vertexCount();
    }

    /**
     * Computes the dominator tree of {@code graph} from its virtual root.
     *
     * @param keepUnreachable when true, vertices the roots do not reach hang under the virtual root
     *                        too: first every such vertex no other vertex refers to, then (for
     *                        unreachable cycles) the lowest-numbered vertex left, until none is
     */
    public static Result compute(Digraph graph, boolean keepUnreachable, ProgressListener progress) {
        return new SemiNca(graph, progress).run(keepUnreachable);
    }

    private Result run(boolean keepUnreachable) {
        NativeInts pre = NativeInts.allocate(n);
        NativeInts vertex = null;
        NativeInts parent = null;
        NativeInts ancestor = null;
        NativeInts label = null;
        NativeLongs retained = null;
        boolean done = false;
        try {
            vertex = NativeInts.allocate(n + 1L);
            parent = NativeInts.allocate(n + 1L);
            progress.phase("dominators: copying references", n);
            int count;
            try (SuccessorCopy copy = SuccessorCopy.of(graph, 2)) {
                successors = copy;
                progress.phase("dominators: depth-first search", n);
                count = search(pre, vertex, parent);
                if (keepUnreachable && count - 1 < n) {
                    count = searchUnreachable(pre, vertex, parent, count);
                }
            } finally {
                successors = null;
            }
            progress.phase("dominators: semi-dominators", count);
            ancestor = parent.copy();
            label = NativeInts.allocate(count);
            semidominators(count, pre, vertex, ancestor, label);
            ancestor.close();
            label.close();
            progress.phase("dominators: immediate dominators", count);
            idoms(count, vertex, parent);
            rebuildVertex(pre, vertex);
            progress.phase("dominators: retained sizes", count);
            final NativeInts vx = vertex;
            final NativeInts id = parent;
            final int c = count;
            CompletableFuture<NativeLongs> sizes = CompletableFuture.supplyAsync(() -> retainedSizes(c, vx, id));
            toVertexIdoms(pre, vertex, parent);
            retained = sizes.join();
            done = true;
            return new Result(pre, retained, count - 1, pseudoRoots);
        } finally {
            for (NativeInts a : new NativeInts[] {vertex, parent, ancestor, label}) {
                if (a != null) {
                    a.close();
                }
            }
            if (!done) {
                pre.close();
            }
        }
    }

    /** Numbers vertices in depth-first preorder from the virtual root (number 0). Returns the count. */
    private int search(NativeInts pre, NativeInts vertex, NativeInts parent) {
        return drain(graph.roots(), graph.roots().length, 1, pre, vertex, parent);
    }

    /**
     * Runs the search from each of the first {@code count} {@code entries} (successors of the
     * virtual root), numbering from {@code next}. Returns the next free number. Frames hold a
     * vertex's number and its next edge, so the stack is as deep as the search and no deeper.
     *
     * <p>Every edge from a numbered vertex is looked at exactly once: the first one to reach a
     * vertex numbers it (the tree edge); any later one sets the sign bit of its pre[] entry.
     */
    private int drain(int[] entries, int count, int next, NativeInts preArr, NativeInts vertexArr, NativeInts parentArr) {
        MemorySegment pre = preArr.segment();
        MemorySegment vertex = vertexArr.segment();
        MemorySegment parent = parentArr.segment();
        SuccessorCopy succ = successors;
        MemorySegment targets = succ.target;
        int[] frameNumber = new int[1024];
        long[] frameEdge = new long[1024];
        int d = next;
        for (int k = 0; k < count; k++) {
            int r = entries[k];
            int pr = NativeInts.get(pre, r);
            if (pr != 0) {
                if (pr > 0) {
                    NativeInts.set(pre, r, pr | SEEN_TWICE);
                }
                continue;
            }
            NativeInts.set(pre, r, d);
            NativeInts.set(vertex, d, r);
            NativeInts.set(parent, d, 0);
            int top = 0;
            frameNumber[0] = d;
            frameEdge[0] = succ.start(r);
            d++;
            while (top >= 0) {
                int fd = frameNumber[top];
                long e = frameEdge[top];
                long end = succ.start(NativeInts.get(vertex, fd) + 1);
                boolean descended = false;
                while (e < end) {
                    int t = NativeInts.get(targets, e++);
                    int pt = NativeInts.get(pre, t);
                    if (pt == 0) {
                        frameEdge[top] = e;
                        NativeInts.set(pre, t, d);
                        NativeInts.set(vertex, d, t);
                        NativeInts.set(parent, d, fd);
                        if (++top == frameNumber.length) {
                            frameNumber = java.util.Arrays.copyOf(frameNumber, top * 2);
                            frameEdge = java.util.Arrays.copyOf(frameEdge, top * 2);
                        }
                        frameNumber[top] = d;
                        frameEdge[top] = succ.start(t);
                        if ((++d & 0xFFFF) == 0) {
                            progress.progress(d);
                        }
                        descended = true;
                        break;
                    } else if (pt > 0) {
                        NativeInts.set(pre, t, pt | SEEN_TWICE);
                    }
                }
                if (!descended) {
                    top--;
                }
            }
        }
        return d;
    }

    /** Adds the unreachable vertices under the virtual root, as MAT's "keep unreachable objects" does. */
    private int searchUnreachable(NativeInts preArr, NativeInts vertex, NativeInts parent, int next) {
        MemorySegment pre = preArr.segment();
        RefCursor preds = graph.predecessors();
        IntStack entries = new IntStack();
        // First the unreachable vertices no other vertex refers to, all chosen before any is searched.
        for (int v = 0; v < n; v++) {
            if (NativeInts.get(pre, v) != 0) {
                continue;
            }
            preds.reset(v);
            boolean referred = false;
            for (int u; (u = preds.next()) >= 0; ) {
                if (u != v) {
                    referred = true;
                    break;
                }
            }
            if (!referred) {
                entries.push(v);
            }
        }
        int[] list = new int[(int) entries.size()];
        for (int i = 0; i < list.length; i++) {
            list[i] = entries.get(i);
        }
        int d = drain(list, list.length, next, preArr, vertex, parent);
        int pseudo = list.length;
        // Then what is left, unreachable cycles, each entered at its lowest vertex.
        int[] one = new int[1];
        for (int v = 0; v < n; v++) {
            if (NativeInts.get(pre, v) == 0) {
                one[0] = v;
                d = drain(one, 1, d, preArr, vertex, parent);
                pseudo++;
            }
        }
        pseudoRoots = pseudo;
        return d;
    }

    /**
     * Semi-dominators in reverse preorder. {@code label} holds semi-dominator numbers (the minimum
     * along the compressed path); the finished semi-dominator of {@code i} is stored in
     * {@code vertex[i]}, which this pass no longer needs afterwards.
     */
    private void semidominators(int count, NativeInts preArr, NativeInts vertexArr, NativeInts ancestorArr,
            NativeInts labelArr) {
        MemorySegment pre = preArr.segment();
        MemorySegment vertex = vertexArr.segment();
        MemorySegment ancestor = ancestorArr.segment();
        MemorySegment label = labelArr.segment();
        RefCursor preds = graph.predecessors();
        int[] path = new int[1024];
        for (int i = count - 1; i >= 1; i--) {
            int s = NativeInts.get(ancestor, i); // the tree parent: a predecessor numbered lower
            if (s != 0) {
                int w = NativeInts.get(vertex, i);
                if (NativeInts.get(pre, w) < 0) {
                    if (graph.isRoot(w)) {
                        s = 0;
                    } else {
                        preds.reset(w);
                        for (int v; (v = preds.next()) >= 0; ) {
                            int j = NativeInts.get(pre, v) & NUMBER;
                            if (j == 0) {
                                continue; // an unreachable predecessor
                            }
                            int cand;
                            if (j <= i) {
                                cand = j;
                            } else {
                                if (NativeInts.get(ancestor, j) > i) {
                                    path = compress(j, i, ancestor, label, path);
                                }
                                cand = NativeInts.get(label, j);
                            }
                            if (cand < s) {
                                s = cand;
                                if (s == 0) {
                                    break;
                                }
                            }
                        }
                    }
                }
            }
            NativeInts.set(label, i, s);
            NativeInts.set(vertex, i, s);
            if ((i & 0xFFFF) == 0) {
                progress.progress(count - i);
            }
        }
    }

    /**
     * Path compression in the link-eval forest, where the vertices numbered above {@code i} are
     * linked to their tree parents: afterwards every vertex on the path from {@code j} points at the
     * first unlinked ancestor, and its label is the minimum along the way.
     */
    private static int[] compress(int j, int i, MemorySegment ancestor, MemorySegment label, int[] path) {
        int size = 0;
        int u = j;
        while (NativeInts.get(ancestor, u) > i) {
            if (size == path.length) {
                path = java.util.Arrays.copyOf(path, size * 2);
            }
            path[size++] = u;
            u = NativeInts.get(ancestor, u);
        }
        // path[size-1]'s ancestor is u, the top linked vertex; u's ancestor is the forest root.
        int root = NativeInts.get(ancestor, u);
        int above = u;
        for (int k = size - 1; k >= 0; k--) {
            int x = path[k];
            int la = NativeInts.get(label, above);
            if (la < NativeInts.get(label, x)) {
                NativeInts.set(label, x, la);
            }
            NativeInts.set(ancestor, x, root);
            above = x;
        }
        return path;
    }

    /** Turns tree parents into immediate dominators, in preorder, from the semi-dominators. */
    private static void idoms(int count, NativeInts semiArr, NativeInts parentArr) {
        MemorySegment semi = semiArr.segment();
        MemorySegment idom = parentArr.segment();
        for (int i = 1; i < count; i++) {
            int s = NativeInts.get(semi, i);
            int x = NativeInts.get(idom, i);
            while (x > s) {
                x = NativeInts.get(idom, x);
            }
            NativeInts.set(idom, i, x);
        }
    }

    /** vertex[] held the semi-dominators; rebuilds it from pre[]. */
    private void rebuildVertex(NativeInts preArr, NativeInts vertexArr) {
        MemorySegment pre = preArr.segment();
        MemorySegment vertex = vertexArr.segment();
        for (int v = 0; v < n; v++) {
            int d = NativeInts.get(pre, v) & NUMBER;
            if (d != 0) {
                NativeInts.set(vertex, d, v);
            }
        }
    }

    /** Sums sizes up the dominator tree, children before parents (reverse preorder). */
    private NativeLongs retainedSizes(int count, NativeInts vertexArr, NativeInts idomArr) {
        NativeLongs retainedArr = NativeLongs.allocate(n);
        MemorySegment retained = retainedArr.segment();
        MemorySegment vertex = vertexArr.segment();
        MemorySegment idom = idomArr.segment();
        for (int i = 1; i < count; i++) {
            int v = NativeInts.get(vertex, i);
            NativeLongs.set(retained, v, graph.size(v));
        }
        for (int i = count - 1; i >= 1; i--) {
            int p = NativeInts.get(idom, i);
            if (p != 0) {
                int v = NativeInts.get(vertex, i);
                int pv = NativeInts.get(vertex, p);
                NativeLongs.set(retained, pv, NativeLongs.get(retained, pv) + NativeLongs.get(retained, v));
            }
        }
        return retainedArr;
    }

    /** Rewrites pre[v] (a preorder number) into v's immediate dominator as a vertex. */
    private void toVertexIdoms(NativeInts preArr, NativeInts vertexArr, NativeInts idomArr) {
        MemorySegment pre = preArr.segment();
        MemorySegment vertex = vertexArr.segment();
        MemorySegment idom = idomArr.segment();
        for (int v = 0; v < n; v++) {
            int d = NativeInts.get(pre, v) & NUMBER;
            int out;
            if (d == 0) {
                out = UNREACHABLE;
            } else {
                int p = NativeInts.get(idom, d);
                out = p == 0 ? ROOT : NativeInts.get(vertex, p);
            }
            NativeInts.set(pre, v, out);
        }
    }
}
