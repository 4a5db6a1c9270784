package dev.heapwise.microej.analysis;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.microej.MicroEjAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Dominator Tree tab: the dominator trees of the heap's instances ranked by the instances (or
 * bytes) they hold; the tree of the biggest one (or of a chosen object) to a depth, each node with
 * its "shallow instances" (the instances it immediately dominates) and "referenced instances" (all
 * it dominates); and the top consumers of that tree grouped by type, creating thread or creating
 * method. Built on any {@link Dominators}; children lists take two int arrays of one entry per
 * object. Thread-safe once built.
 */
public final class DominatorView {
    public enum Metric { COUNT, SIZE }

    public enum GroupBy { TYPE, THREAD, METHOD }

    private final HeapGraph g;
    private final Dominators d;
    private final MicroEjAttributes a;
    private final int[] childStart;
    private final int[] children;

    public DominatorView(HeapGraph g, Dominators d) {
        this.g = g;
        this.d = d;
        this.a = new MicroEjAttributes(g);
        int n = g.objectCount();
        childStart = new int[n + 2];
        int topCount = 0;
        for (int o = 0; o < n; o++) {
            int p = d.immediateDominator(o);
            if (p >= 0) {
                childStart[p + 2]++;
            } else {
                topCount++;
            }
        }
        for (int i = 2; i < childStart.length; i++) {
            childStart[i] += childStart[i - 1];
        }
        children = new int[n - topCount];
        for (int o = 0; o < n; o++) {
            int p = d.immediateDominator(o);
            if (p >= 0) {
                children[childStart[p + 1]++] = o;
            }
        }
    }

    /**
     * A node: the object, the instances it immediately dominates ({@code shallowInstances}), all
     * it dominates ({@code referencedInstances}), and those plus itself ({@code instances}).
     */
    public record Node(int object, String id, String type, long shallowInstances, long referencedInstances,
            long instances, long retainedSize, List<Node> children) {}

    /** A group of the consumers: a type, thread or method with its instances and bytes in the tree. */
    public record Group(String key, long instances, long size) {}

    private int[] childrenOf(int o) {
        return java.util.Arrays.copyOfRange(children, childStart[o], childStart[o + 1]);
    }

    private long measure(int o, Metric m) {
        return m == Metric.COUNT ? d.retainedCount(o) : d.retainedSize(o);
    }

    /**
     * The instances heading a dominator tree: dominated by no other object, or only by a class
     * (held by statics). Class objects themselves are not instances of the heap (MicroEJ types
     * live outside it), so, like the Heap Analyzer, the trees start at the instances they hold.
     */
    private List<Integer> treeHeads() {
        List<Integer> heads = new ArrayList<>();
        for (int o = 0; o < g.objectCount(); o++) {
            if (g.kind(o) == ObjectKind.CLASS) {
                continue;
            }
            int p = d.immediateDominator(o);
            if (p < 0 || g.kind(p) == ObjectKind.CLASS) {
                heads.add(o);
            }
        }
        return heads;
    }

    /** The top-level dominator trees, biggest first (at most {@code limit}). */
    public List<Node> tops(Metric metric, int limit) {
        List<Integer> list = treeHeads();
        list.sort(Comparator.comparingLong((Integer o) -> measure(o, metric)).reversed().thenComparingInt(o -> o));
        List<Node> out = new ArrayList<>();
        for (int i = 0; i < Math.min(limit, list.size()); i++) {
            out.add(node(list.get(i), 0, metric, 0));
        }
        return out;
    }

    /** The instance heading the biggest tree, by instances or bytes; -1 for a heap without instances. */
    public int biggest(Metric metric) {
        int best = -1;
        for (int o : treeHeads()) {
            if (best < 0 || measure(o, metric) > measure(best, metric)) {
                best = o;
            }
        }
        return best;
    }

    /** The tree under {@code object} to {@code depth} levels, children biggest first, at most {@code width} each. */
    public Node tree(int object, Metric metric, int depth, int width) {
        return node(object, depth, metric, width);
    }

    private Node node(int o, int depth, Metric metric, int width) {
        int[] kids = childrenOf(o);
        long shallow = 0;
        for (int k : kids) {
            shallow += g.kind(k) == ObjectKind.CLASS ? 0 : 1;
        }
        List<Node> out = new ArrayList<>();
        if (depth > 0) {
            Integer[] sorted = new Integer[kids.length];
            for (int i = 0; i < kids.length; i++) {
                sorted[i] = kids[i];
            }
            java.util.Arrays.sort(sorted, Comparator.comparingLong((Integer k) -> measure(k, metric)).reversed()
                    .thenComparingInt(k -> k));
            for (int i = 0; i < Math.min(width, sorted.length); i++) {
                out.add(node(sorted[i], depth - 1, metric, width));
            }
        }
        long self = g.kind(o) == ObjectKind.CLASS ? 0 : 1;
        return new Node(o, a.label(o), Browser.className(g, o), shallow, d.retainedCount(o) - self,
                d.retainedCount(o), d.retainedSize(o), out);
    }

    /** Every instance the tree under {@code object} holds (itself included), grouped, biggest first. */
    public List<Group> consumers(int object, GroupBy by, Metric metric) {
        Map<String, long[]> groups = new HashMap<>();
        int[] stack = new int[64];
        int sp = 0;
        stack[sp++] = object;
        while (sp > 0) {
            int o = stack[--sp];
            if (g.kind(o) != ObjectKind.CLASS) {
                String key = switch (by) {
                    case TYPE -> g.heapClass(g.classOf(o)).name();
                    case THREAD -> a.thread(o) == null ? "(unknown)" : a.thread(o);
                    case METHOD -> a.methodJava(o) == null ? "(unknown)" : a.methodJava(o);
                };
                long[] v = groups.computeIfAbsent(key, k -> new long[2]);
                v[0]++;
                v[1] += g.shallowSize(o);
            }
            for (int i = childStart[o]; i < childStart[o + 1]; i++) {
                if (sp >= stack.length) {
                    stack = java.util.Arrays.copyOf(stack, stack.length * 2);
                }
                stack[sp++] = children[i];
            }
        }
        List<Group> out = new ArrayList<>();
        groups.forEach((k, v) -> out.add(new Group(k, v[0], v[1])));
        out.sort(Comparator.comparingLong((Group x) -> metric == Metric.COUNT ? x.instances() : x.size()).reversed()
                .thenComparing(Group::key));
        return out;
    }
}
