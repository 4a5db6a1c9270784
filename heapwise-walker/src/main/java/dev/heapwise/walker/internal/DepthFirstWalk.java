package dev.heapwise.walker.internal;

import dev.heapwise.walker.ContainerType;
import dev.heapwise.walker.HeapInfoCallback;
import dev.heapwise.walker.ObjectFlags;
import dev.heapwise.walker.WalkAction;
import dev.heapwise.walker.WalkOptions;
import dev.heapwise.walker.WalkProgress;
import dev.heapwise.walker.WalkResult;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * The walk itself: containers, root references, then objects depth first, iteratively.
 *
 * <p>State is four bits per object (reported, visited, pending, in {@link ObjectStates}) and one
 * explicit stack of object indexes ({@link IntStack}: its blocks beyond the first 16 million
 * entries are native, allocated on the walk's thread and freed when it ends). An object is
 * <em>pending</em> from the moment a reference to it is reported and it is pushed, until it is
 * popped and visited. The walk descends from an object into exactly those of its references that
 * are neither visited nor pending when reported, so an object is traversed
 * from the first reference that finds it (as the seed says: "objects that have been seen before
 * will not be traversed"), each object is pushed at most once while unvisited, and the stack never
 * holds more than the object count. Postponing (or the depth limit) un-pends what was pushed, so
 * a later reference, or the heap container, can still visit it.
 *
 * <p>Children are pushed in reference order and the pushed segment is reversed, so the first
 * reference pops first: a plain recursive depth-first order, without recursion.
 */
public final class DepthFirstWalk {
    private static final int PROGRESS_EVERY = 1 << 16;

    private final ReferenceSource source;
    private final List<RootContainer> containers;
    private final HeapInfoCallback callback;
    private final int batch;
    private final boolean visitHeap;
    private final WalkProgress progress;
    /** Hop distance from the start objects, saturated at 255; null without a depth limit. */
    private final MemorySegment hops;
    private final int maxDepth;
    private final int n;

    private final ObjectStates states;
    private IntStack stack;
    private final long[] ids;
    private final int[] targets;
    private final int[] flags;

    private boolean inHeap;
    private long containerCalls;
    private long rootReferenceCalls;
    private long rootReferences;
    private long objectReferenceCalls;
    private long objectsVisited;
    private long objectsVisitedInHeap;
    private long references;
    private long nullReferences;
    private long missingReferences;
    private long maxPending;

    /**
     * @param hops hop distances for {@link WalkOptions#maxDepth()} (see {@link HopDistances}), or
     *             null when the options set no limit
     */
    public DepthFirstWalk(ReferenceSource source, List<RootContainer> containers, HeapInfoCallback callback,
            WalkOptions options, MemorySegment hops) {
        if (options.maxDepth() >= 0 && hops == null) {
            throw new IllegalArgumentException("a depth limit needs hop distances");
        }
        this.source = source;
        this.containers = containers;
        this.callback = callback;
        this.batch = options.batchSize();
        this.visitHeap = options.visitHeap();
        this.progress = options.progress();
        this.maxDepth = options.maxDepth();
        this.hops = options.maxDepth() >= 0 ? hops : null;
        this.n = source.objectCount();
        this.states = new ObjectStates(n);
        this.ids = new long[batch];
        this.targets = new int[batch];
        this.flags = new int[batch];
    }

    /** Runs the walk once. END is sent last whatever happens, even when a callback throws. */
    public WalkResult run() {
        long t0 = System.nanoTime();
        boolean completed;
        try (Arena arena = Arena.ofConfined()) {
            stack = new IntStack(arena);
            completed = walk();
        } catch (RuntimeException | Error e) {
            try {
                end();
            } catch (RuntimeException | Error again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        end();
        return new WalkResult(!completed, containerCalls, rootReferenceCalls, rootReferences, objectReferenceCalls,
                objectsVisited, objectsVisitedInHeap, references, nullReferences, missingReferences,
                source.dumpReads(), maxPending, System.nanoTime() - t0);
    }

    private void end() {
        containerCalls++;
        callback.beginContainer(ContainerType.END, 0, 0);
    }

    /** Returns false when a callback failed the walk. */
    private boolean walk() {
        if (begin(ContainerType.BEGIN, 0, 0) == WalkAction.FAIL) {
            return false;
        }
        for (RootContainer c : containers) {
            if (!rootContainer(c)) {
                return false;
            }
        }
        if (!visitHeap) {
            return true;
        }
        if (begin(ContainerType.HEAP, 0, 0) == WalkAction.FAIL) {
            return false;
        }
        inHeap = true;
        for (int o = states.nextUnvisited(0); o < n; o = states.nextUnvisited(o + 1)) {
            states.set(o, ObjectStates.PENDING);
            stack.push(o);
            if (!drain()) {
                return false;
            }
        }
        return true;
    }

    private WalkAction begin(ContainerType type, long id1, long id2) {
        containerCalls++;
        return callback.beginContainer(type, id1, id2);
    }

    private boolean rootContainer(RootContainer c) {
        if (begin(c.type(), c.id1(), c.id2()) == WalkAction.FAIL) {
            return false;
        }
        int[] roots = c.objects();
        for (int from = 0; from < roots.length; from += batch) {
            int count = Math.min(batch, roots.length - from);
            int mark = stack.size();
            for (int i = 0; i < count; i++) {
                int o = roots[from + i];
                ids[i] = source.id(o);
                flags[i] = report(o, true);
            }
            rootReferenceCalls++;
            rootReferences += count;
            WalkAction a = callback.rootReferences(ids, flags, count);
            if (a == WalkAction.FAIL) {
                return false;
            }
            if (a == WalkAction.POSTPONE_REFERENCES) {
                unpendFrom(mark);
            }
        }
        stack.reverseFrom(0);
        maxPending = Math.max(maxPending, stack.size());
        return drain();
    }

    /**
     * Reports a reference to {@code o}: returns its flags as they were, marks it reported and, if
     * {@code descend} and it is neither visited nor already waiting, pushes it (pending).
     */
    private int report(int o, boolean descend) {
        int state = states.get(o);
        if (descend && (state & (ObjectStates.VISITED | ObjectStates.PENDING)) == 0) {
            states.set(o, ObjectStates.REPORTED | ObjectStates.PENDING);
            stack.push(o);
        } else {
            states.set(o, ObjectStates.REPORTED);
        }
        return state & (ObjectFlags.ALREADY_REPORTED | ObjectFlags.ALREADY_VISITED);
    }

    private void unpendFrom(int mark) {
        for (int j = mark; j < stack.size(); j++) {
            states.clear(stack.get(j), ObjectStates.PENDING);
        }
        stack.truncate(mark);
    }

    private boolean drain() {
        while (stack.size() > 0) {
            int o = stack.pop();
            states.clear(o, ObjectStates.PENDING);
            if (!visit(o)) {
                return false;
            }
        }
        return true;
    }

    /** Reports one object's references in batches, then queues the new ones for descent. */
    private boolean visit(int o) {
        states.set(o, ObjectStates.VISITED);
        objectsVisited++;
        if (inHeap) {
            objectsVisitedInHeap++;
        }
        if ((objectsVisited & (PROGRESS_EVERY - 1)) == 0) {
            progress.visited(objectsVisited, n);
        }
        int objectFlags = states.flags(o) & ObjectFlags.ALREADY_REPORTED;
        long objectId = source.id(o);
        boolean descend = inHeap || hops == null || HopDistances.get(hops, o) < maxDepth;
        int mark = stack.size();
        source.open(o);
        WalkAction last;
        while (true) {
            int count = source.read(ids, targets, batch);
            boolean more = source.hasMore();
            for (int i = 0; i < count; i++) {
                int t = targets[i];
                if (t < 0) {
                    if (ids[i] == 0) {
                        flags[i] = 0;
                        nullReferences++;
                    } else {
                        flags[i] = ObjectFlags.MISSING;
                        missingReferences++;
                    }
                    continue;
                }
                flags[i] = report(t, descend);
            }
            objectReferenceCalls++;
            references += count;
            last = callback.objectReferences(objectId, objectFlags | (more ? ObjectFlags.MORE_REFERENCES : 0), ids,
                    flags, count);
            if (last == WalkAction.FAIL) {
                return false;
            }
            if (!more) {
                break;
            }
        }
        if (last == WalkAction.POSTPONE_REFERENCES) {
            unpendFrom(mark);
        } else {
            stack.reverseFrom(mark);
        }
        if (stack.size() > maxPending) {
            maxPending = stack.size();
        }
        return true;
    }
}
