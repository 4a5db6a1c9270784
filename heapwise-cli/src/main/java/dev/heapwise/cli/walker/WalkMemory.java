package dev.heapwise.cli.walker;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** Turns running out of heap during a walk into one line that says what to do about it. */
final class WalkMemory {
    private WalkMemory() {}

    static int explained(String doing, Path dump, Callable<Integer> walk) throws Exception {
        try {
            return walk.call();
        } catch (OutOfMemoryError e) {
            // The walk needs about half a byte per object, plus up to 4 bytes per object waiting on its stack.
            throw new IllegalStateException("out of memory %s %s; give Java more heap, e.g. HEAPWISE_JAVA_OPTS=-Xmx4g"
                    .formatted(doing, dump), e);
        }
    }
}
