package dev.heapwise.microej.analysis;

/**
 * What the dominator-based views (Dominator Tree, accumulation points of Leak Suspects) need from
 * a dominator tree of the heap graph: per object, its immediate dominator and what it retains.
 * The heapwise-analysis module's dominator tree is meant to implement this (see the module
 * README); {@link SimpleDominators} is a small stand-in until then. Implementations must be
 * O(1) per call and thread-safe.
 */
public interface Dominators {
    /** The object's immediate dominator, or -1 when only the (virtual) root above all GC roots dominates it. */
    int immediateDominator(int object);

    /** Shallow size of the object and of everything it dominates. */
    long retainedSize(int object);

    /** How many instances (class objects excluded) the object and everything it dominates are. */
    long retainedCount(int object);
}
