package dev.heapwise.cli.walker;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.CountingProgress;
import dev.heapwise.cli.Describe;
import dev.heapwise.cli.DumpOptions;
import dev.heapwise.cli.Json;
import dev.heapwise.cli.OutputFiles;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Units;
import dev.heapwise.walker.ExportResult;
import dev.heapwise.walker.GraphExport;
import dev.heapwise.walker.WalkOptions;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code heapwise export DUMP --format jsonl|dot}: streams objects and references, walk order. */
@Command(name = "export",
        description = {
            "Streams the heap's objects and references in walk order (roots first, depth first): JSON lines"
                    + " ({\"type\":\"object\",...} and {\"type\":\"ref\",...}) or a GraphViz DOT graph.",
            "Without --from and --max-depth every object of the dump is exported, the ones no root reaches last."})
public final class ExportCommand implements Callable<Integer> {
    enum Format { jsonl, dot }

    @Mixin
    DumpOptions dump;

    @Option(names = "--format", defaultValue = "jsonl", description = "jsonl or dot (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--from", paramLabel = "OBJECT",
            description = "Export only what this object id reaches (itself included).")
    String from;

    @Option(names = "--max-depth", paramLabel = "N",
            description = "Export only objects at most N references from the roots (or from --from); 0..254.")
    Integer maxDepth;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write here instead of standard output.")
    Path output;

    @Option(names = "--json", description = "With -o: print one JSON document summing up the export.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        MaxDepth.check(maxDepth);
        if (output != null) {
            OutputFiles.checkWritable(output, dump.dump);
        }
        if (json && output == null) {
            throw new BadInputException("--json prints a summary document on standard output, so the export itself"
                    + " needs -o FILE");
        }
        try (HeapGraph g = dump.open(); CountingProgress progress = CountingProgress.start("exporting", dump.quiet)) {
            WalkOptions options = WalkOptions.defaults().withProgress(progress::update)
                    .withMaxDepth(maxDepth == null ? -1 : maxDepth)
                    .withVisitHeap(from == null && maxDepth == null);
            if (from != null) {
                options = options.withStartAt(g.id(Describe.object(g, from, dump.dump)));
            }
            ExportResult result;
            try (OutputStream out = new BufferedOutputStream(
                    output == null ? new StdoutStream(System.out) : Files.newOutputStream(output), 1 << 16)) {
                result = export(g, out, options);
            } catch (StdoutStream.Closed closed) {
                return 0; // the reader went away (| head): stop quietly, as Unix tools do
            }
            if (json) {
                ObjectNode o = Json.object();
                o.put("dump", dump.dump.toString());
                o.put("format", format.name());
                o.put("output", output.toString());
                o.put("objects", result.objects());
                o.put("references", result.references());
                o.put("objectsReadFromDump", result.walk().objectsReadFromDump());
                o.put("millis", result.walk().nanos() / 1_000_000);
                Json.print(System.out, o);
            } else if (output != null && !dump.quiet) {
                System.out.printf(Locale.ROOT, "exported %s objects and %s references to %s in %.1f s%n",
                        Units.count(result.objects()), Units.count(result.references()), output,
                        result.walk().nanos() / 1e9);
            }
            return 0;
        }
    }

    private ExportResult export(HeapGraph g, OutputStream out, WalkOptions options) throws IOException {
        if (format == Format.dot) {
            try (DotSink sink = new DotSink(out, dump.dump.getFileName().toString())) {
                return GraphExport.export(g, sink, options);
            }
        }
        try (JsonlSink sink = new JsonlSink(out)) {
            return GraphExport.export(g, sink, options);
        }
    }
}
