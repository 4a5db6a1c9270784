package dev.heapwise.ddm.heap;

/** Names of heap segment kinds and solidities (the state byte's bits 3-5 and 0-2). Constants and pure functions. */
public final class HeapStates {
    public static final int SOLIDITY_FREE = 0;
    public static final int SOLIDITY_HARD = 1;
    public static final int KIND_OBJECT = 0;
    public static final int KIND_NATIVE = 7;

    private static final String[] KINDS = {
        "object", "class", "byte[]/boolean[]", "char[]/short[]", "Object[]/int[]/float[]", "long[]/double[]", "kind 6", "native"
    };
    private static final String[] SOLIDITIES = {
        "free", "hard", "soft", "weak", "phantom", "finalizable", "sweep", "solidity 7"
    };

    private HeapStates() {}

    public static String kindName(int kind) {
        return KINDS[kind & 7];
    }

    public static String solidityName(int solidity) {
        return SOLIDITIES[solidity & 7];
    }

    /** "free", or "kind / solidity" for used states. */
    public static String describe(int state) {
        int solidity = state & 7;
        return solidity == SOLIDITY_FREE ? "free" : kindName(state >>> 3) + " / " + solidityName(solidity);
    }
}
