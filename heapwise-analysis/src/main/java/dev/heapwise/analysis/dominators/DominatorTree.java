package dev.heapwise.analysis.dominators;

import dev.heapwise.analysis.dominators.internal.ChildrenIndex;
import dev.heapwise.analysis.dominators.internal.ClassRetainedSizes;
import dev.heapwise.analysis.dominators.internal.DominatorFile;
import dev.heapwise.analysis.dominators.internal.HeapDigraph;
import dev.heapwise.analysis.dominators.internal.SemiNca;
import dev.heapwise.analysis.dominators.internal.TreeArrays;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The dominator tree of a heap and the exact retained size of every object, with MAT's semantics:
 * a virtual root dominates every GC root; an object keeps its class object alive (MAT's extra edge);
 * objects no root reaches are left out and counted per class, unless {@link Options#keepUnreachable}
 * hangs them under the virtual root as MAT's "keep unreachable objects" does.
 *
 * <p>Costs: {@link #of} computes once (Semi-NCA, about 28 bytes per object of native memory at the
 * peak, no dump reads) and saves the result (12 bytes per object) as an index attachment, so the
 * next open of the same index only maps it. All read methods are O(1) on mapped or native memory
 * and thread-safe; {@link #children} builds a children index (8 bytes per object) on first use.
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
     * computation writes its per-object results straight into the new file's mapping: no second
     * copy of them in memory.
     */
    public static DominatorTree of(HeapGraph graph, Options options, ProgressListener progress) throws IOException {
        String name = attachmentName(options);
        Optional<MemorySegment> saved = graph.attachments().open(name);
        if (saved.isPresent()) {
            DominatorTree t = load(graph, saved.get());
            if (t != null) {
                return t;
            }
        }
        SemiNca.Result[] kept = new SemiNca.Result[1];
        boolean ok = graph.attachments().save(name, ch -> {
            int n = graph.objectCount();
            try (Arena arena = Arena.ofShared()) {
                MemorySegment file = DominatorFile.mapArrays(ch, n, arena);
                SemiNca.Result r = SemiNca.compute(new HeapDigraph(graph), options.keepUnreachable(), progress,
                        new SemiNca.Outputs() {
                            @Override
                            public MemorySegment[] arrays(int count) {
                                return new MemorySegment[] {DominatorFile.idomSlice(file, n),
                                        DominatorFile.retainedSlice(file, n)};
                            }

                            @Override
                            public AutoCloseable owner() {
                                return () -> { };
                            }
                        });
                Computed c = finish(graph, r, options);
                DominatorFile.writeRest(ch, c.header, r.arrays(), c.unreachableCount, c.unreachableShallow);
                kept[0] = r;
            }
        });
        if (ok) {
            Optional<MemorySegment> back = graph.attachments().open(name);
            DominatorTree t = back.map(f -> load(graph, f)).orElse(null);
            if (t != null) {
                return t;
            }
            throw new IOException("the dominator tree just saved in the index could not be read back: " + name);
        }
        // The index folder is read-only: keep the computed arrays in native memory.
        return compute(graph, options, progress);
    }

    /** Computes the tree in native memory without touching the index. */
    public static DominatorTree compute(HeapGraph graph, Options options, ProgressListener progress) {
        SemiNca.Result r = run(graph, options, progress);
        Computed c = finish(graph, r, options);
        return new DominatorTree(graph, r.arrays(), r, c.header, c.unreachableCount, c.unreachableShallow, false);
    }

    private static SemiNca.Result run(HeapGraph graph, Options options, ProgressListener progress) {
        return SemiNca.compute(new HeapDigraph(graph), options.keepUnreachable(), progress);
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
     * first call computes it for every class (builds the children index and walks the tree once)
     * and saves it beside the tree; later calls and later opens are O(1).
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
        String name = attachmentName(keepUnreachable ? new Options(true) : Options.DEFAULT) + ".classes";
        int classes = graph.classCount();
        try {
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
            long[] out = ClassRetainedSizes.compute(graph, arrays, childrenIndex());
            if (loaded) {
                graph.attachments().save(name, ch -> {
                    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(8 * classes).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                    for (long v : out) {
                        b.putLong(v);
                    }
                    b.flip();
                    while (b.hasRemaining()) {
                        ch.write(b);
                    }
                });
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
     * retained size first, ties by object index. Allocates the list; the first call builds the
     * children index (two passes over all objects). The top level of a big heap can have millions
     * of entries: use {@link #largestChildren} there.
     */
    public List<Integer> children(int object) {
        return largestChildren(object, Integer.MAX_VALUE);
    }

    /**
     * The {@code limit} biggest objects {@code object} immediately dominates, biggest first (ties by
     * object index). O(children * log limit) with a primitive heap; allocates only the result.
     */
    public List<Integer> largestChildren(int object, int limit) {
        ChildrenIndex c = childrenIndex();
        int k = c.count(object);
        int keep = Math.min(k, Math.max(0, limit));
        // A min-heap of the best so far, keyed by (retained, -index).
        int[] heap = new int[keep];
        int size = 0;
        for (int i = 0; i < k; i++) {
            int o = c.child(object, i);
            if (size < keep) {
                heap[size] = o;
                siftUp(heap, size++);
            } else if (keep > 0 && better(o, heap[0])) {
                heap[0] = o;
                siftDown(heap, size);
            }
        }
        Integer[] out = new Integer[size];
        for (int i = 0; i < size; i++) {
            out[i] = heap[i];
        }
        java.util.Arrays.sort(out, Comparator.comparingLong((Integer o) -> -retainedSize(o)).thenComparingInt(o -> o));
        return java.util.Arrays.asList(out);
    }

    /** Whether a ranks before b: bigger retained size, then lower index. */
    private boolean better(int a, int b) {
        long ra = retainedSize(a);
        long rb = retainedSize(b);
        return ra != rb ? ra > rb : a < b;
    }

    private void siftUp(int[] h, int i) {
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (!better(h[p], h[i])) {
                break;
            }
            int t = h[p];
            h[p] = h[i];
            h[i] = t;
            i = p;
        }
    }

    private void siftDown(int[] h, int size) {
        int i = 0;
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) {
                return;
            }
            int worst = l + 1 < size && better(h[l], h[l + 1]) ? l + 1 : l;
            if (!better(h[i], h[worst])) {
                return;
            }
            int t = h[i];
            h[i] = h[worst];
            h[worst] = t;
            i = worst;
        }
    }

    /** The i-th object {@code object} immediately dominates, in object order. O(1). */
    public int child(int object, int i) {
        return childrenIndex().child(object, i);
    }

    /** How many objects {@code object} immediately dominates. */
    public int childCount(int object) {
        return childrenIndex().count(object);
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
