package dev.heapwise.ddm.jdwp;

/** The JDWP error codes this module uses. Constants only. */
public final class JdwpErrors {
    public static final int NONE = 0;
    /**
     * "The functionality is not implemented in this virtual machine"; HotSpot also answers an
     * unknown command set below 128 with it. The heapwise client answers every non-DDM command
     * with it.
     */
    public static final int NOT_IMPLEMENTED = 99;
    public static final int VM_DEAD = 112;
    public static final int INTERNAL = 113;
    public static final int INVALID_LENGTH = 504;

    private JdwpErrors() {}

    /** A short name for the codes above, else the number. */
    public static String name(int code) {
        return switch (code) {
            case NONE -> "NONE";
            case NOT_IMPLEMENTED -> "NOT_IMPLEMENTED";
            case VM_DEAD -> "VM_DEAD";
            case INTERNAL -> "INTERNAL";
            case INVALID_LENGTH -> "INVALID_LENGTH";
            default -> "error " + code;
        };
    }
}
