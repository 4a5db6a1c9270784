package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.graph.RefCursor;

/**
 * The flow graph the dominator algorithm runs on: vertices {@code 0..vertexCount()-1}, a virtual
 * root (not a vertex) with an edge to each of {@link #roots()}, and cursors over successors and
 * predecessors. Kept this small so the algorithm can be checked on plain arrays against a
 * brute-force oracle and run unchanged on a heap graph.
 */
public interface Digraph {
    int vertexCount();

    /** The virtual root's successors, in order; duplicates allowed. */
    int[] roots();

    /** Whether the virtual root has an edge to {@code v}. O(1). */
    boolean isRoot(int v);

    /** A new successor cursor for the calling thread. */
    RefCursor successors();

    /**
     * A new predecessor cursor for the calling thread. Called once the depth-first search is over,
     * so an implementation may prepare its inbound index meanwhile.
     */
    RefCursor predecessors();

    /** Says predecessors will not be asked for again, so an inbound index may be freed. */
    default void releasePredecessors() {}

    /** The weight summed into retained sizes (shallow size). */
    long size(int v);
}
