package dev.heapwise.analysis.dominators;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.dominators.internal.ChildScan;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The dominator tree as people read it: the biggest subtrees first, a few levels deep, or the
 * objects under one node grouped by class, package or class loader (MAT's "group by"). Reads only
 * the tree and the graph's index; allocates one record per shown node. Thread-safe.
 */
public final class DominatorView {
    private DominatorView() {}

    /** One shown node, with its shown children (empty below the requested depth). */
    public record Node(int object, long id, String className, String kind, long shallowSize, long retainedSize,
            int childCount, List<Node> children) {}

    /** A group of sibling subtrees: how many, and their summed shallow and retained sizes. */
    public record Group(String name, long objects, long shallowSize, long retainedSize) {}

    public enum GroupBy { CLASS, PACKAGE, CLASSLOADER }

    /**
     * The biggest {@code top} objects directly under {@code parent} ({@link DominatorTree#ROOT} for
     * the top level), each with its own biggest {@code top} children down to {@code depth} levels.
     * One pass over the tree per level (all nodes of a level at once), plus one for the child counts
     * of the last level.
     */
    public static List<Node> top(DominatorTree tree, int parent, int top, int depth) {
        if (depth <= 0) {
            return new ArrayList<>();
        }
        // Level by level: the children of every node of a level come from one pass.
        List<int[]> levels = new ArrayList<>(); // each level's nodes, in display order
        Map<Integer, ChildScan.Kids> kids = new HashMap<>();
        int[] current = {parent};
        for (int d = 0; d < depth && current.length > 0; d++) {
            ChildScan.Kids[] found = tree.childrenOf(current, top);
            int size = 0;
            for (int i = 0; i < current.length; i++) {
                kids.put(current[i], found[i]);
                size += found[i].largest().length;
            }
            int[] next = new int[size];
            int k = 0;
            for (ChildScan.Kids f : found) {
                for (int o : f.largest()) {
                    next[k++] = o;
                }
            }
            levels.add(next);
            current = next;
        }
        // The child counts of the deepest level shown.
        if (current.length > 0) {
            ChildScan.Kids[] found = tree.childrenOf(current, 0);
            for (int i = 0; i < current.length; i++) {
                kids.putIfAbsent(current[i], found[i]);
            }
        }
        return build(tree, parent, kids, depth);
    }

    private static List<Node> build(DominatorTree tree, int parent, Map<Integer, ChildScan.Kids> kids, int depth) {
        List<Node> out = new ArrayList<>();
        ChildScan.Kids mine = kids.get(parent);
        if (depth <= 0 || mine == null) {
            return out;
        }
        HeapGraph g = tree.graph();
        for (int o : mine.largest()) {
            ChildScan.Kids theirs = kids.get(o);
            out.add(new Node(o, g.id(o), ObjectLabels.className(g, o), ObjectLabels.kind(g, o), g.shallowSize(o),
                    tree.retainedSize(o), theirs == null ? tree.childCount(o) : theirs.count(),
                    build(tree, o, kids, depth - 1)));
        }
        return out;
    }

    /** The node for one object, with its children to {@code depth} levels. */
    public static Node node(DominatorTree tree, int object, int top, int depth) {
        HeapGraph g = tree.graph();
        List<Node> children = top(tree, object, top, depth);
        return new Node(object, g.id(object), ObjectLabels.className(g, object), ObjectLabels.kind(g, object),
                g.shallowSize(object), tree.retainedSize(object), tree.childCount(object), children);
    }

    /**
     * The objects directly under {@code parent} grouped by their class, package or class loader,
     * biggest retained size first. Sibling subtrees are disjoint, so the retained sums are exact.
     */
    public static List<Group> groups(DominatorTree tree, int parent, GroupBy by) {
        HeapGraph g = tree.graph();
        // Per class first (primitive sums over possibly millions of objects), then by key.
        int classes = g.classCount();
        long[] count = new long[classes];
        long[] shallow = new long[classes];
        long[] retained = new long[classes];
        for (int idx = 0, n = tree.childCount(parent); idx < n; idx++) {
            int o = tree.child(parent, idx);
            // By class, a class object counts as a java.lang.Class, as in the histogram (and MAT); by
            // package or loader, as the class it represents, whose statics it holds.
            int c = by == GroupBy.CLASS ? g.classOf(o) : ObjectLabels.classFor(g, o).index();
            count[c]++;
            shallow[c] += g.shallowSize(o);
            retained[c] += tree.retainedSize(o);
        }
        Map<String, long[]> acc = new HashMap<>();
        for (int c = 0; c < classes; c++) {
            if (count[c] == 0) {
                continue;
            }
            HeapClass hc = g.heapClass(c);
            String key = switch (by) {
                case CLASS -> hc.name();
                case PACKAGE -> hc.packageName().isEmpty() ? "<default package>" : hc.packageName();
                case CLASSLOADER -> ObjectLabels.loaderName(g, hc);
            };
            long[] a = acc.computeIfAbsent(key, x -> new long[3]);
            a[0] += count[c];
            a[1] += shallow[c];
            a[2] += retained[c];
        }
        List<Group> out = new ArrayList<>();
        acc.forEach((key, a) -> out.add(new Group(key, a[0], a[1], a[2])));
        out.sort(Comparator.comparingLong(Group::retainedSize).reversed().thenComparing(Group::name));
        return out;
    }

    /** Unreachable objects by class, biggest first: class index, count, shallow size. */
    public record UnreachableClass(String className, long count, long shallowSize) {}

    public static List<UnreachableClass> unreachable(DominatorTree tree) {
        HeapGraph g = tree.graph();
        List<UnreachableClass> out = new ArrayList<>();
        for (int c = 0; c < g.classCount(); c++) {
            if (tree.unreachableCount(c) > 0) {
                out.add(new UnreachableClass(g.heapClass(c).name(), tree.unreachableCount(c),
                        tree.unreachableShallowSize(c)));
            }
        }
        out.sort(Comparator.comparingLong(UnreachableClass::shallowSize).reversed()
                .thenComparing(UnreachableClass::className));
        return out;
    }
}
