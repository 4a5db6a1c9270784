package dev.heapwise.cli;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.Hprof;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The dump argument and the options for opening it, shared by every dump command. */
public final class DumpOptions {
    @Parameters(index = "0", paramLabel = "DUMP", description = "Heap dump: .hprof, .hprof.gz (HotSpot or Android), MicroEJ .heap")
    public Path dump;

    @Option(names = "--salvage", description = "Read a dump that was cut short up to its last complete record.")
    public boolean salvage;

    @Option(names = "--rebuild", description = "Ignore the saved index and read the dump again.")
    public boolean rebuild;

    @Option(names = {"-q", "--quiet"}, description = "No progress bar.")
    public boolean quiet;

    @Option(names = "--threads", description = "Worker threads for indexing (default: one per processor).")
    public int threads;

    @Option(names = "--lenient", description = "MicroEJ dumps: read past schema violations and count them instead of failing.")
    public boolean lenient;

    @Option(names = "--index-dir", description = "Where to keep the index (default: beside the dump, else ~/.cache/heapwise).")
    public Path indexDir;

    /** Opens the dump, indexing it on first use. Timings of this call are kept for {@code info}. */
    public HeapGraph open() throws IOException {
        long t0 = System.nanoTime();
        HeapGraph g = Dumps.open(dump, new Hprof.Options(salvage, rebuild, threads, indexDir,
                ProgressBar.forTerminal(quiet)), lenient);
        lastOpenMillis = (System.nanoTime() - t0) / 1_000_000;
        if (g.info().partial() && salvage) {
            System.err.println("heapwise: warning: " + dump + " was cut short; the graph holds only what was complete");
        }
        return g;
    }

    public long lastOpenMillis;
}
