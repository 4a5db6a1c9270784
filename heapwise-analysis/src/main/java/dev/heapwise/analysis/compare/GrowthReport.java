package dev.heapwise.analysis.compare;

import java.util.List;

/**
 * What grew in every successive dump of a series.
 *
 * @param dumps            how many dumps were compared
 * @param classes          classes whose instance count grew in every step, biggest growth in
 *                         retained bytes (last dump against the first) first, then in count
 * @param unchangedClasses classes with the same instance count and retained size in every dump
 * @param otherClasses     with {@code all}, the classes that did not grow in every step (unchanged
 *                         ones included), biggest change in retained bytes first; else empty
 * @param paths            places in the object graph where the number of objects grew in every step
 * @param warnings         what makes the series doubtful, one sentence each
 */
public record GrowthReport(int dumps, List<GrowingClass> classes, long unchangedClasses,
        List<GrowingClass> otherClasses, List<GrowingPath> paths, List<String> warnings) {

    /** Counts and retained sizes of one class name, one entry per dump. */
    public record GrowingClass(String className, List<Long> counts, List<Long> retained) {}

    /**
     * Objects that grow in number, and where they are held.
     *
     * @param steps     the chain from a root to the holder of the growing objects, root first: each
     *                  step's class, and the reference that leads to it in an example from the last
     *                  dump. The chain ends at the field that holds them: through a collection's
     *                  insides (tables, nodes, entries, arrays) up to the collection and the field
     *                  that refers to it ({@code Leaky.CACHE → HashMap}), or at the growing objects
     *                  themselves when nothing of the kind holds them
     * @param className the growing objects' class
     * @param counts    growing objects, one entry per dump
     */
    public record GrowingPath(List<Step> steps, String className, List<Long> counts) {}

    public record Step(String className, String reference) {}
}
