package dev.heapwise.analysis.paths;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Shortest paths of many objects merged into one tree from the roots down (MAT's "merge shortest
 * paths to GC roots"): each node says how many of the targets are reached through it, so the
 * references that hold most of them stand out. {@link #merge} builds it from paths already found
 * (in memory, O(total steps)); {@link PathFinder#mergedPaths} finds and merges the paths of many
 * targets without materialising them.
 */
public final class MergedPaths {
    private MergedPaths() {}

    /**
     * A node: the step, how many targets lie beneath it (itself included), the next steps (most
     * targets first), and the branches left out of {@code children} (past the branch limit, or all
     * of them at the depth limit) with the targets beneath them.
     */
    public record Node(GcPath.Step step, int targets, List<Node> children, int otherBranches, long otherTargets) {}

    /** One level of a merged tree: its nodes and what was left out of them. */
    public record Level(List<Node> nodes, int otherBranches, long otherTargets) {}

    /**
     * The merged paths of many targets.
     *
     * @param targets how many distinct targets were asked about
     * @param reached how many of them have a path from a GC root
     * @param paths   the full paths of the first reached targets, in object order
     * @param tree    the merged tree's top level
     */
    public record Result(int targets, int reached, List<GcPath> paths, Level tree) {}

    public static List<Node> merge(Iterable<GcPath> paths) {
        Builder root = new Builder(null);
        for (GcPath p : paths) {
            Builder b = root;
            b.count++;
            for (GcPath.Step s : p.steps()) {
                b = b.children.computeIfAbsent(s.object(), k -> new Builder(s));
                b.count++;
            }
        }
        return root.build().children();
    }

    private static final class Builder {
        final GcPath.Step step;
        final Map<Integer, Builder> children = new LinkedHashMap<>();
        int count;

        Builder(GcPath.Step step) {
            this.step = step;
        }

        Node build() {
            List<Node> kids = new ArrayList<>();
            for (Builder c : children.values()) {
                kids.add(c.build());
            }
            kids.sort(Comparator.comparingInt(Node::targets).reversed().thenComparingInt(n -> n.step().object()));
            return new Node(step, count, kids, 0, 0);
        }
    }
}
