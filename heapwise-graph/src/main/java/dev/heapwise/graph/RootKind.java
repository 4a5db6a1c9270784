package dev.heapwise.graph;

/**
 * Why the VM kept an object alive. The first kinds are HotSpot's HPROF roots, then Android's, then
 * {@link #HELD_OUTSIDE_DUMP} for dump formats without root records.
 */
public enum RootKind {
    UNKNOWN("unknown"),
    JNI_GLOBAL("JNI global"),
    JNI_LOCAL("JNI local"),
    JAVA_FRAME("Java frame"),
    NATIVE_STACK("native stack"),
    STICKY_CLASS("system class"),
    THREAD_BLOCK("thread block"),
    MONITOR_USED("busy monitor"),
    THREAD_OBJECT("thread"),
    INTERNED_STRING("interned string"),
    FINALIZING("finalizing"),
    DEBUGGER("debugger"),
    REFERENCE_CLEANUP("reference cleanup"),
    VM_INTERNAL("VM internal"),
    JNI_MONITOR("JNI monitor"),
    UNREACHABLE("unreachable"),
    /** A class whose static fields act as roots (dump formats that have no root records). */
    CLASS_STATICS("class statics"),
    /**
     * Kept alive by something the dump does not show (a thread, native code): the format has no
     * root records and the object is not reachable from any other root.
     */
    HELD_OUTSIDE_DUMP("unknown/held outside the dump");

    private final String label;

    RootKind(String label) {
        this.label = label;
    }

    /**
     * Whether a root of this kind names the thread that holds the object: a Java frame's local, a
     * JNI local, the native stack or the thread block of a thread. As in Eclipse MAT, when the
     * thread's object is in the dump (a {@link #THREAD_OBJECT} root names it), such an object is a
     * reference of that thread object ({@link Reference.Kind#LOCAL}) and is reached through it,
     * not from the GC roots directly ({@link GcRoot#startsReachability()}).
     */
    public boolean heldByThread() {
        return this == JAVA_FRAME || this == JNI_LOCAL || this == NATIVE_STACK || this == THREAD_BLOCK;
    }

    /** A short human label, as MAT and the Android tools name the kind. */
    public String label() {
        return label;
    }
}
