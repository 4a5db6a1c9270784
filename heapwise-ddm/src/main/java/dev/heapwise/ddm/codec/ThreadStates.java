package dev.heapwise.ddm.codec;

/** Names of the THST thread states (ART's numbering, a superset of the seed's 1..8). Constants and pure functions. */
public final class ThreadStates {
    public static final int ZOMBIE = 0;
    public static final int RUNNING = 1;
    public static final int SLEEPING = 2;
    public static final int MONITOR = 3;
    public static final int WAIT = 4;
    public static final int INITIALIZING = 5;
    public static final int STARTING = 6;
    public static final int NATIVE = 7;
    public static final int VMWAIT = 8;
    public static final int SUSPENDED = 9;

    private static final String[] NAMES = {
        "zombie", "running", "sleeping", "monitor", "wait", "initializing", "starting", "native", "vmwait", "suspended"
    };

    private ThreadStates() {}

    /** The state's name, or {@code "state-N"} for values outside 0..9. */
    public static String name(int state) {
        return state >= 0 && state < NAMES.length ? NAMES[state] : "state-" + state;
    }
}
