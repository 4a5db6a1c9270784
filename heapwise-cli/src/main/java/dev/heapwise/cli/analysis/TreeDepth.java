package dev.heapwise.cli.analysis;

import dev.heapwise.cli.BadInputException;

/**
 * The deepest tree a command prints ({@code path --class}, {@code dominators --depth}). Trees are
 * printed and written as JSON one nesting level (two in JSON: an object and its children array)
 * per tree level; 400 levels keep a document within the 1,000 nesting levels that Jackson writes
 * and that common JSON readers (Python's {@code json}, for one) parse by default.
 */
final class TreeDepth {
    static final int MAX = 400;

    private TreeDepth() {}

    /** Rejects a {@code --depth} outside 1 to {@link #MAX}, naming the command. */
    static void check(String command, int depth) {
        if (depth < 1 || depth > MAX) {
            throw new BadInputException(command + ": --depth must be 1 to " + MAX + ", not " + depth);
        }
    }
}
