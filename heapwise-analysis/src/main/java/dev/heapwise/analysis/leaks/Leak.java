package dev.heapwise.analysis.leaks;

import java.util.List;

/**
 * Leak traces with one cause, possibly many leaking objects: for an application leak, the traces
 * with the same signature; for a library leak, as in Shark 2.14, those through the same known leak.
 *
 * @param signature           the traces' shared signature; for a library leak, the hash of its
 *                            matcher's pattern (Shark's library leak signature)
 * @param libraryMatcher      the known library leak, or null for an application leak
 * @param traces              one per leaking object, biggest retained size first; at most
 *                            {@link LeakAnalyzer.Options#tracesPerLeak} of them
 * @param omittedTraces       traces of this leak beyond those (the smallest), counted only
 * @param omittedRetainedSize what their leaking objects retain together
 */
public record Leak(String signature, ReferenceMatcher libraryMatcher, List<LeakTrace> traces, int omittedTraces,
        long omittedRetainedSize) {

    /** All the traces of this leak, kept or omitted. */
    public int traceCount() {
        return traces.size() + omittedTraces;
    }

    public long totalRetainedSize() {
        return traces.stream().mapToLong(LeakTrace::retainedSize).sum() + omittedRetainedSize;
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
