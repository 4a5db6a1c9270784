package dev.heapwise.graph;

/**
 * A GC root: the object, why it is a root, and the thread and stack frame where the dump says so.
 *
 * @param object       the object's graph index
 * @param kind         the root kind
 * @param threadSerial the thread's serial number, or -1
 * @param frame        the stack depth (0 = top frame) for frame roots, or -1
 */
public record GcRoot(int object, RootKind kind, int threadSerial, int frame) {}
