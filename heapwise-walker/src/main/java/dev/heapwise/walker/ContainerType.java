package dev.heapwise.walker;

import dev.heapwise.graph.RootKind;

/**
 * The containers of a walk, announced by {@link HeapInfoCallback#beginContainer}, in this order:
 * {@link #BEGIN}; then the root containers ({@link #THREAD} for each thread, then {@link #ROOTS}
 * for each other kind of root; or {@link #SELECTED} when the walk starts from chosen objects);
 * then {@link #HEAP}; and {@link #END}, always, last.
 *
 * <p>What {@code id1} and {@code id2} carry:
 * <table>
 *   <caption>container ids</caption>
 *   <tr><th>type</th><th>id1</th><th>id2</th></tr>
 *   <tr><td>BEGIN, HEAP, END</td><td>0</td><td>0</td></tr>
 *   <tr><td>THREAD</td><td>the dump id of the {@code java.lang.Thread} object, 0 if unknown</td>
 *       <td>the dump's thread serial number</td></tr>
 *   <tr><td>ROOTS</td><td>the {@link RootKind} ordinal (see {@link #rootKind(long)})</td>
 *       <td>the number of roots in the container</td></tr>
 *   <tr><td>SELECTED</td><td>0</td><td>the number of chosen objects</td></tr>
 * </table>
 */
public enum ContainerType {
    /** {@code C_BEGIN}: the walk starts. No root references. */
    BEGIN,
    /**
     * {@code C_RT_THREAD}: the roots one thread holds: its thread object, the objects its stack
     * frames hold (Java locals and JNI locals, top frame first) and its thread-block roots.
     */
    THREAD,
    /**
     * Every root of one kind that is not on a thread's stack: JNI globals, native stack, system
     * classes (sticky), busy monitors, and the other kinds a dump may name, one container per kind
     * in {@link RootKind} order.
     */
    ROOTS,
    /** The objects a walk was asked to start from ({@link WalkOptions#startAt}), instead of roots. */
    SELECTED,
    /**
     * {@code C_HEAP}: carries no root references. Objects not visited during root traversal are
     * visited here, in ascending id order, each followed depth-first by what it reaches.
     */
    HEAP,
    /** {@code C_END}: always sent, last, even after {@link WalkAction#FAIL} or an exception. */
    END;

    /** The root kind of a {@link #ROOTS} container, from its {@code id1}. */
    public static RootKind rootKind(long id1) {
        return RootKind.values()[(int) id1];
    }
}
