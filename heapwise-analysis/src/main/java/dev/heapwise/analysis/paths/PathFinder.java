package dev.heapwise.analysis.paths;

import dev.heapwise.analysis.paths.internal.BackwardSearch;
import dev.heapwise.analysis.paths.internal.EdgeFilter;
import dev.heapwise.analysis.paths.internal.PathSearch;
import dev.heapwise.analysis.paths.internal.PathTree;
import dev.heapwise.analysis.paths.internal.StepLabels;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.internal.LongIntMap;
import dev.heapwise.graph.build.ProgressListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;

/**
 * Shortest paths from the GC roots to objects, as MAT's "path to GC roots": for a few objects, a
 * breadth-first search backwards from each over its referrers, which looks at its ancestors only;
 * for many, or objects with too many ancestors, one breadth-first search from every root at once
 * that ends when all targets are reached, so all instances of a class cost one search. References
 * a {@link ReferenceFilter} rules out are never followed; by default these are the referents of
 * weak, soft, phantom and finalizer references.
 *
 * <p>Cost: at most one search over the whole graph (4 bytes per object of native memory while it
 * runs; no dump reads except for objects of classes the filter names), then one dump read per
 * step to name the references. Thread-safe (no shared state).
 */
public final class PathFinder {
    private PathFinder() {}

    /** Objects a search backwards from one object looks at before it searches from the roots instead. */
    private static final long BACKWARD_BUDGET = 1 << 21;

    /**
     * A shortest path to one object, or empty when no allowed path reaches it; as
     * {@link #shortestPathsOfFew}.
     */
    public static Optional<GcPath> shortestPath(HeapGraph g, int object, ReferenceFilter filter,
            ProgressListener progress) {
        return Optional.ofNullable(shortestPathsOfFew(g, List.of(object), filter, progress).get(object));
    }

    /** As {@link #shortestPath(HeapGraph, int, ReferenceFilter, ProgressListener)}, without progress. */
    public static Optional<GcPath> shortestPath(HeapGraph g, int object, ReferenceFilter filter) {
        return shortestPath(g, object, filter, ProgressListener.NONE);
    }

    /**
     * Shortest paths to a few objects, in the targets' order (missing: no allowed path). Each is
     * searched backwards from the object over its referrers ({@link BackwardSearch}: its ancestors
     * only, typically milliseconds); the objects with more than a couple of million ancestors share
     * one search from the roots as in {@link #shortestPaths}. An object no path of references
     * reaches is searched again with the edges from objects to their class objects (MAT's
     * {@code <class>}, a step named so), which the dominator tree counts: a class object that no
     * loader or root holds is reachable through its instances. Where several paths are equally short,
     * the one found may differ from the one {@link #shortestPaths} reports. For many targets (all
     * instances of a class), {@link #shortestPaths} is cheaper.
     */
    public static Map<Integer, GcPath> shortestPathsOfFew(HeapGraph g, Collection<Integer> targets,
            ReferenceFilter filter, ProgressListener progress) {
        RootIndex roots = new RootIndex(g);
        EdgeFilter edges = new EdgeFilter(g, filter);
        StepLabels labels = new StepLabels(g, edges, roots);
        BackwardSearch search = new BackwardSearch(g, edges, roots);
        Map<Integer, GcPath> out = new LinkedHashMap<>();
        List<Integer> far = new ArrayList<>();
        for (int t : targets) {
            if (out.containsKey(t) || far.contains(t)) {
                continue;
            }
            BackwardSearch.Outcome back = search.run(t, BACKWARD_BUDGET);
            if (!back.gaveUp() && back.path().isEmpty()) {
                back = search.run(t, BACKWARD_BUDGET, true); // none over references: <class> edges too
            }
            if (back.gaveUp()) {
                far.add(t);
            } else if (!back.path().isEmpty()) {
                out.put(t, labels.label(back.path()));
            }
        }
        if (far.isEmpty()) {
            progress.finished();
        } else {
            out.putAll(shortestPaths(g, far, filter, progress));
        }
        Map<Integer, GcPath> ordered = new LinkedHashMap<>();
        for (int t : targets) {
            GcPath p = out.get(t);
            if (p != null) {
                ordered.put(t, p);
            }
        }
        return ordered;
    }

