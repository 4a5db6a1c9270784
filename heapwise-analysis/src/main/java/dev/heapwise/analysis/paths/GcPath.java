package dev.heapwise.analysis.paths;

import dev.heapwise.graph.RootKind;
import java.util.List;

/**
 * A path from a GC root to an object: the root first, the object last, each later step saying
 * which reference of the previous object leads to it.
 */
public record GcPath(List<Step> steps) {

    /**
     * One object on a path.
     *
     * @param reference  how the previous step refers to this object: a field name, a static field
     *                   name, {@code [index]} for an array element, or a structural link such as
     *                   {@code <classloader>}; null for the root
     * @param rootKind   the root kind, for the first step only (else null)
     * @param rootDetail words about the root (thread and frame for stack roots), first step only
     */
    public record Step(int object, long id, String className, String kind, String reference, boolean staticField,
            RootKind rootKind, String rootDetail) {}

    public Step root() {
        return steps.getFirst();
    }

    public Step target() {
        return steps.getLast();
    }
}
