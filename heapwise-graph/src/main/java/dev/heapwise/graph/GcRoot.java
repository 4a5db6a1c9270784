package dev.heapwise.graph;

/**
 * A GC root: the object, why it is a root, and the thread and stack frame where the dump says so.
 *
 * @param object       the object's graph index
 * @param kind         the root kind
 * @param threadSerial the thread's serial number, or -1
 * @param frame        the stack depth (0 = top frame) for frame roots, or -1
 * @param holder       the graph index of the thread object that holds the object as a local (a root
 *                     of a kind {@link RootKind#heldByThread() held by a thread} whose thread object
 *                     is in the dump): the thread object then refers to it
 *                     ({@link Reference.Kind#LOCAL}); -1 for every other root
 */
public record GcRoot(int object, RootKind kind, int threadSerial, int frame, int holder) {

    /**
     * Whether reachability starts at this root: a root the virtual root of the dominator tree and
     * the search for paths from the GC roots start from. False for a thread's local whose thread
     * object is in the dump ({@link #holder} set), which is reached through that thread object, so
     * that the thread dominates what only its stack holds, as in Eclipse MAT.
     */
    public boolean startsReachability() {
        return holder < 0;
    }
}
