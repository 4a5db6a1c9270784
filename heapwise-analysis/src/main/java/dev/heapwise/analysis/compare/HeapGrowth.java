package dev.heapwise.analysis.compare;

import dev.heapwise.analysis.compare.internal.ClassPathTree;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.analysis.paths.internal.StepLabels;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Reference;
import java.util.ArrayList;
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
 * because it does.
 *
 * <p>Cost: one breadth-first search per dump (no dump reads) and, for the reported places, one
 * dump read per step to name the references. Not thread-safe.
 */
public final class HeapGrowth {
    private static final int LISTED = 25;

    private HeapGrowth() {}

    /** @param trees the dumps' dominator trees for retained sizes, or null entries to skip them */
    public static GrowthReport analyze(List<HeapGraph> dumps, List<DominatorTree> trees) {
        int k = dumps.size();
        List<GrowthReport.GrowingClass> classes = classes(dumps, trees);
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
            // One namer for all listed paths: they share their first steps and big arrays.
            StepLabels labels = new StepLabels(dumps.getLast(), null, new RootIndex(dumps.getLast()));
            for (int nd : reported.subList(0, Math.min(LISTED, reported.size()))) {
                List<Long> series = new ArrayList<>();
                for (int d = 0; d < k; d++) {
                    series.add(counts[d][nd]);
                }
                paths.add(new GrowthReport.GrowingPath(steps(dumps.getLast(), labels, last, nd), series));
            }
            return new GrowthReport(k, classes, paths);
        } finally {
            for (ClassPathTree t : all) {
                t.close();
            }
        }
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

    private static List<GrowthReport.GrowingClass> classes(List<HeapGraph> dumps, List<DominatorTree> trees) {
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
        List<GrowthReport.GrowingClass> out = new ArrayList<>();
        rows.forEach((name, r) -> {
            boolean grows = k >= 2;
            for (int d = 1; d < k && grows; d++) {
                grows = r[0][d] > r[0][d - 1];
            }
            if (grows) {
                List<Long> counts = new ArrayList<>();
                List<Long> retained = new ArrayList<>();
                for (int d = 0; d < k; d++) {
                    counts.add(r[0][d]);
                    retained.add(r[1][d]);
                }
                out.add(new GrowthReport.GrowingClass(name, counts, retained));
            }
        });
        out.sort(Comparator.comparingLong((GrowthReport.GrowingClass c) -> -(c.counts().getLast() - c.counts().getFirst()))
                .thenComparing(GrowthReport.GrowingClass::className));
        return out;
    }
}
