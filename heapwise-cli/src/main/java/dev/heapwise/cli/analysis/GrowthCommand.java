package dev.heapwise.cli.analysis;

import dev.heapwise.analysis.compare.GrowthReport;
import dev.heapwise.analysis.compare.HeapGrowth;
import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.Units;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "growth", description = {
        "Heap growth over successive dumps of one program, after Shark's heap-growth detection.",
        "The classes, and the places in the object graph, that hold more objects in every dump than in the one",
        "before, biggest growth first; each place shown as the field that holds the growing objects."})
public final class GrowthCommand implements Callable<Integer> {
    /** Growing classes listed in the text. */
    private static final int SHOWN = 30;

    @Parameters(paramLabel = "DUMP", arity = "2..*", description = "Two or more dumps, oldest first.")
    List<Path> dumps = new ArrayList<>();

    @Mixin
    DumpSeries series;

    @Option(names = "--all", description = "List the classes that did not grow in every step too.")
    boolean all;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (dumps.size() < 2) {
            throw new BadInputException("growth needs at least two dumps");
        }
        try (DumpSeries.Opened o = series.open(dumps)) {
            GrowthReport r = HeapGrowth.analyze(o.graphs, o.trees, all);
            for (String w : r.warnings()) { // not silenced by --quiet, which silences the progress line only
                System.err.println("heapwise: warning: " + w + " (dumps numbered in the order given)");
            }
            if (json) {
                var node = Json.object();
                node.putPOJO("files", dumps.stream().map(Path::toString).toList());
                node.setAll((com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.valueToTree(r));
                Json.print(System.out, node);
            } else {
                text(System.out, r);
            }
            return 0;
        }
    }

    private static String series(List<Long> values) {
        return values.stream().map(Units::count).collect(Collectors.joining(" → "));
    }

    private static void text(PrintStream out, GrowthReport r) {
        out.printf("%d dumps; growing in every step: %d classes, %d places%n", r.dumps(), r.classes().size(),
                r.paths().size());
        if (!r.classes().isEmpty()) {
            out.printf("%nclasses (instances), biggest growth in retained bytes first:%n");
            for (GrowthReport.GrowingClass c : r.classes().stream().limit(SHOWN).toList()) {
                out.printf("  %-60s %s%n", c.className(), series(c.counts()));
            }
            if (r.classes().size() > SHOWN) {
                out.printf("  … %d more (--json lists them all)%n", r.classes().size() - SHOWN);
            }
        }
        if (!r.otherClasses().isEmpty()) {
            out.printf("%nclasses that did not grow in every step (instances), biggest change first:%n");
            for (GrowthReport.GrowingClass c : r.otherClasses().stream().limit(SHOWN).toList()) {
                out.printf("  %-60s %s%n", c.className(), series(c.counts()));
            }
            if (r.otherClasses().size() > SHOWN) {
                out.printf("  … %d more (--json lists them all)%n", r.otherClasses().size() - SHOWN);
            }
        }
        for (GrowthReport.GrowingPath p : r.paths()) {
            out.printf("%n%s: %s, held by%n", p.className(), series(p.counts()));
            for (int i = 0; i < p.steps().size(); i++) {
                GrowthReport.Step s = p.steps().get(i);
                String ref = s.reference() == null ? "" : (s.reference().startsWith("[") ? "" : ".") + s.reference() + " → ";
                out.printf("  %s%s%s%n", "  ".repeat(i), ref, s.className());
            }
        }
    }
}
