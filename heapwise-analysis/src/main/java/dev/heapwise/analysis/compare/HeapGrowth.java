package dev.heapwise.analysis.compare;

import dev.heapwise.analysis.compare.internal.ClassPathTree;
import dev.heapwise.analysis.compare.internal.CollectionParts;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.analysis.paths.internal.StepLabels;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Reference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Heap growth over a series of dumps, after Shark's idea: what grows in <em>every</em> step is
 * what leaks, whatever its size. Classes whose instance count grows each time, and places in the
 * object graph (chains of classes from a root, see {@link ClassPathTree}) holding more objects each
 * time. Of growing places, only the first along each chain is reported: its descendants grow
 * because it does. Each is shown held by the field of its holder: the chain is cut where the
 * collection that holds the growing objects begins ({@link CollectionParts}), not at the hash
 * bucket or array slot an example went through.
 *
 * <p>Cost: one breadth-first search per dump (no dump reads) and, for the reported places, one
 * dump read per step to name the references. Not thread-safe.
 */
public final class HeapGrowth {
    private static final int LISTED = 25;

    private HeapGrowth() {}

    /** As {@link #analyze(List, List, boolean)}, without the classes that did not grow. */
    public static GrowthReport analyze(List<HeapGraph> dumps, List<DominatorTree> trees) {
        return analyze(dumps, trees, false);
    }

    /**
     * @param trees the dumps' dominator trees for retained sizes, or null entries to skip them
     * @param all   list the classes that did not grow in every step too ({@link GrowthReport#otherClasses})
     */
    public static GrowthReport analyze(List<HeapGraph> dumps, List<DominatorTree> trees, boolean all) {
        int k = dumps.size();
        Map<String, long[][]> rows = classRows(dumps, trees);
        List<GrowthReport.GrowingClass> classes = new ArrayList<>();
        List<GrowthReport.GrowingClass> others = new ArrayList<>();
        long unchanged = 0;
        for (var e : rows.entrySet()) {
            long[][] r = e.getValue();
            GrowthReport.GrowingClass row = new GrowthReport.GrowingClass(e.getKey(), boxed(r[0]), boxed(r[1]));
            if (grows(r[0])) {
                classes.add(row);
            } else {
                boolean same = Arrays.stream(r[0]).distinct().count() == 1 && Arrays.stream(r[1]).distinct().count() == 1;
                unchanged += same ? 1 : 0;
                if (all) {
                    others.add(row);
                }
            }
        }
        classes.sort(BIGGEST_GROWTH);
        others.sort(BIGGEST_CHANGE);
        List<String> warnings = new ArrayList<>();
        for (int d = 1; d < k; d++) {
            long before = 0;
            long after = 0;
            long both = 0;
            for (long[][] r : rows.values()) {
                before += r[0][d - 1] > 0 ? 1 : 0;
                after += r[0][d] > 0 ? 1 : 0;
                both += r[0][d - 1] > 0 && r[0][d] > 0 ? 1 : 0;
            }
            double inCommon = HeapComparison.inCommon(before, after, both);
            if (inCommon < HeapComparison.FEW_IN_COMMON) {
                warnings.add(HeapComparison.fewInCommon("dumps " + d + " and " + (d + 1), inCommon));
            }
        }
        return new GrowthReport(k, classes, unchanged, others, paths(dumps), warnings);
    }

    private static List<GrowthReport.GrowingPath> paths(List<HeapGraph> dumps) {
        int k = dumps.size();
        List<ClassPathTree> all = new ArrayList<>();
        try {
            for (HeapGraph g : dumps) {
                all.add(ClassPathTree.build(g));
            }
            final ClassPathTree last = all.getLast();
            int nodes = last.nodeCount();
            long[][] counts = new long[k][nodes];
            for (int d = 0; d < k; d++) {
                ClassPathTree t = all.get(d);
                for (int nd = 0; nd < nodes; nd++) {
                    int other = t.byKey.get(last.keys.get(nd), -1);
                    counts[d][nd] = other < 0 ? 0 : t.counts.get(other);
                }
            }
            boolean[] grows = new boolean[nodes];
            for (int nd = 0; nd < nodes; nd++) {
                boolean g = k >= 2;
                for (int d = 1; d < k && g; d++) {
                    g = counts[d][nd] > counts[d - 1][nd];
                }
                grows[nd] = g;
            }
            List<Integer> reported = new ArrayList<>();
            for (int nd = 0; nd < nodes; nd++) {
                int p = last.parentNode.get(nd);
                if (grows[nd] && (p < 0 || !grows[p])) {
                    reported.add(nd);
                }
            }
            reported.sort(Comparator.comparingLong((Integer nd) -> -(counts[k - 1][nd] - counts[0][nd]))
                    .thenComparingLong(nd -> last.keys.get(nd)));
            List<GrowthReport.GrowingPath> paths = new ArrayList<>();
            HeapGraph g = dumps.getLast();
            CollectionParts parts = new CollectionParts(g);
            // One namer for all listed paths: they share their first steps and big arrays.
            StepLabels labels = new StepLabels(g, null, new RootIndex(g));
            for (int nd : reported.subList(0, Math.min(LISTED, reported.size()))) {
                List<Long> series = new ArrayList<>();
                for (int d = 0; d < k; d++) {
                    series.add(counts[d][nd]);
                }
                paths.add(new GrowthReport.GrowingPath(steps(g, labels, last, holder(last, parts, nd)),
                        last.nodeName(nd), series));
            }
            return paths;
        } finally {
            for (ClassPathTree t : all) {
                t.close();
            }
        }
    }

