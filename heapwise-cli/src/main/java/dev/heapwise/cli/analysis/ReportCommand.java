package dev.heapwise.cli.analysis;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.report.HeapReport;
import dev.heapwise.analysis.report.HtmlReport;
import dev.heapwise.analysis.report.ReportBuilder;
import dev.heapwise.analysis.waste.WasteAnalysis;
import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.DumpOptions;
import dev.heapwise.cli.Json;
import dev.heapwise.cli.OutputFiles;
import dev.heapwise.cli.ProgressBar;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "report", description = {
        "One self-contained HTML page with everything, or --json: the same as data.",
        "Overview, histogram, dominator tree, leak suspects, leak traces, waste and threads. Byte-for-byte the",
        "same for the same dump, so it can be diffed in CI."})
public final class ReportCommand implements Callable<Integer> {
    @Mixin
    DumpOptions dump;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Where to write the HTML page.")
    Path output;

    @Option(names = "--json", description = "Print the same data as one JSON document instead.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (output == null && !json) {
            throw new BadInputException("report: give -o FILE for the HTML page, or --json");
        }
        if (output != null) {
            OutputFiles.checkWritable(output, dump.dump);
        }
        // The waste section's array hashing runs in the background at the lowest priority, on the core the other
        // work leaves idle: from the tree's one-core passes on when the tree is computed (if native memory has
        // room for it beside the tree's arrays), else from when the tree is there. (Started before the tree, it
        // raised the peak memory by 200 MB on a 38 M-object dump and saved no time. From the semi-dominators on,
        // the wait for it after the tree fell from 0.50-0.90 s to 0.14-0.19 s, for 70-110 MB more at the peak:
        // BENCHMARKS.md, "The waste section's array hashing from the semi-dominators on".)
        try (HeapGraph g = dump.open(); WasteAnalysis.Prefetch waste = WasteAnalysis.prefetchLater(g);
                DominatorTree tree = Trees.open(g, false, dump.quiet, true, waste::startIfRoom)) {
            waste.start();
            ProgressListener p = ProgressBar.forTerminal(dump.quiet);
            HeapReport r = ReportBuilder.build(g, tree, dump.dump.getFileName().toString(),
                    ReportBuilder.Limits.defaults(), p, waste);
            p.finished();
            if (output != null) {
                Path abs = output.toAbsolutePath();
                // Written beside the target, then renamed: never half a report under the real name.
                Path tmp = abs.resolveSibling("." + abs.getFileName() + ".tmp-" + ProcessHandle.current().pid());
                try {
                    // getBytes replaces what UTF-8 cannot encode; Files.writeString would throw on it.
                    Files.write(tmp, HtmlReport.render(r).getBytes(StandardCharsets.UTF_8));
                    Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } finally {
                    Files.deleteIfExists(tmp);
                }
                if (!json) {
                    System.out.println("wrote " + output);
                }
            }
            if (json) {
                Json.print(System.out, Json.MAPPER.valueToTree(r));
            }
            return 0;
        }
    }
}
