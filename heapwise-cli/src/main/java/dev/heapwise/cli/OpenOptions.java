package dev.heapwise.cli;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.microej.MicroEj;
import dev.heapwise.microej.ReadReport;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options for opening dumps, shared by every command that reads one (a picocli mixin).
 * Commands that take one dump use {@link DumpOptions}; commands that take several (compare,
 * progressive, convert) use this and name their dumps themselves.
 */
public class OpenOptions {
    @Option(names = "--salvage", description = "Read a dump that was cut short up to its last complete record.")
    public boolean salvage;

    @Option(names = "--rebuild", description = "Ignore the saved index and read the dump again.")
    public boolean rebuild;

    @Option(names = {"-q", "--quiet"}, description = "No progress bar.")
    public boolean quiet;

    @Option(names = "--threads", description = "Worker threads for indexing (default: one per processor).")
    public int threads;

    @Option(names = "--lenient", description = "MicroEJ dumps: read past schema violations and count them instead "
            + "of failing at the first problem. The index keeps the result.")
    public boolean lenient;

    @Option(names = "--index-dir", description = "Where to keep the index (default: beside the dump, else ~/.cache/heapwise).")
    public Path indexDir;

    /** How long the last {@link #open} took, for {@code info}. */
    public long lastOpenMillis;

    /**
     * Opens a dump of any format, indexing it on first use, and tells on stderr what a salvaged
     * or lenient read left out.
     */
    public HeapGraph open(Path dump) throws IOException {
        long t0 = System.nanoTime();
        HeapGraph g = Dumps.open(dump, new Hprof.Options(salvage, rebuild, threads, indexDir,
                ProgressBar.forTerminal(quiet)), lenient);
        lastOpenMillis = (System.nanoTime() - t0) / 1_000_000;
        if (g.info().partial() && salvage) {
            System.err.println("heapwise: warning: " + dump + " was cut short; the graph holds only what was complete");
        }
        ReadReport report = MicroEj.readReport(g);
        if (report.total() > 0 && !quiet) {
            for (String line : report.lines()) {
                System.err.println("heapwise: " + dump + ": " + line);
            }
        }
        return g;
    }
}
