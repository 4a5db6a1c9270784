package dev.heapwise.analysis.suspects;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.internal.TopK;
import dev.heapwise.analysis.paths.GcPath;
import dev.heapwise.analysis.paths.PathFinder;
import dev.heapwise.analysis.paths.ReferenceFilter;
import dev.heapwise.analysis.threads.ThreadRetention;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.Units;
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
 * suspect, and so is each class whose top-level instances together do. A thread object whose
 * locals retain at least the threshold ({@link ThreadRetention#locals()}) is a suspect of its own
 * kind, {@code thread}: "thread main keeps local variables: 24% of the heap", as MAT says of a
 * thread. For each, the accumulation point is found by walking down the biggest child while it
 * keeps at least {@value #BIG_DROP} of its parent's retained size, and the shortest path from the
 * roots leads to it.
 *
 * <p>Cost: reads the dominator tree (one pass per level of the deepest walk to an accumulation
 * point, all walks side by side) and one path search for all suspects; reads the dump only to
 * name references on the paths. Thread-safe (no shared state).
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
        // One pass over the top level (millions of objects on big heaps): primitive sums per class.
        List<Integer> singles = new ArrayList<>();
        long[] classSum = new long[g.classCount()];
        long[] classCount = new long[g.classCount()];
        int top = tree.childCount(DominatorTree.ROOT);
        for (int k = 0; k < top; k++) {
            int o = tree.child(DominatorTree.ROOT, k);
            long r = tree.retainedSize(o);
            if (r >= limit) {
                singles.add(o);
            } else {
                classSum[g.classOf(o)] += r;
                classCount[g.classOf(o)]++;
            }
        }
        List<Integer> groupClasses = new ArrayList<>();
        for (int c = 0; c < classSum.length; c++) {
            if (classCount[c] >= 2 && classSum[c] >= limit && !g.heapClass(c).name().equals("java.lang.Class")) {
                groupClasses.add(c); // a class's objects group meaningfully; class objects do not
            }
        }
        // Per group class, its GROUP_PATHS biggest members (a class may have millions: none is boxed).
        TopK[] biggest = new TopK[g.classCount()];
        if (!groupClasses.isEmpty()) {
            groupClasses.forEach(c -> biggest[c] = new TopK(GROUP_PATHS, tree::retainedSize));
            for (int k = 0; k < top; k++) {
                int o = tree.child(DominatorTree.ROOT, k);
                TopK t = biggest[g.classOf(o)];
                if (t != null && tree.retainedSize(o) < limit) {
                    t.offer(o);
                }
            }
        }
        // One path search for every accumulation point and every group's sample.
        List<Integer> targets = new ArrayList<>();
        int[] single = singles.stream().mapToInt(Integer::intValue).toArray();
        Accumulation[] accumulation = accumulationPoints(tree, single);
        for (Accumulation a : accumulation) {
            targets.add(a.point());
        }
        int[][] samples = new int[g.classCount()][];
        for (int c : groupClasses) {
            samples[c] = biggest[c].sorted();
            for (int o : samples[c]) {
                targets.add(o);
            }
        }
        Map<Integer, GcPath> paths = targets.isEmpty() ? Map.of()
                : PathFinder.shortestPathsOfFew(g, targets, ReferenceFilter.defaults(), progress);
        Map<Integer, ThreadRetention> threads = new java.util.HashMap<>();
        for (ThreadRetention t : single.length == 0 ? List.<ThreadRetention>of() : ThreadRetention.of(tree)) {
            if (t.thread().objectIndex() >= 0 && t.locals() >= limit) {
                threads.putIfAbsent(t.thread().objectIndex(), t);
            }
        }
        for (int i = 0; i < single.length; i++) {
            Accumulation a = accumulation[i];
            ThreadRetention t = threads.get(single[i]);
            out.add(t != null ? thread(tree, t, a, paths.get(a.point()), total)
                    : single(tree, single[i], a, paths.get(a.point()), total));
        }
        for (int c : groupClasses) {
            out.add(group(tree, g.heapClass(c), classCount[c], samples[c], classSum[c], total, paths));
        }
        out.sort(Comparator.comparingLong(Suspect::retainedSize).reversed().thenComparingInt(Suspect::object));
        return out;
    }

    /** Walks down the biggest child while it keeps at least {@link #BIG_DROP} of its parent. */
    public static int accumulationPoint(DominatorTree tree, int object) {
        return accumulationPoints(tree, new int[] {object})[0].point();
    }

    /** Where an object's retained memory piles up, and how many objects that point holds directly. */
    private record Accumulation(int point, int children) {}

    /**
     * The accumulation points of several objects, walked down side by side: one pass over the tree
     * per level for all of them (each pass also counts the point's children, which the description
     * states), where one walk after another paid a pass per level each.
     */
    private static Accumulation[] accumulationPoints(DominatorTree tree, int[] objects) {
        Accumulation[] out = new Accumulation[objects.length];
        int[] current = objects.clone();
        List<Integer> walking = new ArrayList<>();
        for (int i = 0; i < objects.length; i++) {
            walking.add(i);
        }
        while (!walking.isEmpty()) {
            // Two walks can meet (one suspect holds another's branch): each node is asked for once.
            int[] asked = walking.stream().mapToInt(i -> current[i]).distinct().toArray();
            DominatorTree.Children[] kids = tree.childrenOfEach(asked, 1);
            Map<Integer, DominatorTree.Children> byNode = new LinkedHashMap<>();
            for (int j = 0; j < asked.length; j++) {
                byNode.put(asked[j], kids[j]);
            }
            List<Integer> next = new ArrayList<>();
            for (int i : walking) {
                DominatorTree.Children k = byNode.get(current[i]);
                if (k.largest().length > 0
                        && (double) tree.retainedSize(k.largest()[0]) >= BIG_DROP * tree.retainedSize(current[i])) {
                    current[i] = k.largest()[0];
                    next.add(i);
                } else {
                    out[i] = new Accumulation(current[i], k.count());
                }
            }
            walking = next;
        }
        return out;
    }

    private static Suspect single(DominatorTree tree, int o, Accumulation a, GcPath path, long total) {
        int acc = a.point();
        HeapGraph g = tree.graph();
        boolean isClass = g.kind(o) == ObjectKind.CLASS;
        HeapClass c = ObjectLabels.classFor(g, o);
        long r = tree.retainedSize(o);
        StringBuilder d = new StringBuilder();
        if (isClass) {
            d.append("The class \"").append(c.name()).append("\", loaded by \"").append(ObjectLabels.loaderName(g, c))
                    .append("\", occupies ");
        } else {
            d.append("One instance of \"").append(c.name()).append("\" loaded by \"")
                    .append(ObjectLabels.loaderName(g, c)).append("\" occupies ");
        }
        d.append(bytes(r, total)).append('.');
        accumulation(d, tree, o, a, total);
        return new Suspect(isClass ? "class" : "object", o, c.name(), 1, r, (double) r / total, acc,
                ObjectLabels.className(g, acc), tree.retainedSize(acc), path, d.toString());
    }

    /**
     * A thread whose locals retain a big share: its retained size is what they retain (the thread
     * object may retain more through its fields, which the description says).
     */
    private static Suspect thread(DominatorTree tree, ThreadRetention t, Accumulation a, GcPath path, long total) {
        HeapGraph g = tree.graph();
        int o = t.thread().objectIndex();
        long locals = t.locals();
        StringBuilder d = new StringBuilder();
        d.append("Thread \"").append(t.thread().name()).append("\" keeps local variables: ")
                .append(String.format(Locale.ROOT, "%.0f%% of the heap (%,d bytes)", 100.0 * locals / total, locals));
        int f = t.biggestFrame();
        if (f >= 0) {
            d.append(", the most in frame ").append(f).append(", ").append(t.thread().frames().get(f).display())
                    .append(String.format(Locale.ROOT, " (%,d bytes)", t.frameLocals()[f]));
        }
        d.append(". The thread object, ").append(ObjectLabels.display(g, o)).append(", retains ")
                .append(bytes(t.retainedSize(), total)).append(" in all.");
        if (t.thread().threwOutOfMemoryError()) {
            d.append(" This thread threw the OutOfMemoryError.");
        }
        accumulation(d, tree, o, a, total);
        return new Suspect("thread", o, ObjectLabels.className(g, o), 1, locals, (double) locals / total, a.point(),
                ObjectLabels.className(g, a.point()), tree.retainedSize(a.point()), path, d.toString());
    }

    /** A class's top-level instances as one suspect; {@code sample} holds its biggest members, biggest first. */
    private static Suspect group(DominatorTree tree, HeapClass c, long members, int[] sample, long sum,
            long total, Map<Integer, GcPath> allPaths) {
        HeapGraph g = tree.graph();
        List<GcPath> paths = new ArrayList<>();
        for (int o : sample) {
            if (allPaths.containsKey(o)) {
                paths.add(allPaths.get(o));
            }
        }
        int common = commonReferrer(paths);
        int acc = common >= 0 ? common : sample[0];
        GcPath path = common >= 0 ? prefix(paths.getFirst(), common) : allPaths.get(acc);
        StringBuilder d = new StringBuilder();
        d.append(Units.count(members)).append(" instances of \"").append(c.name()).append("\", loaded by \"")
                .append(ObjectLabels.loaderName(g, c)).append("\", occupy ").append(bytes(sum, total)).append('.');
        if (common >= 0) {
            d.append(" These instances are referenced from one instance of \"").append(ObjectLabels.className(g, common))
                    .append("\" (").append(ObjectLabels.display(g, common)).append(").")
                    .append(" Look at what keeps adding to it, and whether its entries should be removed or bounded.");
        } else {
            d.append(" They have no referrer in common: look at the biggest, ").append(ObjectLabels.display(g, acc))
                    .append(", and at what creates so many of them.");
        }
        return new Suspect("group", sample[0], c.name(), members, sum, (double) sum / total, acc,
                ObjectLabels.className(g, acc), tree.retainedSize(acc), path, d.toString());
    }

    /** The part of a path up to and including {@code object}. */
    private static GcPath prefix(GcPath p, int object) {
        for (int i = 0; i < p.steps().size(); i++) {
            if (p.steps().get(i).object() == object) {
                return new GcPath(p.steps().subList(0, i + 1));
            }
        }
        return p;
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

    private static void accumulation(StringBuilder d, DominatorTree tree, int suspect, Accumulation a, long total) {
        HeapGraph g = tree.graph();
        int acc = a.point();
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
                .append(Units.count(a.children())).append(" objects directly: check what keeps adding to it"
                        + " and whether it should be bounded or cleared.");
    }

    private static String bytes(long n, long total) {
        return String.format(Locale.ROOT, "%,d (%.2f%%) bytes", n, 100.0 * n / total);
    }
}
