package dev.heapwise.analysis.compare;

import java.util.List;

/**
 * What grew in every successive dump of a series.
 *
 * @param dumps   how many dumps were compared
 * @param classes classes whose instance count grew in every step, biggest growth first
 * @param paths   places in the object graph where the number of objects grew in every step
 */
public record GrowthReport(int dumps, List<GrowingClass> classes, List<GrowingPath> paths) {

    /** Counts and retained sizes of one class name, one entry per dump. */
    public record GrowingClass(String className, List<Long> counts, List<Long> retained) {}

    /**
     * Objects reached from the roots along the same chain of classes.
     *
     * @param steps  the chain, root first: each step's class, and the reference that leads to it in
     *               an example from the last dump
     * @param counts objects at the end of the chain, one entry per dump
     */
    public record GrowingPath(List<Step> steps, List<Long> counts) {}

    public record Step(String className, String reference) {}
}
