package dev.heapwise.analysis.dominators;

import dev.heapwise.analysis.dominators.internal.ChildScan;
import dev.heapwise.analysis.dominators.internal.ChildrenIndex;
import dev.heapwise.analysis.dominators.internal.ClassRetainedSizes;
import dev.heapwise.analysis.dominators.internal.DominatorFile;
import dev.heapwise.analysis.dominators.internal.HeapDigraph;
import dev.heapwise.analysis.dominators.internal.SemiNca;
import dev.heapwise.analysis.dominators.internal.TreeArrays;
import dev.heapwise.analysis.internal.IntStack;
import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeMemory;
import dev.heapwise.analysis.internal.Parallel;
import dev.heapwise.analysis.internal.TopK;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The dominator tree of a heap and the exact retained size of every object, with MAT's semantics:
 * a virtual root dominates every GC root; an object keeps its class object alive (MAT's extra edge);
 * objects no root reaches are left out and counted per class, unless {@link Options#keepUnreachable}
 * hangs them under the virtual root as MAT's "keep unreachable objects" does.
 *
 * <p>Costs: {@link #of} computes once (Semi-NCA, about 30 bytes per object of native memory at the
 * peak, no dump reads) and saves the result (8 bytes per object) as an index attachment, so the
 * next open of the same index only maps it. Reading one object is O(1) on mapped or native memory
 * and thread-safe; the children of a node take one pass over all objects until a tree has been
 * asked for children 16 times, after which a children index (8 bytes per object) is built once.
 * Close the tree (before the graph) to free native memory.
 */
public final class DominatorTree implements AutoCloseable {
    /** {@link #immediateDominator} of an object directly under the virtual root (a GC root, typically). */
    public static final int ROOT = SemiNca.ROOT;
    /** {@link #immediateDominator} of an object no GC root reaches. */
    public static final int UNREACHABLE = SemiNca.UNREACHABLE;

    /** @param keepUnreachable treat unreachable objects as pseudo-roots instead of leaving them out */
    public record Options(boolean keepUnreachable) {
        public static final Options DEFAULT = new Options(false);
    }

    private final HeapGraph graph;
    private final int n;
    private final TreeArrays arrays;
    private final AutoCloseable owned;
    private final long reachable;
    private final long pseudoRoots;
    private final long reachableSize;
    private volatile long[] classRetained;
    /** Class retained sizes still being computed in the background (a tree just computed), or null. */
    private volatile CompletableFuture<long[]> classRetainedPending;
    private final long[] unreachableCount;
    private final long[] unreachableShallow;
    private final boolean keepUnreachable;
    private final boolean loaded;
    private volatile ChildrenIndex children;

    private DominatorTree(HeapGraph graph, TreeArrays arrays, AutoCloseable owned, DominatorFile.Header h,
            long[] unreachableCount, long[] unreachableShallow, boolean loaded) {
        this.graph = graph;
        this.n = graph.objectCount();
        this.arrays = arrays;
        this.owned = owned;
        this.reachable = h.reachable();
        this.pseudoRoots = h.pseudoRoots();
        this.reachableSize = h.reachableSize();
        this.unreachableCount = unreachableCount;
        this.unreachableShallow = unreachableShallow;
        this.keepUnreachable = (h.flags() & 1) != 0;
        this.loaded = loaded;
    }

    static String attachmentName(Options options) {
        return options.keepUnreachable() ? "dominators-keep-unreachable.v2" : "dominators.v2";
    }

    /** The tree with default options, from the index if saved there, else computed and saved. */
    public static DominatorTree of(HeapGraph graph) throws IOException {
        return of(graph, Options.DEFAULT, ProgressListener.NONE);
    }

    /**
     * The tree from the index attachment if one was saved for these options, else computed and
     * saved (when the index folder is writable; otherwise kept in native memory). When saving, the
     * computation writes its per-object results into the new file piece by piece (positional
     * writes, so the pages stay in the page cache, outside this process), with no second copy of
     * them in memory; the tree is then mapped from the file.
     */
    public static DominatorTree of(HeapGraph graph, Options options, ProgressListener progress) throws IOException {
        return of(graph, options, progress, true);
    }

    /**
     * As {@link #of(HeapGraph, Options, ProgressListener)}. When the tree is computed and
     * {@code classSizesAlong} is true, the class retained sizes ({@link #classRetainedSize}) are
     * summed on a second thread while the tree is saved (about 20 bytes per object more, for a
     * second or so of one core); pass false when they will not be asked for, and they are computed
     * from the saved tree if they are asked for after all.
     */
    public static DominatorTree of(HeapGraph graph, Options options, ProgressListener progress,
            boolean classSizesAlong) throws IOException {
        return of(graph, options, progress, classSizesAlong, null);
    }

    /**
     * As {@link #of(HeapGraph, Options, ProgressListener, boolean)}. When the tree has to be
     * computed, {@code coreFree} (if not null) runs once on the calling thread where the computation
     * starts to leave a core idle (its semi-dominator and immediate-dominator passes run on one,
     * about a quarter of its time): a caller can start background work of its own there. It does
     * not run when the saved tree is read.
     */
    public static DominatorTree of(HeapGraph graph, Options options, ProgressListener progress,
            boolean classSizesAlong, Runnable coreFree) throws IOException {
        Runnable once = coreFree == null ? null : new Runnable() {
            private boolean ran;

            @Override
            public void run() {
                if (!ran) {
                    ran = true;
                    coreFree.run();
                }
            }
        };
        String name = attachmentName(options);
        Optional<MemorySegment> saved = graph.attachments().open(name);
        if (saved.isPresent()) {
            DominatorTree t = load(graph, saved.get());
            if (t != null) {
                return t;
            }
        }
        // If memory runs short, scratch goes to files on the index's disk rather than java.io.tmpdir (often in RAM).
        NativeMemory.spillTo(graph.attachments().scratchFolder().orElse(null));
        SemiNca.Result[] kept = new SemiNca.Result[1];
        Optional<MemorySegment> back = graph.attachments().saveAndOpen(name, ch -> {
            int n = graph.objectCount();
            SemiNca.Result r = SemiNca.compute(new HeapDigraph(graph), options.keepUnreachable(), progress,
                    new SemiNca.Outputs() {
                        @Override
                        public MemorySegment[] arrays(int count) {
                            return null; // pieces go to the file as they come: see write
                        }

                        @Override
                        public void write(long from, MemorySegment idom, MemorySegment retained, int count) {
                            try {
                                DominatorFile.writeArrays(ch, n, from, idom, retained, count);
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        }

                        @Override
                        public AutoCloseable owner() {
                            return () -> { };
                        }
                    }, classSizesAlong, once);
            Computed c = finish(graph, r, options);
            DominatorFile.writeRest(ch, c.header, r.arrays(), c.unreachableCount, c.unreachableShallow);
            kept[0] = r;
        });
        if (back.isPresent()) {
            DominatorTree t = load(graph, back.get());
            if (t != null) {
                // The class retained sizes are still being summed in the background: the first
                // caller who wants them waits for them and saves them beside the tree.
                t.classRetainedPending = kept[0].groupRetained();
                t.topLevel = kept[0].topLevel();
                return t;
            }
            throw new IOException("the dominator tree just saved in the index could not be read back: " + name);
        }
        // The index folder is read-only: keep the computed arrays in native memory.
        return compute(graph, options, progress, classSizesAlong, once);
    }

    /**
     * Computes the tree in native memory without touching the index; class retained sizes are
     * computed on first use.
     */
    public static DominatorTree compute(HeapGraph graph, Options options, ProgressListener progress) {
        return compute(graph, options, progress, false, null);
    }

    private static DominatorTree compute(HeapGraph graph, Options options, ProgressListener progress,
            boolean classSizesAlong, Runnable coreFree) {
        SemiNca.Result r = SemiNca.compute(new HeapDigraph(graph), options.keepUnreachable(), progress,
                SemiNca.nativeOutputs(), classSizesAlong, coreFree);
        Computed c = finish(graph, r, options);
        DominatorTree t = new DominatorTree(graph, r.arrays(), r, c.header, c.unreachableCount, c.unreachableShallow,
                false);
        t.classRetainedPending = r.groupRetained();
        t.topLevel = r.topLevel();
        return t;
    }

    private static long[] join(CompletableFuture<long[]> f) {
        try {
            return f.join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        }
    }

    private String classAttachmentName() {
        return attachmentName(keepUnreachable ? new Options(true) : Options.DEFAULT) + ".classes";
    }

    /** Keeps class retained sizes computed with the tree, and saves them beside it. */
    private void storeClassRetained(long[] sizes) throws IOException {
        classRetained = sizes;
        int classes = sizes.length;
        graph.attachments().save(classAttachmentName(), ch -> {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8 * classes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            for (long v : sizes) {
                b.putLong(v);
            }
            b.flip();
            while (b.hasRemaining()) {
                ch.write(b);
            }
        });
    }

    private record Computed(DominatorFile.Header header, long[] unreachableCount, long[] unreachableShallow) {}

    private static Computed finish(HeapGraph graph, SemiNca.Result r, Options options) {
        DominatorFile.Header h = new DominatorFile.Header(graph.objectCount(), graph.classCount(),
                options.keepUnreachable() ? 1 : 0, r.reachable(), r.pseudoRoots(), r.reachableSize(),
                r.arrays().overflowIndex().length);
        return new Computed(h, r.unreachableCount(), r.unreachableSize());
    }

    private static DominatorTree load(HeapGraph graph, MemorySegment file) {
        DominatorFile.Header h = DominatorFile.header(file);
        if (h == null || h.objects() != graph.objectCount() || h.classes() != graph.classCount()) {
            return null;
        }
        long n = h.objects();
        int classes = (int) h.classes();
        long base = DominatorFile.classOffset(n);
        long[][] tail = new long[2][classes];
        for (int k = 0; k < 2; k++) {
            for (int c = 0; c < classes; c++) {
                tail[k][c] = file.get(DominatorFile.LONG, base + 8L * ((long) k * classes + c));
            }
        }
        return new DominatorTree(graph, DominatorFile.arrays(file, h), null, h, tail[0], tail[1], true);
    }

    // ---- reading

    /** Whether this tree came from the index (true) or was computed by this call (false). */
    public boolean loadedFromIndex() {
        return loaded;
    }

    public boolean keepsUnreachable() {
        return keepUnreachable;
    }

    /** The object's immediate dominator, {@link #ROOT}, or {@link #UNREACHABLE}. O(1). */
    public int immediateDominator(int object) {
        return arrays.idom(object);
    }

    /** The object's retained size in bytes (0 if unreachable and not kept). O(1). */
    public long retainedSize(int object) {
        return arrays.retained(object);
    }

    public boolean isReachable(int object) {
        return arrays.idom(object) != UNREACHABLE;
    }

    /**
     * For each of {@code objects} (distinct), how many objects it keeps alive, itself included: the
     * size of its subtree in the dominator tree (LeakCanary's "retained object count"); 0 for an
     * object not in the tree. One pass over the tree: each object climbs its dominator chain until
     * it meets an object already placed (under one of {@code objects}, or under none), so every
     * object is climbed through once. Native memory: 4 bytes per object, while it runs; reads the
     * whole immediate-dominator array. Thread-safe.
     */
    public long[] retainedCounts(int[] objects) {
        long[] counts = new long[objects.length];
        try (NativeInts placed = NativeInts.allocate(Math.max(1, n))) { // 0 unknown, 1 under none, k + 2 under objects[k]
            MemorySegment under = placed.segment();
            for (int k = 0; k < objects.length; k++) {
                if (isReachable(objects[k])) {
                    NativeInts.set(under, objects[k], k + 2);
                    counts[k] = 1;
                }
            }
            IntStack path = new IntStack();
            for (int o = 0; o < n; o++) {
                if (NativeInts.get(under, o) != 0 || !isReachable(o)) {
                    continue;
                }
                int x = o;
                while (x >= 0 && NativeInts.get(under, x) == 0) {
                    path.push(x);
                    x = arrays.idom(x);
                }
                int mark = x < 0 ? 1 : NativeInts.get(under, x);
                if (mark >= 2) {
                    counts[mark - 2] += path.size();
                }
                while (!path.isEmpty()) {
                    NativeInts.set(under, path.pop(), mark);
                }
            }
            // An object under another of them: its subtree belongs to that one's too.
            long[] own = counts.clone();
            for (int k = 0; k < objects.length; k++) {
                if (own[k] == 0) {
                    continue;
                }
                for (int d = arrays.idom(objects[k]); d >= 0; ) {
                    int mark = NativeInts.get(under, d);
                    if (mark < 2) {
                        break;
                    }
                    counts[mark - 2] += own[k];
                    d = arrays.idom(objects[mark - 2]);
                }
            }
        }
        return counts;
    }

    /** Objects in the tree (reached from the roots, plus pseudo-roots' subtrees when kept). */
    public long reachableCount() {
        return reachable;
    }

    /** Unreachable objects made children of the virtual root ({@link Options#keepUnreachable}). */
    public long pseudoRootCount() {
        return pseudoRoots;
    }

    /** The summed shallow size of the objects in the tree: the virtual root's retained size. */
    public long reachableSize() {
        return reachableSize;
    }

    /**
     * MAT's retained size of a class: the size of the union of its instances' retained sets. The
     * first call waits for the sizes summed alongside a tree just computed, or computes them for
     * every class (links each object to its first child and next sibling, 8 bytes an object, walks the
     * tree once and frees the links), and saves them beside the tree; later calls and later opens are
     * O(1). Thread-safe.
     */
    public long classRetainedSize(int classIndex) {
        return classRetainedSizes()[classIndex];
    }

    private long[] classRetainedSizes() {
        long[] c = classRetained;
        if (c == null) {
            synchronized (this) {
                c = classRetained;
                if (c == null) {
                    classRetained = c = loadOrComputeClassRetained();
                }
            }
        }
        return c;
    }

    private long[] loadOrComputeClassRetained() {
        String name = classAttachmentName();
        int classes = graph.classCount();
        CompletableFuture<long[]> pending = classRetainedPending;
        try {
            if (pending != null) {
                long[] out = join(pending);
                classRetainedPending = null;
                if (loaded) {
                    storeClassRetained(out);
                }
                return out;
            }
            if (loaded) {
                Optional<MemorySegment> f = graph.attachments().open(name);
                if (f.isPresent() && f.get().byteSize() == 8L * classes) {
                    long[] out = new long[classes];
                    for (int k = 0; k < classes; k++) {
                        out[k] = f.get().getAtIndex(DominatorFile.LONG, k);
                    }
                    return out;
                }
            }
            long[] out = ClassRetainedSizes.compute(graph, arrays); // its 8 bytes an object freed after
            if (loaded) {
                storeClassRetained(out);
                // The walk touched every page of the mapped tree. The file keeps them: out of this process
                // they go, until read again (growth walks several dumps' trees in a row).
                NativeMemory.discard(arrays.idomSegment(), 0, arrays.idomSegment().byteSize());
                NativeMemory.discard(arrays.retainedSegment(), 0, arrays.retainedSegment().byteSize());
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Objects of the class left out of the tree because no root reaches them. */
    public long unreachableCount(int classIndex) {
        return unreachableCount[classIndex];
    }

    public long unreachableShallowSize(int classIndex) {
        return unreachableShallow[classIndex];
    }

    public long unreachableTotalCount() {
        long s = 0;
        for (long v : unreachableCount) {
            s += v;
        }
        return s;
    }

    public long unreachableTotalSize() {
        long s = 0;
        for (long v : unreachableShallow) {
            s += v;
        }
        return s;
    }

    /**
     * The objects {@code object} immediately dominates ({@link #ROOT} for the top level), biggest
     * retained size first, ties by object index. Allocates the list; costs as {@link #largestChildren}.
     * The top level of a big heap can have millions
     * of entries: use {@link #largestChildren} there.
     */
    public List<Integer> children(int object) {
        return largestChildren(object, Integer.MAX_VALUE);
    }

    /**
     * The {@code limit} biggest objects {@code object} immediately dominates, biggest first (ties by
     * object index). Without a children index (see {@link #childCount}) one pass over the tree;
     * allocates only the result.
     */
    public List<Integer> largestChildren(int object, int limit) {
        int[] kids = childrenOf(new int[] {object}, limit)[0].largest();
        Integer[] out = new Integer[kids.length];
        for (int i = 0; i < kids.length; i++) {
            out[i] = kids[i];
        }
        return java.util.Arrays.asList(out);
    }

    /** How many objects one object immediately dominates, and the biggest of them, biggest first. */
    public record Children(int count, int[] largest) {}

    /**
     * For each of {@code objects} (distinct; {@link #ROOT} allowed), in the order given, how many
     * objects it immediately dominates and its {@code limit} biggest: one pass over the tree for all
     * of them without a children index, so a walk down several branches at once pays one pass per
     * level. Allocates only the results; thread-safe.
     */
    public Children[] childrenOfEach(int[] objects, int limit) {
        ChildScan.Kids[] kids = childrenOf(objects, limit);
        Children[] out = new Children[kids.length];
        for (int i = 0; i < kids.length; i++) {
            out[i] = new Children(kids[i].count(), kids[i].largest());
        }
        return out;
    }

    /**
     * For each of {@code parents} ({@link #ROOT} allowed), how many objects it immediately dominates
     * and the {@code limit} biggest of them, biggest first: one pass over the tree for all of them
     * (or the children index when it was built). For views that show a few levels.
     */
    ChildScan.Kids[] childrenOf(int[] parents, int limit) {
        ChildrenIndex c = children;
        if (c == null && parents.length == 1 && parents[0] == ROOT) {
            // The top level alone: kept once found, for the suspects read all of it.
            int[] top = topLevel();
            TopK best = new TopK(limit, this::retainedSize);
            for (int o : top) {
                best.offer(o);
            }
            return new ChildScan.Kids[] {new ChildScan.Kids(top.length, best.sorted())};
        }
        if (c == null && needsIndex()) {
            c = childrenIndex();
        }
        if (c == null) {
            return ChildScan.scan(arrays, n, parents, limit, Parallel.THREADS);
        }
        ChildScan.Kids[] out = new ChildScan.Kids[parents.length];
        for (int j = 0; j < parents.length; j++) {
            int p = parents[j];
            int k = c.count(p);
            TopK best = new TopK(limit, this::retainedSize); // bigger first, ties to the lower index
            for (int i = 0; i < k; i++) {
                best.offer(c.child(p, i));
            }
            out[j] = new ChildScan.Kids(k, best.sorted());
        }
        return out;
    }

    /** Scans are cheap, but a caller asking child by child would scan again and again: index after a few. */
    private boolean needsIndex() {
        return scans.incrementAndGet() > 16;
    }

    private final java.util.concurrent.atomic.AtomicInteger scans = new java.util.concurrent.atomic.AtomicInteger();

    /**
     * The objects directly under the virtual root, in object order: from the computation when this
     * process computed the tree, else found by one pass over it; then kept.
     */
    private int[] topLevel() {
        int[] t = topLevel;
        if (t == null) {
            synchronized (this) {
                t = topLevel;
                if (t == null) {
                    ChildrenIndex c = children;
                    if (c != null) {
                        t = new int[c.count(ROOT)];
                        for (int i = 0; i < t.length; i++) {
                            t[i] = c.child(ROOT, i);
                        }
                    } else {
                        t = ChildScan.childrenInOrder(arrays, n, ROOT, Parallel.THREADS);
                    }
                    topLevel = t;
                }
            }
        }
        return t;
    }

    private volatile int[] topLevel;

    /**
     * The i-th object {@code object} immediately dominates, in object order. O(1); the first call
     * for the top level finds it in one pass over the tree (and keeps it: 4 bytes per top-level
     * object), the first for another object builds the children index (8 bytes per object).
     */
    public int child(int object, int i) {
        return object == ROOT ? topLevel()[i] : childrenIndex().child(object, i);
    }

    /** How many objects {@code object} immediately dominates (a pass over the tree unless indexed). */
    public int childCount(int object) {
        if (object == ROOT) {
            return topLevel().length;
        }
        ChildrenIndex c = children;
        return c != null ? c.count(object) : childrenOf(new int[] {object}, 0)[0].count();
    }

    /** The strict dominators of an object, nearest first, ending below the virtual root. Allocates. */
    public List<Integer> dominatorsOf(int object) {
        List<Integer> out = new ArrayList<>();
        for (int d = immediateDominator(object); d >= 0; d = immediateDominator(d)) {
            out.add(d);
        }
        return out;
    }

    private ChildrenIndex childrenIndex() {
        ChildrenIndex c = children;
        if (c == null) {
            synchronized (this) {
                c = children;
                if (c == null) {
                    children = c = ChildrenIndex.build(arrays, n);
                }
            }
        }
        return c;
    }

    public HeapGraph graph() {
        return graph;
    }

    @Override
    public void close() {
        ChildrenIndex c = children;
        if (c != null) {
            c.close();
        }
        if (owned != null) {
            try {
                owned.close();
            } catch (Exception e) {
                throw new UncheckedIOException(new IOException(e));
            }
        }
    }
}
