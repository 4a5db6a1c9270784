package dev.heapwise.timeline;

import java.io.IOException;

/**
 * The file is not a merged heap timeline + page dump file: a phase marker is missing or the two
 * markers are in the wrong order. The message is one line, ready for a user:
 * {@code <file>: line <n>: Invalid merged file format: <reason>}.
 *
 * <p>Lines that are merely malformed do not throw; they are skipped and counted in
 * {@link ParseReport}.
 */
public final class TimelineFormatException extends IOException {
    /** The phrase every message carries, as in the format's specification. */
    public static final String INVALID_FORMAT = "Invalid merged file format";

    private final String source;
    private final long line;
    private final String reason;

    public TimelineFormatException(String source, long line, String reason) {
        super(source + ": line " + line + ": " + INVALID_FORMAT + ": " + reason);
        this.source = source;
        this.line = line;
        this.reason = reason;
    }

    /** The file (or other source name) being parsed. */
    public String source() {
        return source;
    }

    /** The 1-based line the problem was found at (the last line when the file ended too early). */
    public long line() {
        return line;
    }

    /** The reason alone, without file, line or the "Invalid merged file format" phrase. */
    public String reason() {
        return reason;
    }
}
