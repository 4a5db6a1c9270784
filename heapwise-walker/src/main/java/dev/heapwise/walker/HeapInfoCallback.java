package dev.heapwise.walker;

/**
 * Hears a heap walk: the Microsoft VM's {@code IHeapInfoCallback}, over any heapwise graph.
 * {@link HeapWalker#walk} calls these methods on the calling thread, one at a time, in the order
 * {@code docs/walker.md} specifies.
 *
 * <p>Ids are the dump's object ids as longs (what {@code HeapGraph.id(int)} returns), like the
 * VM's ObjectIDs; 0 is null. {@code HeapGraph.indexOf(id)} maps an id back to the graph.
 *
 * <p>Only {@link #objectReferences} must be written; the container and root calls go on by
 * default, for callbacks that care about objects only.
 *
 * <p>The arrays passed in are reused from call to call: read the first {@code count} entries
 * during the call and copy what you keep. Do not modify them.
 */
public interface HeapInfoCallback {

    /**
     * A container begins; its root references (if any) follow. See {@link ContainerType} for what
     * {@code id1} and {@code id2} carry. The value returned for {@link ContainerType#END} is
     * ignored. By default: go on.
     */
    default WalkAction beginContainer(ContainerType type, long id1, long id2) {
        return WalkAction.CONTINUE;
    }

    /**
     * Roots of the current container, in batches of at most the walk's batch size.
     *
     * @param refs     the roots' object ids
     * @param refFlags per root: {@link ObjectFlags#ALREADY_REPORTED}, {@link ObjectFlags#ALREADY_VISITED}
     * @param count    how many entries of the arrays are valid
     * @return by default, go on
     */
    default WalkAction rootReferences(long[] refs, int[] refFlags, int count) {
        return WalkAction.CONTINUE;
    }

    /**
     * An object and its references: in field order for instances (the dump's non-static reference
     * fields, the class's own first, then its superclasses'), in element order for object arrays,
     * none for primitive arrays, and the stored structural references for class objects. All
     * references of an object are reported before the walk descends into any of them; when they
     * do not fit in one call, every call but the last has {@link ObjectFlags#MORE_REFERENCES} in
     * {@code flags}.
     *
     * @param objectId the object's id
     * @param flags    {@link ObjectFlags#ALREADY_REPORTED} if the object was reported as a
     *                 reference before this call, plus {@link ObjectFlags#MORE_REFERENCES}
     * @param refs     referenced ids, 0 for null
     * @param refFlags per reference: {@code ALREADY_REPORTED}, {@code ALREADY_VISITED}, {@code MISSING}
     * @param count    how many entries of the arrays are valid (0 for an object without references)
     */
    WalkAction objectReferences(long objectId, int flags, long[] refs, int[] refFlags, int count);
}
