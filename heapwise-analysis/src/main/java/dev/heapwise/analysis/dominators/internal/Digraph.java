package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.RowReader;

/**
 * The flow graph the dominator algorithm runs on: vertices {@code 0..vertexCount()-1}, a virtual
 * root (not a vertex) with an edge to each of {@link #roots()}, stored edges read through cursors,
 * and <em>group edges</em>: every vertex belongs to at most one group, and every member of a group
 * with a target has an edge to that target. A heap's groups are its classes and the targets their
 * class objects (MAT's "an instance keeps its class alive"); modelling them apart lets the
 * algorithm treat a class object with millions of instances without listing millions of edges.
 * Kept this small so the algorithm can be checked on plain arrays against a brute-force oracle
 * and run unchanged on a heap graph.
 */
public interface Digraph {
    int vertexCount();

    /** The virtual root's successors, in order; duplicates allowed. */
    int[] roots();

    /** Whether the virtual root has an edge to {@code v}. O(1), thread-safe. */
    boolean isRoot(int v);

    /** An upper bound of the number of stored edges (for sizing arrays). */
    long storedEdgeCount();

    /**
     * How many stored edges the vertices before {@code v} have ({@code 0 <= v <= vertexCount()}),
     * counted as {@link #storedEdgeCount()} counts them: non-decreasing in v. O(1), thread-safe.
     */
    long storedEdgesBefore(int v);

    /** A new cursor over stored successors (group edges not included), for the calling thread. */
    RefCursor successors();

    /**
     * A new reader of stored successors a block of vertices at a time (group edges not included),
     * for the calling thread: for passes over every vertex in order.
     */
    default RowReader successorRows() {
        return RowReader.over(successors());
    }

    /** A new cursor over stored predecessors (group edges not included), for the calling thread. */
    RefCursor predecessors();

    /** The weight summed into retained sizes (shallow size). Thread-safe. */
    long size(int v);

    /** Number of groups. */
    int groupCount();

    /** The group of {@code v}, or -1. Thread-safe. */
    int groupOf(int v);

    /** The groups of vertices {@code from} to {@code from + count - 1} into {@code out[0..count)}. Thread-safe. */
    default void groupsOf(int from, int count, int[] out) {
        for (int k = 0; k < count; k++) {
            out[k] = groupOf(from + k);
        }
    }

    /** The vertex every member of the group has an edge to, or -1 for none. */
    int groupTarget(int group);

    /** A hint that the edges have been copied out: storage they were read from may leave memory. */
    default void edgesCopied() {}
}
