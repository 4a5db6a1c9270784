package dev.heapwise.cli;

/** The exit codes every command uses. */
public final class ExitCodes {
    public static final int OK = 0;
    public static final int INTERNAL_ERROR = 1;
    public static final int BAD_INPUT = 2;

    private ExitCodes() {}
}
