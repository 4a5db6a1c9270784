package dev.heapwise.graph;

/** What an object in the heap graph is. */
public enum ObjectKind {
    INSTANCE,
    OBJECT_ARRAY,
    PRIMITIVE_ARRAY,
    /** A class object (a {@code java.lang.Class} mirror with its static fields). */
    CLASS
}
