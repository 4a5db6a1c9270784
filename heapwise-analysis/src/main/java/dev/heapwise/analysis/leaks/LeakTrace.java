package dev.heapwise.analysis.leaks;

import dev.heapwise.graph.RootKind;
import java.util.List;

/**
 * The path from a GC root to one leaking object, each node labelled leaking or not (LeakCanary's
 * leak trace).
 *
 * @param leakingObject  the object that should be gone (the last node)
 * @param signature      SHA-1 of the suspect references: equal for leaks with the same cause
 * @param libraryMatcher the known JDK/Android leak the path goes through, or null
 * @param retainedSize   bytes the leaking object keeps alive (exact, from the dominator tree)
 * @param retainedCount  objects it keeps alive, itself included (its dominator subtree)
 * @param nodes          root first, leaking object last
 * @param reasons        why the object is considered leaking (from the finder)
 * @param details        facts about the leaking object (a LeakCanary key, watch duration)
 */
public record LeakTrace(int leakingObject, String signature, ReferenceMatcher libraryMatcher, long retainedSize,
        long retainedCount, List<Node> nodes, List<String> reasons, List<String> details) {

    public enum Status { YES, NO, UNKNOWN }

    /**
     * One object on the trace.
     *
     * @param status     leaking: YES, NO or UNKNOWN
     * @param reason     why (from inspectors, or inferred from the neighbours)
     * @param labels     facts shown under the node
     * @param reference  how this node refers to the next, or null for the leaking object
     * @param suspect    whether that reference is a likely cause (LeakCanary's "~~~")
     * @param rootKind   the root kind, first node only
     * @param rootDetail words about the root, first node only
     */
    public record Node(int object, long id, String className, String kind, Status status, String reason,
            List<String> labels, Reference reference, boolean suspect, RootKind rootKind, String rootDetail) {}

    /**
     * A reference between two nodes.
     *
     * @param name    the field name, {@code [index]}, or {@code <Java Local>}
     * @param type    "field", "static", "array", "local" or "other"
     * @param display as LeakCanary prints it: {@code static LeakyService.leakAllTheBinders},
     *                {@code Holder.items}, {@code ArrayList[0]}, {@code HashMap["key"]}, {@code Object[0]}
     */
    public record Reference(String name, String type, String display) {

        /** The name with array indexes generalised to {@code [x]}, as signatures use it. */
        public String genericName() {
            return type.equals("array") ? "[x]" : name;
        }
    }

    /** This trace with {@code count} as its retained object count. */
    public LeakTrace withRetainedCount(long count) {
        return new LeakTrace(leakingObject, signature, libraryMatcher, retainedSize, count, nodes, reasons, details);
    }

    public boolean isLibraryLeak() {
        return libraryMatcher != null;
    }

    public Node leakingNode() {
        return nodes.getLast();
    }
}
