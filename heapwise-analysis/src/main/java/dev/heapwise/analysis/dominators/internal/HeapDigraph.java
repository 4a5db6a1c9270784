package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * A heap graph as MAT's dominator computation sees it: the stored references, plus an edge from
 * every object to its class object ("an instance keeps its class alive"), with every GC root a
 * successor of the virtual root. The extra edges need an inbound index of instances by class
 * (4 bytes per object, off-heap), which a second thread builds while the depth-first search runs.
 * Close it to free that index.
 */
public final class HeapDigraph implements Digraph, AutoCloseable {
    private final HeapGraph graph;
    private final int n;
    private final int[] classObject;
    private final int[] roots;
    private final long[] classObjectBits;
    private final Future<InstancesByClass> byClass;

    /** Instances grouped by class: {@code objects[start[c] .. start[c+1])} are the instances of c. */
    record InstancesByClass(int[] start, NativeInts objects) {}

    public HeapDigraph(HeapGraph graph, boolean buildInBackground) {
        this.graph = graph;
        this.n = graph.objectCount();
        int classes = graph.classCount();
        this.classObject = new int[classes];
        this.classObjectBits = new long[(n + 63) >>> 6];
        for (int c = 0; c < classes; c++) {
            int o = graph.heapClass(c).objectIndex();
            classObject[c] = o;
            if (o >= 0) {
                classObjectBits[o >>> 6] |= 1L << o;
            }
        }
        List<GcRoot> r = graph.roots();
        this.roots = new int[r.size()];
        for (int i = 0; i < roots.length; i++) {
            roots[i] = r.get(i).object();
        }
        CompletableFuture<InstancesByClass> f = new CompletableFuture<>();
        if (buildInBackground) {
            Thread t = Thread.ofPlatform().daemon().name("heapwise-instances-by-class").start(() -> {
                try {
                    f.complete(buildByClass());
                } catch (Throwable e) {
                    f.completeExceptionally(e);
                }
            });
            t.setUncaughtExceptionHandler((th, e) -> { });
        } else {
            f.complete(buildByClass());
        }
        this.byClass = f;
    }

    /** Counting sort of objects by class: two passes over the class column. */
    private InstancesByClass buildByClass() {
        int classes = graph.classCount();
        int[] start = new int[classes + 1];
        for (int o = 0; o < n; o++) {
            start[graph.classOf(o) + 1]++;
        }
        for (int c = 0; c < classes; c++) {
            start[c + 1] += start[c];
        }
        int[] fill = start.clone();
        NativeInts objects = NativeInts.allocate(n);
        MemorySegment s = objects.segment();
        for (int o = 0; o < n; o++) {
            NativeInts.set(s, fill[graph.classOf(o)]++, o);
        }
        return new InstancesByClass(start, objects);
    }

    private InstancesByClass byClass() {
        try {
            return byClass.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
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
        return graph.isRoot(v);
    }

    @Override
    public long size(int v) {
        return graph.shallowSize(v);
    }

    @Override
    public RefCursor successors() {
        return new Successors(graph.outRefs());
    }

    @Override
    public RefCursor predecessors() {
        return new Predecessors(graph.inRefs(), byClass());
    }

    @Override
    public void releasePredecessors() {
        byClass().objects().close();
    }

    @Override
    public void close() {
        byClass().objects().close();
    }

    /** Stored references, then the class object. */
    private final class Successors implements RefCursor {
        private final RefCursor refs;
        private int pendingClass;
        private long ordinal;

        Successors(RefCursor refs) {
            this.refs = refs;
        }

        @Override
        public void reset(int object) {
            refs.reset(object);
            pendingClass = classObject[graph.classOf(object)];
        }

        @Override
        public int next() {
            int t = refs.next();
            if (t >= 0) {
                return t;
            }
            t = pendingClass;
            pendingClass = -1;
            return t;
        }

        @Override
        public long count() {
            return refs.count() + (pendingClass >= 0 ? 1 : 0);
        }

        @Override
        public long ordinal() {
            return ordinal;
        }
    }

    /** Stored referrers, then (for a class object) every instance of the class. */
    private final class Predecessors implements RefCursor {
        private final RefCursor refs;
        private final int[] start;
        private final MemorySegment objects;
        private long pos;
        private long end;

        Predecessors(RefCursor refs, InstancesByClass byClass) {
            this.refs = refs;
            this.start = byClass.start();
            this.objects = byClass.objects().segment();
        }

        @Override
        public void reset(int object) {
            refs.reset(object);
            pos = end = 0;
            if ((classObjectBits[object >>> 6] & (1L << object)) != 0) {
                int c = graph.classIndexOfClassObject(object);
                if (c >= 0) {
                    pos = start[c];
                    end = start[c + 1];
                }
            }
        }

        @Override
        public int next() {
            int t = refs.next();
            if (t >= 0) {
                return t;
            }
            return pos < end ? NativeInts.get(objects, pos++) : -1;
        }

        @Override
        public long count() {
            return refs.count() + (end - pos);
        }

        @Override
        public long ordinal() {
            return -1;
        }
    }
}
