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

    /** A short human label, as MAT and the Android tools name the kind. */
    public String label() {
        return label;
    }
}
