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
public record HeapThread(int serial, int objectIndex, String name, List<StackFrame> frames, List<Integer> otherLocals) {

    /**
     * Whether this thread threw an {@code OutOfMemoryError}: its stack holds a frame of the
     * error's constructor, {@code java.lang.OutOfMemoryError.<init>}. HotSpot's heap dumper puts
     * one on top of the stack of the thread that ran out of memory when it dumps on the error
     * ({@code -XX:+HeapDumpOnOutOfMemoryError}): the VM throws a preallocated error without
     * running a constructor, so the frame is made up to name the thread. From memory, O(frames).
     */
    public boolean threwOutOfMemoryError() {
        for (StackFrame f : frames) {
            if (f.method().equals("<init>") && f.className().equals("java.lang.OutOfMemoryError")) {
                return true;
            }
        }
        return false;
    }
}
