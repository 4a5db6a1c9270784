package dev.heapwise.analysis.threads;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.StackFrame;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a thread keeps alive, from the dominator tree. A thread object refers to the objects its
 * stack holds ({@link dev.heapwise.graph.Reference.Kind#LOCAL}), so its retained size includes
 * what only its stack holds, as in Eclipse MAT. What a frame's locals retain is the sum of the
 * retained sizes of the objects it holds that the thread object immediately dominates, each
 * object counted once, in the topmost frame that holds it (then the locals without a frame):
 * the subtrees of the dominator tree are disjoint, so the figures of all frames add up to at most
 * the thread's retained size, and an object also held from elsewhere (another thread, a static
 * field, another root) counts nothing, as freeing the stack would not free it.
 *
 * @param thread         the thread
 * @param retainedSize   the thread object's retained size; 0 when the dump has no object for the
 *                       thread or the tree does not hold it
 * @param frameLocals    per frame of {@code thread.frames()}, what its locals retain (do not modify)
 * @param otherLocals    what the locals without a frame retain (JNI locals of an empty stack,
 *                       native-stack and thread-block roots)
 */
public record ThreadRetention(HeapThread thread, long retainedSize, long[] frameLocals, long otherLocals) {

    /** What all the thread's locals retain: the frames' figures and {@link #otherLocals}. */
    public long locals() {
        long sum = otherLocals;
        for (long f : frameLocals) {
            sum += f;
        }
        return sum;
    }

    /** The frame whose locals retain the most (the topmost of equals), or -1 when none retains anything. */
    public int biggestFrame() {
        int best = -1;
        for (int i = 0; i < frameLocals.length; i++) {
            if (frameLocals[i] > 0 && (best < 0 || frameLocals[i] > frameLocals[best])) {
                best = i;
            }
        }
        return best;
    }

    /**
     * Every thread of the graph, in {@link HeapGraph#threads()} order. Cost: one pass over the
     * root list, then O(1) tree reads per local; allocates per thread and local. Thread-safe.
     */
    public static List<ThreadRetention> of(DominatorTree tree) {
        HeapGraph g = tree.graph();
        List<HeapThread> threads = g.threads();
        if (threads.isEmpty()) {
            return List.of();
        }
        Map<Integer, Set<Integer>> held = new HashMap<>(); // thread object -> the objects it refers to as locals
        for (GcRoot r : g.roots()) {
            if (r.holder() >= 0) {
                held.computeIfAbsent(r.holder(), k -> new HashSet<>()).add(r.object());
            }
        }
        List<ThreadRetention> out = new ArrayList<>(threads.size());
        for (HeapThread t : threads) {
            int object = t.objectIndex();
            boolean inTree = object >= 0 && tree.isReachable(object);
            Set<Integer> locals = inTree ? held.getOrDefault(object, Set.of()) : Set.of();
            Set<Integer> counted = new HashSet<>();
            long[] frames = new long[t.frames().size()];
            for (int i = 0; i < frames.length; i++) {
                StackFrame f = t.frames().get(i);
                frames[i] = retainedBy(tree, object, locals, counted, f.locals());
            }
            long other = retainedBy(tree, object, locals, counted, t.otherLocals());
            out.add(new ThreadRetention(t, inTree ? tree.retainedSize(object) : 0, frames, other));
        }
        return out;
    }

    /** The thread whose stack shows it threw an {@code OutOfMemoryError}, or null ({@link HeapThread#threwOutOfMemoryError}). */
    public static HeapThread outOfMemoryErrorThread(HeapGraph g) {
        for (HeapThread t : g.threads()) {
            if (t.threwOutOfMemoryError()) {
                return t;
            }
        }
        return null;
    }

    /**
     * How many of the graph's references go from thread objects to what their stacks hold
     * ({@link HeapGraph#localReferenceCount}, summed over the thread objects). From memory, O(threads).
     */
    public static long localReferences(HeapGraph g) {
        long n = 0;
        Set<Integer> seen = new HashSet<>();
        for (HeapThread t : g.threads()) {
            if (t.objectIndex() >= 0 && seen.add(t.objectIndex())) {
                n += g.localReferenceCount(t.objectIndex());
            }
        }
        return n;
    }

    private static long retainedBy(DominatorTree tree, int thread, Set<Integer> locals, Set<Integer> counted,
            List<Integer> objects) {
        long sum = 0;
        for (int x : objects) {
            if (locals.contains(x) && counted.add(x) && tree.immediateDominator(x) == thread) {
                sum += tree.retainedSize(x);
            }
        }
        return sum;
    }
}
