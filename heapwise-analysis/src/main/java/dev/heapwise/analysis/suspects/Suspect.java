package dev.heapwise.analysis.suspects;

import dev.heapwise.analysis.paths.GcPath;

/**
 * A leak suspect: one object, or all top-level instances of one class, retaining a big share of
 * the heap.
 *
 * @param kind              "object", "class" (a class object, through its statics), "group", or
 *                          "thread" (a thread whose stack's locals retain a big share)
 * @param object            the suspect object (for a thread, its thread object), or the biggest
 *                          instance of a group
 * @param className         the class (for a class object: the class it represents)
 * @param instances         1, or the group's size
 * @param retainedSize      bytes retained (for a group, the sum over its disjoint subtrees; for a
 *                          thread, what its locals retain)
 * @param fraction          of the reachable heap
 * @param accumulationPoint where the memory piles up: the object below which the retained size
 *                          spreads out (or the common referrer of a group)
 * @param accumulationRetainedSize the accumulation point's retained size
 * @param path              the shortest path from a GC root to the accumulation point, or null
 * @param description       a sentence a person can act on
 */
public record Suspect(String kind, int object, String className, long instances, long retainedSize, double fraction,
        int accumulationPoint, String accumulationClassName, long accumulationRetainedSize, GcPath path,
        String description) {}
