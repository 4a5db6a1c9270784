package dev.heapwise.cli;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.NameMapping;
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

    @Option(names = "--mapping", paramLabel = "FILE", description = "The R8/ProGuard mapping file (mapping.txt) of an "
            + "obfuscated app: classes, fields and stack frames go by their original names.")
    public Path mapping;

    private NameMapping loadedMapping;

    /** How long the last {@link #open} took, for {@code info}. */
    public long lastOpenMillis;

    /**
     * Opens a dump of any format, indexing it on first use, and tells on stderr what a salvaged
     * or lenient read left out.
     */
    public HeapGraph open(Path dump) throws IOException {
        long t0 = System.nanoTime();
        NameMapping names = nameMapping();
        HeapGraph g = Dumps.open(dump, new Hprof.Options(salvage, rebuild, threads, indexDir,
                ProgressBar.forTerminal(quiet), names), lenient);
        lastOpenMillis = (System.nanoTime() - t0) / 1_000_000;
        if (g.info().partial() && salvage) {
            System.err.println("heapwise: warning: " + dump + " was cut short; the graph holds only what was complete");
        }
        warnIfUnused(names, g, dump);
        ReadReport report = MicroEj.readReport(g);
        if (report.total() > 0 && !quiet) {
            for (String line : report.lines()) {
                System.err.println("heapwise: " + dump + ": " + line);
            }
        }
        return g;
    }

    /** The {@code --mapping} file, read once for all the dumps a command opens; null without one. */
    public NameMapping nameMapping() throws IOException {
        if (mapping != null && loadedMapping == null) {
            loadedMapping = NameMapping.read(mapping);
        }
        return loadedMapping;
    }

    /** A warning on stderr when a mapping names none of a dump's classes: most likely another build's. */
    public static void warnIfUnused(NameMapping names, HeapGraph g, Path dump) {
        if (names != null && g.classes().stream().noneMatch(c -> names.mapsTo(c.name()))) {
            System.err.println("heapwise: warning: " + names.file() + " maps none of the classes of " + dump
                    + "; is it the mapping of the build that made the dump?");
        }
    }
}
