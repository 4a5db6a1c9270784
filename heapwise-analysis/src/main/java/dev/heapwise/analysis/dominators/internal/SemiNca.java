package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.IntStack;
import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import dev.heapwise.analysis.internal.NativeMemory;
import dev.heapwise.analysis.internal.Parallel;
import dev.heapwise.graph.build.ProgressListener;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.CompletableFuture;

/**
 * Immediate dominators and retained sizes by Semi-NCA (Georgiadis and Tarjan's simplification of
 * Lengauer-Tarjan: semi-dominators with path compression, then each immediate dominator as the
 * nearest common ancestor of its semi-dominator and tree parent), iterative and on native arrays.
 *
 * <p>The phases, for n vertices and m edges:
 * <ol>
 * <li>{@link CompactGraph}: the edges that matter, copied into plain arrays (two threads);
 * <li>{@link DepthFirst}: preorder numbering, marking vertices reached more than once and logging
 *     the edges into them ({@link EdgeLog});
 * <li>{@link PredecessorLists}: predecessors of those vertices only, from the log (two threads);
 * <li>semi-dominators in reverse preorder, skipping leaves, with each vertex's link-eval forest
 *     pointer and label packed in one long (one cache miss where two arrays would take two), read
 *     ahead on an idle core by {@link ForestReadAhead};
 * <li>immediate dominators, walking up only for vertices whose semi-dominator is not their parent;
 * <li>{@link LeafDominators}: leaves and sink targets, from their predecessors;
 * <li>retained sizes summed up the tree in reverse preorder, and the results by vertex (two threads).
 * </ol>
 * Peak native memory about 4 (n + m) + 16 n bytes, each array freed as soon as its phase ends. No
 * recursion, no boxing, no object per vertex.
 */
public final class SemiNca {
    /** {@link Result#idom} value of a vertex whose immediate dominator is the virtual root. */
    public static final int ROOT = -1;
    /** {@link Result#idom} value of a vertex the virtual root does not reach. */
    public static final int UNREACHABLE = -2;

