package dev.heapwise.cli.walker;

import dev.heapwise.cli.BadInputException;
import dev.heapwise.walker.WalkOptions;

/** The {@code --max-depth} option's range. */
final class MaxDepth {
    private MaxDepth() {}

    static void check(Integer maxDepth) {
        if (maxDepth != null && (maxDepth < 0 || maxDepth > WalkOptions.MAX_DEPTH_LIMIT)) {
            throw new BadInputException("--max-depth " + maxDepth + ": must be 0.." + WalkOptions.MAX_DEPTH_LIMIT);
        }
    }
}
