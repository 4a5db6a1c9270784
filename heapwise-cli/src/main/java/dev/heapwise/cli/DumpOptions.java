package dev.heapwise.cli;

import dev.heapwise.graph.HeapGraph;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Parameters;

/** The dump argument and the options for opening it, shared by every command on one dump. */
public final class DumpOptions extends OpenOptions {
    @Parameters(index = "0", paramLabel = "DUMP", description = "Heap dump: .hprof, .hprof.gz (HotSpot or Android), MicroEJ .heap")
    public Path dump;

    /** Opens the dump, indexing it on first use. */
    public HeapGraph open() throws IOException {
        return open(dump);
    }
}
