package dev.heapwise.cli.timeline;

import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.CountingProgress;
import dev.heapwise.timeline.DownsampleMethod;
import dev.heapwise.timeline.MergedTimeline;
import dev.heapwise.timeline.PlotOptions;
import dev.heapwise.timeline.TimelineAnalysis;
import dev.heapwise.timeline.TimelineParser;
import dev.heapwise.timeline.TimelinePlot;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code heapwise timeline FILE}: a merged heap timeline + page dump file, analysed. */
@Command(name = "timeline",
        mixinStandardHelpOptions = true,
        description = {
            "Reads a merged heap timeline + allocator page dump file ('phase1: heap use' samples,"
                    + " then 'phase2: page dump' before/after GC blocks) and reports the GC correlation,"
                    + " what each GC did to the pages, fragmentation and simulated compaction.",
            "Exit codes: 0 ok, 2 bad input, 1 internal error."})
public final class TimelineCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The merged file (plain or timestamped variant).")
    Path file;

    @Option(names = "--json", description = "Print one JSON document instead of text.")
    boolean json;

    @Option(names = {"-v", "--verbose"},
            description = "Also list skipped lines and warnings with their line numbers, and break each GC down by page kind.")
    boolean verbose;

    @Option(names = {"-q", "--quiet"}, description = "No progress on stderr.")
    boolean quiet;

    @Option(names = "--plot", paramLabel = "SVG",
            description = "Also write an SVG: the heap curve with GC markers and each GC's before/after page grids.")
    Path plot;

    @Option(names = "--page-size", paramLabel = "BYTES", defaultValue = "4096",
            description = "Page size assumed by the compaction estimates (the format records none). Default: ${DEFAULT-VALUE}.")
    long pageSize;

    @Option(names = "--plot-points", paramLabel = "N", defaultValue = "2000",
            description = "The plotted curve keeps at most N samples plus the markers. Default: ${DEFAULT-VALUE}.")
    int plotPoints;

    @Option(names = "--downsample", paramLabel = "METHOD", defaultValue = "lttb",
            description = "How the plotted curve is reduced: ${COMPLETION-CANDIDATES}. Default: ${DEFAULT-VALUE}.")
    DownsampleMethod downsample;

    @Option(names = "--plot-gc-limit", paramLabel = "N", defaultValue = "100",
            description = "Draw page grids for at most N GC pairs. Default: ${DEFAULT-VALUE}.")
    int plotGcLimit;

    @Override
    public Integer call() throws Exception {
        checkOptions();
        if (Files.isDirectory(file)) {
            throw new BadInputException(file + ": is a directory, not a merged timeline file");
        }
        MergedTimeline timeline;
        // 8 bytes per sample (16 with timestamps) must fit in the Java heap; if not, the CLI says so in one line.
        try (CountingProgress progress = CountingProgress.start("reading " + file, quiet)) {
            timeline = TimelineParser.parse(file, progress::update);
        }
        TimelineAnalysis analysis = TimelineAnalysis.of(timeline, pageSize);
        if (plot != null) {
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(plot), 1 << 16)) {
                TimelinePlot.write(analysis, out, new PlotOptions(plotPoints, downsample, plotGcLimit));
            }
            if (!quiet) {
                System.err.println("heapwise: wrote " + plot);
            }
        }
        PrintStream out = System.out;
        if (json) {
            TimelineJson.write(analysis, verbose, out);
        } else {
            new TimelineText(analysis, verbose, out).print();
        }
        out.flush();
        return 0;
    }

    private void checkOptions() {
        if (pageSize <= 0 || pageSize > 1L << 30) { // beyond 1 GiB, page counts times sizes overflow a long
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--page-size must be 1 to 1073741824 bytes, was " + pageSize);
        }
        if (plotPoints < 2) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--plot-points must be at least 2, was " + plotPoints);
        }
        if (plotGcLimit < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--plot-gc-limit must not be negative");
        }
    }
}