    /**
     * Shortest paths to each target, in the targets' order; targets no allowed path reaches are
     * missing from the map.
     */
    public static Map<Integer, GcPath> shortestPaths(HeapGraph g, Collection<Integer> targets, ReferenceFilter filter,
            ProgressListener progress) {
        RootIndex roots = new RootIndex(g);
        EdgeFilter edges = new EdgeFilter(g, filter);
        long[] bits = targetBits(g, targets.stream().mapToInt(Integer::intValue));
        int count = distinct(bits);
        Map<Integer, GcPath> out = new LinkedHashMap<>();
        try (PathSearch search = new PathSearch(g, edges, new PathSearch.Policy() {}, roots)) {
            search.run(bits, count, progress);
            StepLabels labels = new StepLabels(g, edges, roots);
            for (int t : targets) {
                if (search.reached(t) && !out.containsKey(t)) {
                    out.put(t, labels.label(search.pathTo(t)));
                }
            }
        } finally {
            progress.finished();
        }
        return out;
    }

    /**
     * The shortest paths of many targets (all instances of a class) merged into one tree, plus the
     * full paths of the first {@code paths} reached targets. Up to {@value #FEW_TARGETS} targets,
     * each is searched backwards ({@link BackwardSearch}, as {@link #shortestPath} does, so the
     * merged tree shows the path that command shows); past that, or when their ancestors are too
     * many, one search from the roots, which stops once it has reached them all (targets a
     * backward search found unreachable left out: one of those made it cross the whole heap).
     * Memory a few ints per object on the paths (the search from the roots materialises no path);
     * names only the nodes returned, at most {@code branches} per node and {@code depth} levels
     * (deeper branches are counted, not shown). Reads the dump for those names.
     */
    public static MergedPaths.Result mergedPaths(HeapGraph g, int[] targets, ReferenceFilter filter, int branches,
            int depth, int paths, ProgressListener progress) {
        return mergedPaths(g, targets, filter, branches, depth, paths, progress, FEW_TARGETS, MERGED_BACKWARD_BUDGET);
    }

    /** Targets up to which {@link #mergedPaths} searches backwards from each. */
    private static final int FEW_TARGETS = 4096;
    /** Objects those backward searches together look at before the search from the roots takes over. */
    private static final long MERGED_BACKWARD_BUDGET = 1 << 22;

    static MergedPaths.Result mergedPaths(HeapGraph g, int[] targets, ReferenceFilter filter, int branches,
            int depth, int paths, ProgressListener progress, int fewTargets, long backwardBudget) {
        RootIndex roots = new RootIndex(g);
        EdgeFilter edges = new EdgeFilter(g, filter);
        long[] bits = targetBits(g, Arrays.stream(targets));
        int count = distinct(bits);
        try {
            StepLabels labels = new StepLabels(g, edges, roots);
            long[] forward = bits;
            if (count <= fewTargets) {
                BackwardTree back = backwards(g, edges, roots, bits, backwardBudget);
                if (back.complete()) {
                    return merged(count, back.reached(), bits, back.parents()::parentOf, labels, branches, depth,
                            paths, g.objectCount());
                }
                forward = back.unsettledOrReachable();
            }
            try (PathSearch search = new PathSearch(g, edges, new PathSearch.Policy() {}, roots)) {
                int reached = search.run(forward, distinct(forward), progress);
                return merged(count, reached, bits, search::parentOf, labels, branches, depth, paths,
                        g.objectCount());
            }
        } finally {
            progress.finished();
        }
    }

