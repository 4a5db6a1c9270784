package dev.heapwise.cli;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.Hprof;
import java.io.IOException;
import java.nio.file.Path;

/** Opens a dump of any format heapwise reads. */
public final class Dumps {
    private Dumps() {}

    public static HeapGraph open(Path dump, Hprof.Options options) throws IOException {
        return Hprof.open(dump, options);
    }
}
