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
 * <p>What makes it fast on heaps, where every step is a cache miss:
 * <ul>
 *   <li>The search keeps "numbered" and "reached twice" as bit sets (n/8 bytes each, cache-sized)
 *       instead of looking up numbers, and reads each vertex's successors once, on entry.</li>
 *   <li>Heaps are mostly trees: a vertex reached by one edge has its tree parent as its only
 *       predecessor and semi-dominator, so only vertices reached twice get predecessor lists.</li>
 *   <li>Those lists are copied in preorder, already translated to preorder numbers, by two threads
 *       ({@link PredecessorCopy}); the semi-dominator pass then reads them in order.</li>
 *   <li>Retained sizes and the final renumbering run on two threads.</li>
 * </ul>
 *
 * <p>Memory, native: 12 bytes per vertex for the search (number, vertex, parent), then 4 bytes per
 * vertex plus 4 per listed predecessor for the lists; the numbers are freed before the semi-
 * dominator pass adds 8 bytes per vertex (ancestor, label). On the heap: two bits per vertex, and
 * the search stack (8 bytes per level of depth plus the successors waiting). No recursion, no
 * boxing, no object per vertex.
 */
public final class SemiNca {
    /** {@link Result#idom} value of a vertex whose immediate dominator is the virtual root. */
    public static final int ROOT = -1;
    /** {@link Result#idom} value of a vertex the virtual root does not reach. */
    public static final int UNREACHABLE = -2;


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
    private static final int MARK = -1;
    /** Threads for the parts that split (predecessor lists); {@code -Dheapwise.dominators.threads=1} to compare. */
    private static final int THREADS = Math.max(1, Integer.getInteger("heapwise.dominators.threads",
            Math.min(2, Runtime.getRuntime().availableProcessors())));
    private int pseudoRoots;
    /** Search bits by vertex: numbered, and reached by more than one edge. Small enough for the cache. */
    private long[] seen;
    private long[] twice;

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
        PredecessorCopy preds = null;
        NativeInts idomOut = null;
        try {
            vertex = NativeInts.allocate(n + 1L);
            parent = NativeInts.allocate(n + 1L);
            seen = new long[(n + 63) >>> 6];
            twice = new long[(n + 63) >>> 6];
            progress.phase("dominators: depth-first search", n);
            int count = search(pre, vertex, parent);
            if (keepUnreachable && count - 1 < n) {
                count = searchUnreachable(pre, vertex, parent, count);
            }
            progress.phase("dominators: predecessors", count);
            long[] twiceBits = twice;
            preds = PredecessorCopy.of(graph, count, vertex.segment(), pre.segment(),
                    (i, w) -> (twiceBits[w >>> 6] & (1L << w)) == 0 ? PredecessorCopy.NONE
                            : graph.isRoot(w) ? PredecessorCopy.ROOT : PredecessorCopy.ALL, THREADS);
            // From here on nothing needs a vertex's number: free it, and the graph's inbound index.
            pre.close();
            pre = null;
            graph.releasePredecessors();
            seen = null;
            twice = null;
            progress.phase("dominators: semi-dominators", count);
            ancestor = parent.copy();
            label = NativeInts.allocate(count);
            semidominators(count, vertex, ancestor, label, preds);
            ancestor.close();
            ancestor = null;
            label.close();
            label = null;
            preds.releaseNumbers();
            progress.phase("dominators: immediate dominators", count);
            idoms(count, preds, parent);
            preds.close();
            preds = null;
            progress.phase("dominators: retained sizes", count);
            final NativeInts vx = vertex;
            final NativeInts id = parent;
            final int c = count;
            NativeLongs retained;
            if (THREADS > 1) {
                CompletableFuture<NativeLongs> sizes = CompletableFuture.supplyAsync(() -> retainedSizes(c, vx, id));
                idomOut = vertexIdoms(c, vertex, parent);
                retained = sizes.join();
            } else {
                retained = retainedSizes(c, vx, id);
                idomOut = vertexIdoms(c, vertex, parent);
            }
            Result r = new Result(idomOut, retained, count - 1, pseudoRoots);
            idomOut = null;
            return r;
        } finally {
            for (NativeInts a : new NativeInts[] {pre, vertex, parent, ancestor, label, idomOut}) {
                if (a != null) {
                    a.close();
                }
            }
            if (preds != null) {
                preds.close();
            }
        }
    }

    /** Numbers vertices in depth-first preorder from the virtual root (number 0). Returns the count. */
    private int search(NativeInts pre, NativeInts vertex, NativeInts parent) {
        return drain(graph.roots(), graph.roots().length, 1, pre, vertex, parent);
    }


    /**
     * Runs the search from each of the first {@code count} {@code entries} (successors of the
     * virtual root), numbering from {@code next}. Returns the next free number.
     *
     * <p>A work stack holds the successors still to look at, and a mark where each vertex's list
     * starts, so the search needs 8 bytes per level of depth plus the successors waiting (a random
     * heap is searched millions of levels deep). Every edge from a numbered vertex is looked at
     * once: either its target is numbered already (then the target is reached twice), or it waits
     * on the stack; the first of its entries to come off numbers the target (the tree edge), and
     * any later one again means "reached twice".
     */
    private int drain(int[] entries, int count, int next, NativeInts preArr, NativeInts vertexArr, NativeInts parentArr) {
        MemorySegment pre = preArr.segment();
        MemorySegment vertex = vertexArr.segment();
        MemorySegment parent = parentArr.segment();
        RefCursor succ = graph.successors();
        long[] seen = this.seen;
        long[] twice = this.twice;
        IntStack work = new IntStack();
        IntStack path = new IntStack();
        for (int k = count - 1; k >= 0; k--) {
            work.push(entries[k]);
        }
        path.push(0);
        int d = next;
        while (!work.isEmpty()) {
            int v = work.pop();
            if (v == MARK) {
                path.pop();
                continue;
            }
            long bit = 1L << v;
            int word = v >>> 6;
            if ((seen[word] & bit) != 0) {
                twice[word] |= bit;
                continue;
            }
            seen[word] |= bit;
            NativeInts.set(pre, v, d);
            NativeInts.set(vertex, d, v);
            NativeInts.set(parent, d, path.peek());
            path.push(d);
            work.push(MARK);
            succ.reset(v);
            for (int t; (t = succ.next()) >= 0; ) {
                long tb = 1L << t;
                int tw = t >>> 6;
                if ((seen[tw] & tb) != 0) {
                    twice[tw] |= tb;
                } else {
                    work.push(t);
                }
            }
            if ((++d & 0xFFFF) == 0) {
                progress.progress(d);
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
            if ((seen[v >>> 6] & (1L << v)) != 0) {
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
            if ((seen[v >>> 6] & (1L << v)) == 0) {
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
    private void semidominators(int count, NativeInts vertexArr, NativeInts ancestorArr, NativeInts labelArr,
            PredecessorCopy preds) {
        MemorySegment ancestor = ancestorArr.segment();
        MemorySegment label = labelArr.segment();
        MemorySegment numbers = preds.number;
        int[] path = new int[1024];
        long end = preds.start(count);
        for (int i = count - 1; i >= 1; i--) {
            long begin = preds.start(i);
            int s = NativeInts.get(ancestor, i); // the tree parent: a predecessor numbered lower
            if (s != 0 && begin < end) {
                if (end - begin == 1 && NativeInts.get(numbers, begin) == 0) {
                    s = 0; // a GC root: the list is just the virtual root
                } else {
                    for (long e = begin; e < end; e++) {
                        int j = NativeInts.get(numbers, e);
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
            end = begin;
            NativeInts.set(label, i, s);
            preds.setSemi(i, s);
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
    private static void idoms(int count, PredecessorCopy semi, NativeInts parentArr) {
        MemorySegment idom = parentArr.segment();
        for (int i = 1; i < count; i++) {
            int s = semi.semi(i);
            int x = NativeInts.get(idom, i);
            while (x > s) {
                x = NativeInts.get(idom, x);
            }
            NativeInts.set(idom, i, x);
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

    /** Immediate dominators by vertex; vertices never numbered stay {@link #UNREACHABLE}. */
    private NativeInts vertexIdoms(int count, NativeInts vertexArr, NativeInts idomArr) {
        NativeInts outArr = NativeInts.allocate(n);
        MemorySegment out = outArr.segment();
        outArr.fill(UNREACHABLE);
        MemorySegment vertex = vertexArr.segment();
        MemorySegment idom = idomArr.segment();
        for (int i = 1; i < count; i++) {
            int p = NativeInts.get(idom, i);
            NativeInts.set(out, NativeInts.get(vertex, i), p == 0 ? ROOT : NativeInts.get(vertex, p));
        }
        return outArr;
    }
}