    private static MergedPaths.Result merged(int count, int reached, long[] targets, IntUnaryOperator parentOf,
            StepLabels labels, int branches, int depth, int paths, int objects) {
        List<GcPath> first = new ArrayList<>();
        for (int w = 0; w < targets.length && first.size() < paths; w++) {
            for (long b = targets[w]; b != 0 && first.size() < paths; b &= b - 1) {
                int t = (w << 6) + Long.numberOfTrailingZeros(b);
                if (parentOf.applyAsInt(t) != -2) {
                    List<Integer> path = new ArrayList<>();
                    for (int o = t; o >= 0; o = parentOf.applyAsInt(o)) {
                        path.add(o);
                    }
                    Collections.reverse(path);
                    first.add(labels.label(path));
                }
            }
        }
        MergedPaths.Level tree = new PathTree(parentOf, labels, targets, objects).top(branches, depth);
        return new MergedPaths.Result(count, reached, first, tree);
    }

    /**
     * What the backward searches found: each reached target's path as parents (a target's path is
     * a shortest one, and so is each of its prefixes, so where two paths meet, keeping the parents
     * that came first leaves every target a shortest path); and the targets still to search from the
     * roots, when not all were settled.
     */
    private record BackwardTree(boolean complete, int reached, Parents parents, long[] unsettledOrReachable) {}

    /** Parents of the objects on a few paths: -1 for a root, -2 for an object on none. */
    private record Parents(LongIntMap of) {
        int parentOf(int object) {
            return of.get(object, -2);
        }
    }

    private static BackwardTree backwards(HeapGraph g, EdgeFilter edges, RootIndex roots, long[] targets,
            long budget) {
        BackwardSearch search = new BackwardSearch(g, edges, roots);
        LongIntMap parent = new LongIntMap(1024); // up to millions of objects on the paths: no boxing
        long[] forward = targets.clone();
        long left = budget;
        int settled = 0;
        int reached = 0;
        int count = 0;
        for (int w = 0; w < targets.length; w++) {
            for (long b = targets[w]; b != 0; b &= b - 1) {
                int t = (w << 6) + Long.numberOfTrailingZeros(b);
                count++;
                if (left <= 0) {
                    continue;
                }
                BackwardSearch.Outcome back = search.run(t, Math.min(BACKWARD_BUDGET, left));
                left -= back.looked();
                if (back.gaveUp()) {
                    continue;
                }
                settled++;
                List<Integer> path = back.path();
                if (path.isEmpty()) {
                    forward[w] &= ~(1L << t); // unreachable: the search from the roots need not look for it
                    continue;
                }
                reached++;
                for (int k = 0; k < path.size(); k++) {
                    if (!parent.containsKey(path.get(k))) {
                        parent.put(path.get(k), k == 0 ? -1 : path.get(k - 1), -2);
                    }
                }
            }
        }
        boolean complete = settled == count;
        return new BackwardTree(complete, reached, new Parents(parent), forward);
    }

    /** All instances of the given classes (not their class objects), in object order. O(objects). */
    public static int[] instancesOf(HeapGraph g, Collection<Integer> classIndexes) {
        boolean[] wanted = new boolean[g.classCount()];
        for (int c : classIndexes) {
            wanted[c] = true;
        }
        int n = 0;
        int[] out = new int[16];
        for (int o = 0; o < g.objectCount(); o++) {
            if (wanted[g.classOf(o)] && g.classIndexOfClassObject(o) < 0) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, 2 * n);
                }
                out[n++] = o;
            }
        }
        return Arrays.copyOf(out, n);
    }

    private static long[] targetBits(HeapGraph g, IntStream targets) {
        long[] bits = new long[(g.objectCount() + 63) >>> 6];
        targets.forEach(t -> bits[t >>> 6] |= 1L << t);
        return bits;
    }

    /** How many objects a bit set holds. */
    private static int distinct(long[] bits) {
        int n = 0;
        for (long w : bits) {
            n += Long.bitCount(w);
        }
        return n;
    }
}
