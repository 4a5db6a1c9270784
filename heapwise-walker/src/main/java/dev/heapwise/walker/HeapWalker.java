package dev.heapwise.walker;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import dev.heapwise.walker.internal.DepthFirstWalk;
import dev.heapwise.walker.internal.GraphReferences;
import dev.heapwise.walker.internal.HopDistances;
import dev.heapwise.walker.internal.RootContainer;
import dev.heapwise.walker.internal.RootContainers;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * Walks a heap graph and tells a {@link HeapInfoCallback} about it, following the Microsoft VM's
 * {@code IHeapInfoCallback} heap-dump contract:
 * <ol>
 *   <li>{@link ContainerType#BEGIN};</li>
 *   <li>each root container ({@link ContainerType#THREAD} per thread, {@link ContainerType#ROOTS}
 *       per other root kind), each followed by its {@code rootReferences} calls and then the
 *       depth-first traversal from its roots;</li>
 *   <li>{@link ContainerType#HEAP}, with the objects root traversal did not visit, in id
 *       order, each followed by its own depth-first traversal;</li>
 *   <li>{@link ContainerType#END}, always, even after {@link WalkAction#FAIL} or an exception.</li>
 * </ol>
 * Every object of the graph is visited (one sequence of {@code objectReferences} calls) exactly
 * once, unless the walk is aborted or limited by {@link WalkOptions}. {@code docs/walker.md}
 * states the order and flags precisely, with a worked example.
 *
 * <pre>{@code
 * try (HeapGraph g = Hprof.open(Path.of("app.hprof"))) {
 *     HeapWalker.walk(g, new HeapInfoCallback() { ... }, WalkOptions.defaults());
 * }
 * }</pre>
 *
 * <p><b>Cost.</b> Memory: four bits per object plus a stack of at most one int per object
 * (usually far fewer) and reused batch arrays of {@link WalkOptions#batchSize()}; with a depth
 * limit, one more byte per object. No Java object is created per heap object on the index path.
 * Time: one pass over the reference index. With {@link WalkOptions#includeNulls()} (the default,
 * as the contract reports null references), each object that has a null or dangling reference
 * slot, and each object array's length, costs a read of the dump (about 10 µs each on a big
 * dump); without it the walk reads the index only. On big graphs the walk is bound by memory
 * latency (the depth-first order jumps across the index); docs/walker.md has measured numbers.
 *
 * <p><b>Threads.</b> A walk runs on the calling thread and calls the callback there. Several walks
 * may run at once over the same graph (each has its own state); the graph is only read.
 */
public final class HeapWalker {
    private HeapWalker() {}

    /**
     * Walks the graph.
     *
     * @return what the walk did; {@link WalkResult#aborted()} when a callback returned FAIL
     * @throws IllegalArgumentException if {@link WalkOptions#startAt()} names an id the graph lacks
     * @throws RuntimeException whatever the callback throws (after END was sent), or an
     *         {@link java.io.UncheckedIOException} when the dump cannot be read
     */
    public static WalkResult walk(HeapGraph graph, HeapInfoCallback callback, WalkOptions options) {
        List<RootContainer> containers;
        long[] startAt = options.startAt();
        if (startAt != null) {
            int[] objects = new int[startAt.length];
            for (int i = 0; i < startAt.length; i++) {
                objects[i] = graph.indexOf(startAt[i]);
                if (objects[i] < 0) {
                    throw new IllegalArgumentException("the dump has no object with id " + Ids.hex(startAt[i]));
                }
            }
            containers = RootContainers.selected(objects);
        } else {
            containers = RootContainers.of(graph);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment hops = null;
            if (options.maxDepth() >= 0) {
                hops = HopDistances.compute(new GraphReferences(graph, false), RootContainers.startObjects(containers),
                        options.maxDepth(), arena);
            }
            return new DepthFirstWalk(new GraphReferences(graph, options.includeNulls()), containers, callback,
                    options, hops).run();
        }
    }
}
