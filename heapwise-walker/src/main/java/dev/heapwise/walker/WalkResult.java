package dev.heapwise.walker;

/**
 * What a walk did, counted as it went.
 *
 * @param aborted               a callback returned {@link WalkAction#FAIL}
 * @param containers            beginContainer calls, BEGIN and END included
 * @param rootReferenceCalls    rootReferences calls
 * @param rootReferences        root references reported
 * @param objectReferenceCalls  objectReferences calls
 * @param objectsVisited        objects visited (each has one sequence of objectReferences calls)
 * @param objectsVisitedInHeap  of those, visited in the HEAP container
 * @param references            object references reported, null and missing ones included
 * @param nullReferences        of those, null
 * @param missingReferences     of those, dangling ({@link ObjectFlags#MISSING})
 * @param objectsReadFromDump   objects whose references were read from the dump rather than the
 *                              index (those with a null or dangling slot, when nulls are reported)
 * @param maxPending            the most objects waiting on the walk's stack at once
 * @param nanos                 wall time of the walk, callbacks included
 */
public record WalkResult(boolean aborted, long containers, long rootReferenceCalls, long rootReferences,
        long objectReferenceCalls, long objectsVisited, long objectsVisitedInHeap, long references,
        long nullReferences, long missingReferences, long objectsReadFromDump, long maxPending, long nanos) {}
