package dev.heapwise.analysis.leaks;

import java.util.List;

/**
 * Leak traces with the same signature: one cause, possibly many leaking objects.
 *
 * @param signature      the shared signature
 * @param libraryMatcher the known library leak, or null for an application leak
 * @param traces         one per leaking object, biggest retained size first
 */
public record Leak(String signature, ReferenceMatcher libraryMatcher, List<LeakTrace> traces) {

    public long totalRetainedSize() {
        return traces.stream().mapToLong(LeakTrace::retainedSize).sum();
    }

    /** A one-line summary: the class of the leaking object and the first suspect reference. */
    public String shortDescription() {
        LeakTrace t = traces.getFirst();
        for (LeakTrace.Node n : t.nodes()) {
            if (n.suspect() && n.reference() != null) {
                return n.reference().display() + " → " + t.leakingNode().className();
            }
        }
        return t.leakingNode().className();
    }
}
