package dev.heapwise.graph.build;

import dev.heapwise.graph.ObjectKind;

/**
 * The objects of a graph being built, in id order, as a size model may inspect them to detect the
 * VM's layout (for example from the distances between object addresses). All calls are O(1).
 */
public interface ObjectTable {
    int objectCount();

    long id(int object);

    ObjectKind kind(int object);

    /** The object's class (for class objects: the class it represents). */
    ClassInfo classInfo(int object);

    /** Array length, or -1 for non-arrays. */
    long arrayLength(int object);

    /** Every class of the graph, by class index. */
    java.util.List<? extends ClassInfo> classes();

    /** The index in {@link #classes()} of {@link #classInfo}. */
    int classIndex(int object);

    /** Receives objects from {@link #scan}. */
    @FunctionalInterface
    interface Visitor {
        void object(int index, long id, int classIndex, ObjectKind kind, long arrayLength);
    }

    /**
     * Visits every object in index order; far cheaper per object than the single-object calls
     * (ids are decoded sequentially). {@code classIndex} is as in {@link #classIndex}.
     */
    void scan(Visitor visitor);
}
