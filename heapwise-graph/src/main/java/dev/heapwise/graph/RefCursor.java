package dev.heapwise.graph;

/**
 * Walks the outbound or inbound references of one object at a time, without allocating. Obtain
 * one per thread from {@link HeapGraph#outRefs()} or {@link HeapGraph#inRefs()}, then
 * {@link #reset} it to an object and call {@link #next} until it returns -1.
 *
 * <pre>{@code
 * RefCursor c = graph.outRefs();
 * for (int o = 0; o < graph.objectCount(); o++) {
 *     c.reset(o);
 *     for (int t; (t = c.next()) >= 0; ) { ... }
 * }
 * }</pre>
 *
 * Cost: {@code reset} is O(1) (two index lookups); {@code next} is one bit-field read. A cursor is
 * not thread-safe; cursors are cheap, so give each thread its own.
 */
public interface RefCursor {
    /** Positions the cursor on the references of {@code object}. */
    void reset(int object);

    /** The next referenced (or referring) object's index, or -1 when there are no more. */
    int next();

    /** How many references {@code object} has in this direction, after {@link #reset}. */
    long count();

    /** The position of the last returned reference among the object's references (0-based). */
    long ordinal();
}
