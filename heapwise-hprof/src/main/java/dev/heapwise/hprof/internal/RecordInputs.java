package dev.heapwise.hprof.internal;

import dev.heapwise.graph.io.SequentialInput;
import java.nio.file.Path;

/** Creates the parser's record input (kept package-private otherwise). */
public final class RecordInputs {
    private RecordInputs() {}

    public static RecordInput over(SequentialInput input, Path file) {
        return new RecordInput(input, file);
    }
}