    /**
     * Where a growing node's objects are held: up from it through the collections and their insides
     * above it (the table and the nodes of a map, the array of a list, the collection, a wrapper
     * around it) to the last of them, whose parent holds it in a field; the node itself when its
     * parent is no such thing.
     */
    private static int holder(ClassPathTree t, CollectionParts parts, int node) {
        int at = node;
        for (int p = t.parentNode.get(at); p >= 0 && parts.isPart(t.example.get(p)); p = t.parentNode.get(at)) {
            at = p;
        }
        return at;
    }

    private static boolean grows(long[] counts) {
        boolean grows = counts.length >= 2;
        for (int d = 1; d < counts.length && grows; d++) {
            grows = counts[d] > counts[d - 1];
        }
        return grows;
    }

    private static final Comparator<GrowthReport.GrowingClass> BIGGEST_GROWTH = Comparator
            .comparingLong((GrowthReport.GrowingClass c) -> -(c.retained().getLast() - c.retained().getFirst()))
            .thenComparingLong(c -> -(c.counts().getLast() - c.counts().getFirst()))
            .thenComparing(GrowthReport.GrowingClass::className);

    private static final Comparator<GrowthReport.GrowingClass> BIGGEST_CHANGE = Comparator
            .comparingLong((GrowthReport.GrowingClass c) -> -Math.abs(c.retained().getLast() - c.retained().getFirst()))
            .thenComparingLong(c -> -Math.abs(c.counts().getLast() - c.counts().getFirst()))
            .thenComparing(GrowthReport.GrowingClass::className);

    private static List<Long> boxed(long[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    /**
     * The chain of node names from the root, each with the reference that leads into it on the
     * example object's own search path (consecutive objects of one class fold, as nodes do).
     */
    private static List<GrowthReport.Step> steps(HeapGraph g, StepLabels labels, ClassPathTree t, int node) {
        List<String> names = new ArrayList<>();
        for (int nd = node; nd >= 0; nd = t.parentNode.get(nd)) {
            names.add(t.nodeName(nd));
        }
        Collections.reverse(names);
        List<Integer> objects = new ArrayList<>();
        for (int o = t.example.get(node); o >= 0; o = t.parentOf(o)) {
            objects.add(o);
        }
        Collections.reverse(objects);
        List<GrowthReport.Step> out = new ArrayList<>();
        int oi = 0;
        for (String name : names) {
            String ref = null;
            if (oi > 0 && oi < objects.size()) {
                Reference r = labels.reference(objects.get(oi - 1), objects.get(oi));
                ref = r == null ? null : r.label();
            }
            out.add(new GrowthReport.Step(name, ref));
            oi++;
            while (oi < objects.size() && sameName(g, objects.get(oi), objects.get(oi - 1))) {
                oi++;
            }
        }
        return out;
    }

    private static boolean sameName(HeapGraph g, int a, int b) {
        return g.classOf(a) == g.classOf(b) && g.classIndexOfClassObject(a) < 0 && g.classIndexOfClassObject(b) < 0;
    }

    /** Per class name: reachable counts and retained sizes, one entry per dump. */
    private static Map<String, long[][]> classRows(List<HeapGraph> dumps, List<DominatorTree> trees) {
        int k = dumps.size();
        Map<String, long[][]> rows = new TreeMap<>();
        for (int d = 0; d < k; d++) {
            HeapGraph g = dumps.get(d);
            DominatorTree t = trees == null ? null : trees.get(d);
            for (HeapClass c : g.classes()) {
                long[][] r = rows.computeIfAbsent(c.name(), x -> new long[2][k]);
                r[0][d] += HeapComparison.reachableCount(c, t);
                r[1][d] += t == null ? 0 : t.classRetainedSize(c.index());
            }
        }
        rows.values().removeIf(r -> Arrays.stream(r[0]).allMatch(n -> n == 0)); // classes without instances
        return rows;
    }
}
