package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.Json;
import dev.heapwise.cli.OpenOptions;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.microej.analysis.Browser;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The Instance Browser's two modes share their options and printing; they differ in how a node expands. */
abstract class BrowserCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DUMP")
    Path dump;

    @Parameters(index = "1", paramLabel = "ID", description = "The object: #98, 98 or 0x62.")
    String id;

    @Mixin
    OpenOptions open;

    @Option(names = "--depth", description = "Levels to expand (default: ${DEFAULT-VALUE}).")
    int depth = 3;

    @Option(names = "--max", paramLabel = "N", description = "At most N children per node (default: ${DEFAULT-VALUE}).")
    int max = 50;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    abstract Browser.Node tree(HeapGraph g, int object, int depth, int max);

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = open.open(dump)) {
            int o = Cli.object(g, dump, id);
            Browser.Node tree = tree(g, o, Math.max(1, depth), Math.max(1, max));
            if (json) {
                ObjectNode doc = Json.object();
                doc.put("dump", dump.toString());
                doc.put("depth", depth);
                doc.set("tree", TreePrinter.json(tree));
                Json.print(System.out, doc);
            } else {
                TreePrinter.text(System.out, tree, 0);
            }
            return 0;
        }
    }
}
