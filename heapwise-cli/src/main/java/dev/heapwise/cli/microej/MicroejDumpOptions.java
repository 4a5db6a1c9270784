package dev.heapwise.cli.microej;

import dev.heapwise.cli.Dumps;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.microej.MicroEj;
import dev.heapwise.microej.ReadReport;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options for opening dumps in the MicroEJ commands: those of every dump command plus
 * {@code --lenient}. The dump arguments themselves are declared by each command (some take two
 * or more). A mixin; one per command.
 */
public final class MicroejDumpOptions {
    @Option(names = "--lenient", description = "MicroEJ dumps: read past what breaks the schema, counting what "
            + "was skipped, instead of failing at the first problem. The index keeps the result.")
    public boolean lenient;

    @Option(names = "--rebuild", description = "Ignore the saved index and read the dump again.")
    public boolean rebuild;

    @Option(names = {"-q", "--quiet"}, description = "No progress display.")
    public boolean quiet;

    @Option(names = "--threads", description = "Worker threads for indexing (default: one per processor).")
    public int threads;

    @Option(names = "--index-dir", description = "Where to keep the index (default: beside the dump, else ~/.cache/heapwise).")
    public Path indexDir;

    public HeapGraph open(Path dump) throws IOException {
        HeapGraph g = Dumps.open(dump, new Hprof.Options(false, rebuild, threads, indexDir,
                dev.heapwise.cli.ProgressBar.forTerminal(quiet)), lenient);
        ReadReport report = MicroEj.readReport(g);
        if (report.total() > 0 && !quiet) {
            for (String line : report.lines()) {
                System.err.println("heapwise: " + dump + ": " + line);
            }
        }
        return g;
    }
}
