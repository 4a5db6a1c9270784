package dev.heapwise.analysis.suspects;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.internal.Sizes;
import dev.heapwise.analysis.paths.GcPath;
import dev.heapwise.analysis.paths.PathFinder;
import dev.heapwise.analysis.paths.ReferenceFilter;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.build.ProgressListener;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Leak suspects in the manner of MAT's "Leak Suspects" report. Among the objects directly under
 * the GC roots in the dominator tree, each that retains at least the threshold of the heap is a
 * suspect, and so is each class whose top-level instances together do. For each, the accumulation
 * point is found by walking down the biggest child while it keeps at least {@value #BIG_DROP} of
 * its parent's retained size, and the shortest path from the roots leads to it.
 *
 * <p>Cost: reads the dominator tree (children index built on first use) and one path search per
 * suspect; reads the dump only to name references on the paths. Thread-safe (no shared state).
 */
public final class LeakSuspects {
    /** MAT's "big drop ratio": stop descending where the biggest child keeps less than this. */
    public static final double BIG_DROP = 0.7;
    /** Instances of a group whose paths are merged to find the group's common referrer. */
    private static final int GROUP_PATHS = 100;

    private LeakSuspects() {}

    /** @param threshold a fraction of the reachable heap, e.g. 0.1 for MAT's default of 10% */
    public static List<Suspect> find(DominatorTree tree, double threshold, ProgressListener progress) {
        HeapGraph g = tree.graph();
        long total = tree.reachableSize();
        List<Suspect> out = new ArrayList<>();
        if (total == 0) {
            return out;
        }
        long limit = (long) Math.ceil(threshold * total);
        List<Integer> top = tree.children(DominatorTree.ROOT);
        Map<Integer, List<Integer>> byClass = new LinkedHashMap<>();
        for (int o : top) {
            long r = tree.retainedSize(o);
            if (r >= limit) {
                out.add(single(tree, o, total));
            } else {
                byClass.computeIfAbsent(g.classOf(o), k -> new ArrayList<>()).add(o);
            }
        }
        for (Map.Entry<Integer, List<Integer>> e : byClass.entrySet()) {
            List<Integer> members = e.getValue();
            if (members.size() < 2 || g.heapClass(e.getKey()).name().equals("java.lang.Class")) {
                continue; // a class's objects group meaningfully; class objects do not
            }
            long sum = members.stream().mapToLong(tree::retainedSize).sum();
            if (sum >= limit) {
                out.add(group(tree, g.heapClass(e.getKey()), members, sum, total, progress));
            }
        }
        out.sort(Comparator.comparingLong(Suspect::retainedSize).reversed().thenComparingInt(Suspect::object));
        return out;
    }

    /** Walks down the biggest child while it keeps at least {@link #BIG_DROP} of its parent. */
    public static int accumulationPoint(DominatorTree tree, int object) {
        int current = object;
        while (true) {
            List<Integer> kids = tree.children(current);
            if (kids.isEmpty()) {
                return current;
            }
            int biggest = kids.getFirst();
            if ((double) tree.retainedSize(biggest) < BIG_DROP * tree.retainedSize(current)) {
                return current;
            }
            current = biggest;
        }
    }

    private static Suspect single(DominatorTree tree, int o, long total) {
        HeapGraph g = tree.graph();
        boolean isClass = g.kind(o) == ObjectKind.CLASS;
        HeapClass c = ObjectLabels.classFor(g, o);
        long r = tree.retainedSize(o);
        int acc = accumulationPoint(tree, o);
        GcPath path = PathFinder.shortestPath(g, acc, ReferenceFilter.defaults()).orElse(null);
        StringBuilder d = new StringBuilder();
        if (isClass) {
            d.append("The class \"").append(c.name()).append("\", loaded by \"").append(ObjectLabels.loaderName(g, c))
                    .append("\", occupies ");
        } else {
            d.append("One instance of \"").append(c.name()).append("\" loaded by \"")
                    .append(ObjectLabels.loaderName(g, c)).append("\" occupies ");
        }
        d.append(bytes(r, total)).append('.');
        accumulation(d, tree, o, acc, total);
        return new Suspect(isClass ? "class" : "object", o, c.name(), 1, r, (double) r / total, acc,
                ObjectLabels.className(g, acc), tree.retainedSize(acc), path, d.toString());
    }

    private static Suspect group(DominatorTree tree, HeapClass c, List<Integer> members, long sum, long total,
            ProgressListener progress) {
        HeapGraph g = tree.graph();
        members.sort(Comparator.comparingLong((Integer o) -> -tree.retainedSize(o)).thenComparingInt(o -> o));
        List<Integer> sample = members.subList(0, Math.min(GROUP_PATHS, members.size()));
        Map<Integer, GcPath> paths = PathFinder.shortestPaths(g, sample, ReferenceFilter.defaults(), progress);
        int common = commonReferrer(paths.values());
        int acc = common >= 0 ? common : members.getFirst();
        GcPath path = paths.containsKey(acc) ? paths.get(acc)
                : PathFinder.shortestPath(g, acc, ReferenceFilter.defaults()).orElse(null);
        StringBuilder d = new StringBuilder();
        d.append(Sizes.count(members.size())).append(" instances of \"").append(c.name()).append("\", loaded by \"")
                .append(ObjectLabels.loaderName(g, c)).append("\", occupy ").append(bytes(sum, total)).append('.');
        if (common >= 0) {
            d.append(" These instances are referenced from one instance of \"").append(ObjectLabels.className(g, common))
                    .append("\" (").append(ObjectLabels.display(g, common)).append(").")
                    .append(" Look at what keeps adding to it, and whether its entries should be removed or bounded.");
        } else {
            d.append(" They have no referrer in common: look at the biggest, ").append(ObjectLabels.display(g, acc))
                    .append(", and at what creates so many of them.");
        }
        return new Suspect("group", members.getFirst(), c.name(), members.size(), sum, (double) sum / total, acc,
                ObjectLabels.className(g, acc), tree.retainedSize(acc), path, d.toString());
    }

    /** The last object all the paths share (under the roots), or -1. */
    private static int commonReferrer(Iterable<GcPath> paths) {
        List<GcPath.Step> prefix = null;
        for (GcPath p : paths) {
            List<GcPath.Step> s = p.steps().subList(0, p.steps().size() - 1);
            if (prefix == null) {
                prefix = s;
                continue;
            }
            int k = 0;
            while (k < prefix.size() && k < s.size() && prefix.get(k).object() == s.get(k).object()) {
                k++;
            }
            prefix = prefix.subList(0, k);
        }
        return prefix == null || prefix.isEmpty() ? -1 : prefix.getLast().object();
    }

    private static void accumulation(StringBuilder d, DominatorTree tree, int suspect, int acc, long total) {
        HeapGraph g = tree.graph();
        if (acc == suspect) {
            d.append(" Its retained memory spreads over many objects directly below it: look at what it holds"
                    + " and whether all of it is still needed.");
            return;
        }
        HeapClass ac = ObjectLabels.classFor(g, acc);
        d.append(g.kind(acc) == ObjectKind.CLASS ? " The memory is accumulated in the class \""
                : " The memory is accumulated in one instance of \"").append(ac.name()).append("\", loaded by \"")
                .append(ObjectLabels.loaderName(g, ac)).append("\", which occupies ")
                .append(bytes(tree.retainedSize(acc), total)).append(". It holds ")
                .append(Sizes.count(tree.childCount(acc))).append(" objects directly: check what keeps adding to it"
                        + " and whether it should be bounded or cleared.");
    }

    private static String bytes(long n, long total) {
        return String.format(Locale.ROOT, "%,d (%.2f%%) bytes", n, 100.0 * n / total);
    }
}
