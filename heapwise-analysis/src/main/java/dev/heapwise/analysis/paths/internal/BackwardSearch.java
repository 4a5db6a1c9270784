package dev.heapwise.analysis.paths.internal;

import dev.heapwise.analysis.internal.IntStack;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import java.util.ArrayList;
import java.util.List;

/**
 * A shortest path from a GC root to one object, found by a breadth-first search from the object
 * backwards over the referrer index until the nearest root: it looks only at the object's
 * ancestors, usually a few thousand objects, where a search from all roots crosses most of the
 * heap before it arrives. The path has the length a forward search finds; where several are
 * equally short, it may be another one of them.
 *
 * <p>Gives up after {@code budget} objects (an object behind a class or a string constant has
 * millions of ancestors), so the caller can search forwards instead. Cost: a bit per object, kept
 * for the next target, and two ints per object looked at. Not thread-safe.
 */
public final class BackwardSearch {
    private final HeapGraph g;
    private final EdgeFilter filter;
    private final RootIndex roots;
    private final long[] seen;
    private final RefCursor in;
    private final RefCursor out;

    /**
     * What a search found: a path (root first), none at all, or nothing within the budget; and how
     * many objects it looked at.
     */
    public record Outcome(List<Integer> path, boolean gaveUp, long looked) {}

    /** One search object serves several targets in turn (the bit set is cleared after each). */
    public BackwardSearch(HeapGraph g, EdgeFilter filter, RootIndex roots) {
        this.g = g;
        this.filter = filter;
        this.roots = roots;
        this.seen = new long[(g.objectCount() + 63) >>> 6];
        this.in = g.inRefs();
        this.out = g.outRefs();
    }

    /** Class objects whose instances a search with class edges lists at most (each costs a scan of every object). */
    private static final int CLASS_SCANS = 16;

    public Outcome run(int target, long budget) {
        return run(target, budget, false);
    }

    /**
     * @param classEdges also go from a class object back to its instances (their edge to it is MAT's
     *                   {@code <class>} reference, which the dominator tree counts): for a target
     *                   that only such an edge makes reachable. Each class object met costs a scan of
     *                   every object's class; past {@value #CLASS_SCANS} of them the search gives up.
     */
    public Outcome run(int target, long budget, boolean classEdges) {
        IntStack queue = new IntStack(); // the objects, in the order found
        IntStack toward = new IntStack(); // per queue position: the position of the object it refers to on the way
        queue.push(target);
        toward.push(-1);
        int scans = 0;
        seen[target >>> 6] |= 1L << target;
        try {
            for (long head = 0; head < queue.size(); head++) {
                int v = queue.get(head);
                if (g.isRoot(v) && !roots.all(v).isEmpty()) { // a root the search may start from
                    return new Outcome(path(queue, toward, head), false, queue.size());
                }
                if (queue.size() > budget) {
                    return new Outcome(List.of(), true, queue.size());
                }
                in.reset(v);
                for (int u; (u = in.next()) >= 0; ) {
                    long bit = 1L << u;
                    if ((seen[u >>> 6] & bit) != 0 || !allowed(u, v)) {
                        continue;
                    }
                    seen[u >>> 6] |= bit;
                    queue.push(u);
                    toward.push((int) head);
                }
                int c = classEdges ? g.classIndexOfClassObject(v) : -1;
                if (c >= 0) {
                    if (++scans > CLASS_SCANS) {
                        return new Outcome(List.of(), true, queue.size());
                    }
                    for (int u = 0; u < g.objectCount(); u++) {
                        long bit = 1L << u;
                        if (g.classOf(u) == c && (seen[u >>> 6] & bit) == 0) {
                            seen[u >>> 6] |= bit;
                            queue.push(u);
                            toward.push((int) head);
                        }
                    }
                }
            }
            return new Outcome(List.of(), false, queue.size());
        } finally {
            for (long i = 0; i < queue.size(); i++) {
                int v = queue.get(i);
                seen[v >>> 6] &= ~(1L << v);
            }
        }
    }

    /** Whether some reference from {@code from} to {@code to} is one a path may use. */
    private boolean allowed(int from, int to) {
        return !filter.concerns(from) || filter.firstAllowed(out, from, to) >= 0;
    }

    private static List<Integer> path(IntStack queue, IntStack toward, long from) {
        List<Integer> path = new ArrayList<>();
        for (long at = from; at >= 0; at = toward.get(at)) {
            path.add(queue.get(at));
        }
        return path;
    }
}