    /**
     * @param idom              immediate dominator by vertex, {@link #ROOT} or {@link #UNREACHABLE}
     * @param retained          retained size by vertex (0 when unreachable), as {@link TreeArrays} keeps it
     * @param arrays            both, for reading
     * @param reachable         vertices in the tree, pseudo-roots' subtrees included
     * @param pseudoRoots       unreachable vertices made children of the virtual root
     * @param reachableSize     summed size of the vertices in the tree
     * @param unreachableCount  per group: vertices left out
     * @param unreachableSize   per group: their summed size
     * @param groupRetained     per group, the retained size of its members together (see
     *                          {@link GroupRetainedSizes}), computed in the background; null when not asked for
     * @param topLevel          the vertices whose immediate dominator is the virtual root, ascending
     *                          (found by the results pass, which reads every dominator anyway)
     */
    public record Result(TreeArrays arrays, AutoCloseable owned, int reachable, int pseudoRoots,
            long reachableSize, long[] unreachableCount, long[] unreachableSize,
            CompletableFuture<long[]> groupRetained, int[] topLevel) implements AutoCloseable {
        public int idom(int v) {
            return arrays.idom(v);
        }

        public long retainedSize(int v) {
            return arrays.retained(v);
        }

        /** Frees the arrays when they are in native memory (not when they were written into a file). */
        @Override
        public void close() {
            try {
                owned.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /**
     * Where the per-vertex results go: two int arrays of n elements in native memory
     * ({@link #nativeOutputs}), or pieces handed to {@link #write} as they are produced (a file
     * written with positional writes: its pages then sit in the page cache, not in this process).
     */
    public interface Outputs {
        /**
         * The immediate dominator array and the retained size array, in that order, to be filled
         * in place; or null to receive the results through {@link #write}. Called once.
         */
        MemorySegment[] arrays(int n);

        /**
         * The results of vertices {@code [from, from + count)}: {@code count} little-endian ints in
         * each segment. Called from several threads at once, for disjoint ranges, when
         * {@link #arrays} returned null.
         */
        default void write(long from, MemorySegment idom, MemorySegment retained, int count) {
            throw new UnsupportedOperationException();
        }

        /** What the arrays belong to, closed with the result. */
        AutoCloseable owner();

        /** Whether {@link #arrays} will allocate the arrays in native memory (so worth faulting in early). */
        default boolean inMemory() {
            return false;
        }
    }

    /** Outputs in native memory, freed with the result. */
    public static Outputs nativeOutputs() {
        return new Outputs() {
            private NativeInts idom;
            private NativeInts retained;

            @Override
            public MemorySegment[] arrays(int n) {
                idom = NativeInts.allocateUninitialized(Math.max(1, n));
                retained = NativeInts.allocateUninitialized(Math.max(1, n));
                return new MemorySegment[] {idom.segment(), retained.segment()};
            }

            @Override
            public boolean inMemory() {
                return true;
            }

            @Override
            public AutoCloseable owner() {
                return () -> {
                    if (idom != null) {
                        idom.close();
                        retained.close();
                    }
                };
            }
        };
    }

    private SemiNca() {}

    /**
     * Computes the dominator tree of {@code graph} from its virtual root.
     *
     * @param keepUnreachable when true, vertices the roots do not reach hang under the virtual root
     *                        too, by the rule of {@link KeepUnreachable}
     */
    public static Result compute(Digraph graph, boolean keepUnreachable, ProgressListener progress) {
        return compute(graph, keepUnreachable, progress, nativeOutputs(), true, Parallel.THREADS);
    }

    /**
     * As {@link #compute(Digraph, boolean, ProgressListener)}, with the results written to
     * {@code outputs}; the per-group retained sizes follow in the background when asked for.
     * {@code coreFree}, when not null, runs once on this thread as the semi-dominator pass starts:
     * that pass and the immediate dominators' run on one core.
     */
    public static Result compute(Digraph graph, boolean keepUnreachable, ProgressListener progress, Outputs outputs,
            boolean groupRetained, Runnable coreFree) {
        return compute(graph, keepUnreachable, progress, outputs, groupRetained, coreFree, Parallel.THREADS);
    }

    static Result compute(Digraph g, boolean keepUnreachable, ProgressListener progress, Outputs outputs,
            boolean groupRetained, int threads) {
        return compute(g, keepUnreachable, progress, outputs, groupRetained, null, threads);
    }

    private static Result compute(Digraph g, boolean keepUnreachable, ProgressListener progress, Outputs outputs,
            boolean groupRetained, Runnable coreFree, int threads) {
        int n = g.vertexCount();
        CompactGraph cg = null;
        DepthFirst dfs = null;
        NativeInts pre = null;
        PredecessorLists lists = null;
        NativeLongs forest = null;
        NativeLongs ret = null;
        AutoCloseable owner = null;
        NativeInts groupOfNumber = null;
        try {
            progress.phase("dominators: references", n);
            cg = CompactGraph.build(g, g.storedEdgeCount(), threads);
            // Nothing reads the rows from the index again, and the rest reads a few columns in order:
            // the 250 MB of index pages the copy touched on a 38 M-object dump need not stay resident.
            g.edgesCopied();
            progress.phase("dominators: depth-first search", n);
            dfs = new DepthFirst(cg, progress);
            // The search runs on one core. The other faults in, ahead of it, the pages of the two arrays
            // it fills and of the chunks it logs edges into, then memory for the next phases' arrays
            // that the rows' memory, freed when the search ends, will not hold (preorder numbers,
            // predecessor lists and marks; the result arrays where they are kept in memory): ~10 bytes
            // per vertex in all, measured on a 38 M-object dump. No more: it would stay mapped.
            long ahead = (outputs.inMemory() ? 14L : 10L) * n;
            Thread helper = threads > 1 ? NativeMemory.prefaultInBackground(ahead, 8L * dfs.log.chunk,
                    dfs.vertexArray.segment(), dfs.parentArray.segment()) : null;
            dfs.search(g.roots(), g.roots().length);
            int pseudoRoots = keepUnreachable && dfs.next - 1 < n ? KeepUnreachable.run(g, cg, dfs) : 0;
            int count = dfs.next;
            MemorySegment vertex = dfs.vertexArray.segment();
            MemorySegment parent = dfs.parentArray.segment();
            cg.close(); // the rows; the leaf and sink marks stay
            // The link-eval forest takes the rows' memory, pages already faulted in, before the smaller
            // arrays below can split it up.
            forest = NativeLongs.allocateUninitialized(Math.max(1, count));
            join(helper);
            pre = NativeInts.allocate(Math.max(1, n));
            MemorySegment preSeg = pre.segment();
            number(vertex, count, preSeg);
            progress.phase("dominators: predecessors", count);
            lists = PredecessorLists.build(dfs.log, dfs.twice, cg.leaf, count, threads);
            dfs.log.close();
            progress.phase("dominators: semi-dominators", count);
            // Semi-dominators run on one core: the other faults in the pages of the results meanwhile.
            MemorySegment[] target = outputs.arrays(n);
            owner = outputs.owner();
            Thread touch = null;
            if (threads > 1 && target != null) {
                touch = Thread.ofPlatform().daemon().name("heapwise-touch").start(() -> {
                    for (MemorySegment t : target) {
                        if (!NativeMemory.populate(t)) {
                            NativeMemory.touchForWriting(t); // nothing else writes them yet
                        }
                    }
                });
            }
            if (coreFree != null) {
                coreFree.run();
            }
            // With a core left idle (no results to fault in, no caller's work), it reads ahead for the pass.
            ForestReadAhead reader = new ForestReadAhead(count, vertex, cg.leaf, dfs.twice, lists, forest.segment());
            if (threads > 1 && coreFree == null && target == null && count > ForestReadAhead.WINDOW) {
                reader.start();
            }
            IntStack changed;
            try {
                changed = semidominators(count, vertex, parent, cg.leaf, dfs.twice, lists, forest.segment(),
                        progress, reader);
            } finally {
                reader.stop();
            }
            forest.close();
            forest = null;
            progress.phase("dominators: immediate dominators", count);
            // From here on the parent array holds immediate dominators (preorder numbers).
            immediateDominators(changed, parent);
            LeafDominators.leaves(cg, dfs.twice, lists, preSeg, parent, LeafDominators.sinkTargetBits(g, cg));
            int total = LeafDominators.sinkTargets(g, cg, dfs.twice, lists, preSeg, vertex, parent, count, threads);
            lists.close();
            lists = null;
            progress.phase("dominators: retained sizes", total);
            ret = NativeLongs.allocateUninitialized(Math.max(1, total));
            ret.set(0, 0);
            // Without the per-group walk, which needs the tree by number, the sum packs each number's
            // result (its immediate dominator as an object, its retained size) into its slot once the
            // size is final: the results pass then takes one cache miss per object, not two.
            Overflow packed = groupRetained ? null : new Overflow();
            retainedSizes(g, parent, ret.segment(), total, threads, vertex, packed);
            join(touch);
            if (groupRetained) {
                groupOfNumber = NativeInts.allocateUninitialized(Math.max(1, total));
            }
            Results out = results(g, preSeg, vertex, parent, ret.segment(), target, outputs,
                    groupOfNumber == null ? null : groupOfNumber.segment(), packed, threads);
            // Written out piece by piece: the caller reads the arrays back from where they went.
            TreeArrays arrays = target != null
                    ? new TreeArrays(target[0], target[1], out.overflowIndex, out.overflowValue)
                    : new TreeArrays(MemorySegment.NULL, MemorySegment.NULL, out.overflowIndex, out.overflowValue);
            long reachableSize = NativeLongs.get(ret.segment(), 0);
            CompletableFuture<long[]> groups = null;
            if (groupRetained) {
                // The walk needs only the tree by number: it runs while the caller saves the results.
                // Its memory is taken now, so everything else can go back to the system below.
                NativeInts[] walkLists = GroupRetainedSizes.reserve(total);
                NativeInts idomByNumber = dfs.detachParent();
                NativeLongs retByNumber = ret;
                NativeInts groupByNumber = groupOfNumber;
                ret = null;
                groupOfNumber = null;
                int t = total;
                groups = new CompletableFuture<>();
                CompletableFuture<long[]> done = groups;
                Thread walk = Thread.ofPlatform().daemon().name("heapwise-group-retained").unstarted(() -> {
                    NativeMemory.trim(); // what the computation has freed goes back before the walk touches its memory
                    try (retByNumber; groupByNumber) {
                        done.complete(GroupRetainedSizes.compute(idomByNumber, retByNumber.segment(),
                                groupByNumber.segment(), t, g.groupCount(), walkLists));
                    } catch (Throwable e) {
                        done.completeExceptionally(e);
                    } finally {
                        NativeMemory.trim();
                    }
                });
                try {
                    walk.start();
                } catch (RuntimeException | Error e) { // no thread: the walk's memory is freed here
                    NativeMemory.closeAll(walkLists[0], walkLists[1], idomByNumber, retByNumber, groupByNumber);
                    throw e;
                }
            }
            Result r = new Result(arrays, owner, total - 1, pseudoRoots, reachableSize, out.unreachableCount,
                    out.unreachableSize, groups, out.topLevel);
            owner = null;
            return r;
        } finally {
            if (cg != null) {
                cg.close();
            }
            if (dfs != null) {
                dfs.close();
            }
            NativeMemory.closeAll(pre, lists, forest, ret, owner, groupOfNumber);
            NativeMemory.trim(); // a background walk holds its own blocks, out of the pool
        }
    }

    /**
     * {@code pre[vertex[i]] = i}. A loop of its own: in compute, it would have all of compute
     * compiled on stack replacement (ARCHITECTURE.md, "Hot loops and the JIT").
     */
    private static void number(MemorySegment vertex, int count, MemorySegment pre) {
        for (int i = 1; i < count; i++) {
            NativeInts.set(pre, NativeInts.get(vertex, i), i);
        }
    }

    private static void join(Thread t) {
        if (t == null) {
            return;
        }
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Semi-dominators in reverse preorder. {@code forest[i]} packs the link-eval forest pointer of
     * number i (high half: initially its tree parent) and its label (low half: the smallest
     * semi-dominator on the compressed path). Leaves are skipped: no path runs through them, so no
     * label of theirs is ever read. Returns the (number, semi-dominator) pairs whose
     * semi-dominator is not the tree parent, in decreasing number order.
     *
     * <p>A crowded vertex w (see {@link PredecessorLists}) has no list. Its semi-dominator is the
     * smallest of: its predecessors numbered below it ({@code lowest}), and, for its predecessors u
     * numbered above it, the semi-dominators on the tree path from u up to (not including) the first
     * number below w: that is, the semi-dominators of all numbers above w whose subtree holds a
     * predecessor of w. Reverse preorder finishes a subtree before its root, so ORing marks into
     * the parent tells each vertex, when its turn comes, which crowded vertices have a predecessor
     * in its subtree, and {@code best[j]} keeps the smallest semi-dominator seen among those.
     */
    private static IntStack semidominators(int count, MemorySegment vertex, MemorySegment parent, long[] leaf,
            long[] twice, PredecessorLists lists, MemorySegment forest, ProgressListener progress,
            ForestReadAhead ahead) {
        IntStack changed = new IntStack();
        MemorySegment numbers = lists.numbers;
        MemorySegment marks = lists.mark == null ? null : lists.mark.segment();
        int[] best = new int[lists.tracked.length];
        java.util.Arrays.fill(best, Integer.MAX_VALUE);
        int[] path = new int[1024];
        for (int i = count - 1; i >= 1; i--) {
            int v = NativeInts.get(vertex, i);
            long bit = 1L << v;
            int w = v >>> 6;
            if ((leaf[w] & bit) != 0) {
                continue;
            }
            int p = NativeInts.get(parent, i);
            int s = p;
            if ((twice[w] & bit) != 0 && p != 0) {
                int j = lists.trackedIndex(v);
                if (j >= 0) {
                    s = Math.min(s, Math.min(best[j], lists.lowest[j]));
                } else {
                    int r = lists.rank(v);
                    for (long e = lists.start(r), end = lists.start(r + 1); e < end; e++) {
                        int u = NativeInts.get(numbers, e);
                        int cand;
                        if (u < i) {
                            cand = u;
                        } else {
                            long a = NativeLongs.get(forest, u);
                            if ((int) (a >>> 32) > i) {
                                path = compress(forest, u, i, path);
                                a = NativeLongs.get(forest, u);
                            }
                            cand = (int) a;
                        }
                        if (cand < s) {
                            s = cand;
                            if (s == 0) {
                                break;
                            }
                        }
                    }
                }
                if (s != p) {
                    changed.push(i);
                    changed.push(s);
                }
            }
            NativeLongs.set(forest, i, ((long) p << 32) | (s & 0xFFFFFFFFL));
            if (marks != null) {
                int m = NativeInts.get(marks, i);
                if (m != 0) {
                    for (int bits = m; bits != 0; bits &= bits - 1) {
                        int j = Integer.numberOfTrailingZeros(bits);
                        if (s < best[j]) {
                            best[j] = s;
                        }
                    }
                    NativeInts.set(marks, p, NativeInts.get(marks, p) | m);
                }
            }
            if ((i & ProgressListener.STEP_MASK) == 0) {
                progress.progress(count - i);
                ahead.at(i);
            }
        }
        return changed;
    }

    /**
     * Path compression in the link-eval forest, where the numbers above {@code i} are linked to their
     * tree parents: afterwards every number on the path from {@code j} points at the forest root,
     * and its label is the smallest along the way.
     */
    private static int[] compress(MemorySegment forest, int j, int i, int[] path) {
        int size = 0;
        int u = j;
        long a = NativeLongs.get(forest, u);
        while ((int) (a >>> 32) > i) {
            if (size == path.length) {
                path = java.util.Arrays.copyOf(path, size * 2);
            }
            path[size++] = u;
            u = (int) (a >>> 32);
            a = NativeLongs.get(forest, u);
        }
        // path[size-1]'s pointer is u, the top linked number; u's pointer is the forest root.
        long root = (a >>> 32) << 32;
        int label = (int) a;
        for (int k = size - 1; k >= 0; k--) {
            int x = path[k];
            int lx = (int) NativeLongs.get(forest, x);
            if (label < lx) {
                lx = label;
            }
            NativeLongs.set(forest, x, root | (lx & 0xFFFFFFFFL));
            label = lx;
        }
        return path;
    }

    /** Turns tree parents into immediate dominators where the semi-dominator differs, in preorder. */
    private static void immediateDominators(IntStack changed, MemorySegment idom) {
        for (long k = changed.size() - 2; k >= 0; k -= 2) {
            int i = changed.get(k);
            int s = changed.get(k + 1);
            int x = NativeInts.get(idom, i);
            while (x > s) {
                x = NativeInts.get(idom, x);
            }
            NativeInts.set(idom, i, x);
        }
    }

    /**
     * Own sizes by number (two threads, in number order), then summed up the tree in reverse preorder
     * into slot 0. With {@code packed} given, each slot from 1 then holds {@link #pack}: nothing reads
     * the tree by number afterwards.
     */
    private static void retainedSizes(Digraph g, MemorySegment idom, MemorySegment ret, int total,
            int threads, MemorySegment vertex, Overflow packed) {
        int parts = Parallel.parts(total, threads);
        int[] bounds = Parallel.bounds(total, parts);
        Parallel.run(parts, p -> {
            for (int i = Math.max(1, bounds[p]); i < bounds[p + 1]; i++) {
                NativeLongs.set(ret, i, g.size(NativeInts.get(vertex, i)));
            }
        });
        if (packed == null) {
            for (int i = total - 1; i >= 1; i--) {
                int d = NativeInts.get(idom, i);
                NativeLongs.set(ret, d, NativeLongs.get(ret, d) + NativeLongs.get(ret, i));
            }
        } else {
            sumAndPack(idom, ret, vertex, total, packed);
        }
    }

    /**
     * The sum of {@link #retainedSizes}, packing each slot once its size is final (its subtree, all
     * numbered above it, is summed) and the sizes too big for {@link TreeArrays}' slots into
     * {@code over}, in decreasing number order. A loop of its own, as in {@link #number}.
     */
    private static void sumAndPack(MemorySegment idom, MemorySegment ret, MemorySegment vertex, int total,
            Overflow over) {
        for (int i = total - 1; i >= 1; i--) {
            int d = NativeInts.get(idom, i);
            long r = NativeLongs.get(ret, i);
            NativeLongs.set(ret, d, NativeLongs.get(ret, d) + r);
            if (r >= TreeArrays.OVERFLOW) {
                over.add(NativeInts.get(vertex, i), r);
                r = TreeArrays.OVERFLOW;
            }
            NativeLongs.set(ret, i, pack(d == 0 ? ROOT : NativeInts.get(vertex, d), r));
        }
    }

    /** A number's result in one long: its immediate dominator (an object, or {@link #ROOT}) and its slot size. */
    private static long pack(int dominator, long slot) {
        return ((long) dominator << 32) | slot;
    }

    /** (vertex, retained size) pairs of the sizes too big for {@link TreeArrays}' slots. */
    private static final class Overflow {
        long[] pairs = new long[16];
        int count;

        void add(int v, long r) {
            if (2 * count + 2 > pairs.length) {
                pairs = java.util.Arrays.copyOf(pairs, pairs.length * 2);
            }
            pairs[2 * count] = v;
            pairs[2 * count + 1] = r;
            count++;
        }

        /** The pairs, ascending by vertex. */
        long[] sorted() {
            long[] keyed = new long[count];
            for (int k = 0; k < count; k++) {
                keyed[k] = (pairs[2 * k] << 32) | k;
            }
            java.util.Arrays.sort(keyed);
            long[] out = new long[2 * count];
            for (int k = 0; k < count; k++) {
                int j = (int) keyed[k];
                out[2 * k] = pairs[2 * j];
                out[2 * k + 1] = pairs[2 * j + 1];
            }
            return out;
        }
    }

    /**
     * The results of vertices {@code [from, to)} into {@code idomOut} and {@code retOut} at
     * {@code v - base}, counting the unreachable ones per group and collecting those under the
     * virtual root into {@code top}; with the tree by number ({@code idom}, {@code ret}), turned
     * into objects through {@code vertex}, and each vertex's group by number into
     * {@code groupOfNumber}. The hot loop in a small method of its own, without the writing of the
     * pieces: C2 compiles it on stack replacement in 0.13 s, where the loop with the file channel's
     * write path inlined took 0.16 s (both threads run it interpreted meanwhile), and a
     * deoptimisation at a piece's end discards only this.
     */
    private static void fill(Digraph g, MemorySegment pre, MemorySegment vertex, MemorySegment idom,
            MemorySegment ret, MemorySegment groupOfNumber, MemorySegment idomOut, MemorySegment retOut, int base,
            int from, int to, long[] count, long[] size, Overflow over, IntStack top) {
        int groups = count.length;
        for (int v = from; v < to; v++) {
            int i = NativeInts.get(pre, v);
            long at = v - base;
            if (i == 0) {
                unreachable(g, v, idomOut, retOut, at, count, size);
            } else {
                int k = g.groupOf(v);
                NativeInts.set(groupOfNumber, i, k < 0 ? groups : k);
                int d = NativeInts.get(idom, i);
                long r = NativeLongs.get(ret, i);
                if (r >= TreeArrays.OVERFLOW) {
                    over.add(v, r);
                    r = TreeArrays.OVERFLOW;
                }
                put(v, d == 0 ? ROOT : NativeInts.get(vertex, d), r, idomOut, retOut, at, top);
            }
        }
    }

    /**
     * As {@link #fill}, from the results {@link #sumAndPack} left by number. A loop of its own, not a
     * flag of {@link #fill}'s: with the flag the results pass took 0.41–0.44 s, against 0.36–0.40 s.
     */
    private static void fillPacked(Digraph g, MemorySegment pre, MemorySegment packed, MemorySegment idomOut,
            MemorySegment retOut, int base, int from, int to, long[] count, long[] size, IntStack top) {
        for (int v = from; v < to; v++) {
            int i = NativeInts.get(pre, v);
            long at = v - base;
            if (i == 0) {
                unreachable(g, v, idomOut, retOut, at, count, size);
            } else {
                long a = NativeLongs.get(packed, i);
                put(v, (int) (a >>> 32), a & TreeArrays.OVERFLOW, idomOut, retOut, at, top);
            }
        }
    }

    private static void unreachable(Digraph g, int v, MemorySegment idomOut, MemorySegment retOut, long at,
            long[] count, long[] size) {
        NativeInts.set(idomOut, at, UNREACHABLE);
        NativeInts.set(retOut, at, 0);
        int k = g.groupOf(v);
        if (k >= 0) {
            count[k]++;
            size[k] += g.size(v);
        }
    }

    private static void put(int v, int dominator, long slot, MemorySegment idomOut, MemorySegment retOut, long at,
            IntStack top) {
        NativeInts.set(idomOut, at, dominator);
        if (dominator == ROOT) {
            top.push(v);
        }
        NativeInts.set(retOut, at, (int) slot);
    }

    /** One of the two fills over a range of vertices. */
    private interface Fill {
        void range(MemorySegment idomOut, MemorySegment retOut, int base, int from, int to, long[] count, long[] size,
                Overflow over, IntStack top);
    }

    /** Vertices per piece handed to {@link Outputs#write}: 256 KB of each array. */
    private static final int PIECE = 1 << 16;

    private record Results(long[] unreachableCount, long[] unreachableSize, long[] overflowIndex,
            long[] overflowValue, int[] topLevel) {}

    /**
     * Immediate dominators and retained sizes by vertex (sizes as {@link TreeArrays} keeps them), and
     * the unreachable vertices per group, and the top level. Two threads, each over half the vertices.
     * With {@code packed} (the overflow table {@link #sumAndPack} made) by {@link #fillPacked} from
     * {@code ret}, else by {@link #fill}.
     */
    private static Results results(Digraph g, MemorySegment pre, MemorySegment vertex, MemorySegment idom,
            MemorySegment ret, MemorySegment[] target, Outputs outputs, MemorySegment groupOfNumber, Overflow packed,
            int threads) {
        Fill fill = packed != null
                ? (idomOut, retOut, base, from, to, count, size, over, top) ->
                        fillPacked(g, pre, ret, idomOut, retOut, base, from, to, count, size, top)
                : (idomOut, retOut, base, from, to, count, size, over, top) ->
                        fill(g, pre, vertex, idom, ret, groupOfNumber, idomOut, retOut, base, from, to, count, size,
                                over, top);
        int n = g.vertexCount();
        int groups = g.groupCount();
        int parts = Parallel.parts(n, threads);
        int[] bounds = Parallel.bounds(n, parts);
        long[][][] acc = new long[parts][][];
        IntStack[] tops = new IntStack[parts];
        Parallel.run(parts, p -> {
            long[] count = new long[groups];
            long[] size = new long[groups];
            Overflow over = new Overflow();
            IntStack top = tops[p] = new IntStack();
            if (target != null) {
                fill.range(target[0], target[1], 0, bounds[p], bounds[p + 1], count, size, over, top);
            } else {
                // Without target arrays, each thread fills a small buffer pair and hands it over when full.
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment idomOut = arena.allocate(4L * PIECE, 8);
                    MemorySegment retOut = arena.allocate(4L * PIECE, 8);
                    for (int from = bounds[p]; from < bounds[p + 1]; from += PIECE) {
                        int to = Math.min(from + PIECE, bounds[p + 1]);
                        fill.range(idomOut, retOut, from, from, to, count, size, over, top);
                        outputs.write(from, idomOut, retOut, to - from);
                    }
                }
            }
            acc[p] = new long[][] {count, size, java.util.Arrays.copyOf(over.pairs, 2 * over.count)};
        });
        long[] count = new long[groups];
        long[] size = new long[groups];
        int overflow = 0;
        for (long[][] a : acc) {
            for (int k = 0; k < groups; k++) {
                count[k] += a[0][k];
                size[k] += a[1][k];
            }
            overflow += a[2].length / 2;
        }
        // Parts are in vertex order, so their tables joined are sorted; the sum's table is by number.
        long[][] tables = packed != null ? new long[][] {packed.sorted()} : new long[acc.length][];
        if (packed == null) {
            for (int p = 0; p < acc.length; p++) {
                tables[p] = acc[p][2];
            }
        } else {
            overflow = packed.count;
        }
        long[] index = new long[overflow];
        long[] value = new long[overflow];
        int at = 0;
        for (long[] t : tables) {
            for (int j = 0; j < t.length; j += 2) {
                index[at] = t[j];
                value[at++] = t[j + 1];
            }
        }
        long topCount = 0;
        for (IntStack t : tops) { // parts are in vertex order, so the top level comes out ascending
            topCount += t.size();
        }
        int[] topLevel = new int[Math.toIntExact(topCount)];
        int k = 0;
        for (IntStack t : tops) {
            for (long j = 0; j < t.size(); j++) {
                topLevel[k++] = t.get(j);
            }
        }
        return new Results(count, size, index, value, topLevel);
    }
}
