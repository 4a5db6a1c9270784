package dev.heapwise.graph;

import java.util.List;

/**
 * A thread the dump knows of, with its stack (top frame first) and the objects each frame holds.
 *
 * @param serial       the dump's thread serial number
 * @param objectIndex  the graph index of the {@code java.lang.Thread} object, or -1
 * @param name         the thread name, or "" when the dump does not say
 * @param frames       stack frames, top first (empty when the dump has no trace)
 * @param otherLocals  objects held by the thread without a known frame (JNI locals of an empty
 *                     stack, thread-block roots)
 */
public record HeapThread(int serial, int objectIndex, String name, List<StackFrame> frames, List<Integer> otherLocals) {}
