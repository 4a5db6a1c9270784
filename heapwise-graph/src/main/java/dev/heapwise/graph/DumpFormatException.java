package dev.heapwise.graph;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The input is not what it claims to be: truncated, corrupt or of a foreign format. The message
 * is one line naming the file, where in it the problem is (a byte offset, or a line and column)
 * and what is wrong, ready to show to a user as it is.
 */
public class DumpFormatException extends IOException {
    private final Path file;
    private final long offset;

    /** A problem at a byte offset; {@code offset < 0} when no position applies. */
    public DumpFormatException(Path file, long offset, String problem) {
        this(file, offset, problem, null);
    }

    public DumpFormatException(Path file, long offset, String problem, Throwable cause) {
        super(file + (offset >= 0 ? ": at byte " + offset : "") + ": " + problem, cause);
        this.file = file;
        this.offset = offset;
    }

    /** A problem at a line and column of a text input (both 1-based). */
    public DumpFormatException(Path file, int line, int column, String problem, Throwable cause) {
        super(file + ": line " + line + ", column " + column + ": " + problem, cause);
        this.file = file;
        this.offset = -1;
    }

    public Path file() {
        return file;
    }

    /** The byte offset of the problem, or -1 when it is given as a line and column or unknown. */
    public long offset() {
        return offset;
    }
}
