package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Units;
import dev.heapwise.microej.analysis.Instances;
import dev.heapwise.microej.analysis.Selection;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "instances", description = "Heap Viewer: the instances of a type with id, size, creation time, "
        + "creating thread and method, and how many objects refer to each.")
final class InstancesCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DUMP")
    Path dump;

    @Parameters(index = "1", paramLabel = "TYPE", description = "com.x.Y, com/x/Y, Lcom/x/Y;, int[], or a unique simple name.")
    String type;

    @Mixin
    dev.heapwise.cli.OpenOptions open;

    @Option(names = "--from", paramLabel = "T")
    Long from;

    @Option(names = "--to", paramLabel = "T")
    Long to;

    @Option(names = "--thread")
    String thread;

    @Option(names = "--method")
    String method;

    @Option(names = "--top", paramLabel = "N", description = "List at most N instances (default: ${DEFAULT-VALUE}).")
    int top = 1000;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = open.open(dump)) {
            Selection sel = Cli.selection(g, dump, from, to, thread, method, type);
            Instances.Result r = Instances.list(g, sel, Math.max(0, top));
            if (json) {
                ObjectNode o = Json.object();
                o.put("dump", dump.toString());
                o.put("type", sel.type());
                o.put("selection", sel.describe());
                o.put("instances", r.total());
                ArrayNode a = o.putArray("rows");
                for (Instances.Row row : r.rows()) {
                    ObjectNode x = a.addObject();
                    x.put("id", row.id());
                    x.put("objectId", Long.toUnsignedString(g.id(row.object())));
                    x.put("size", row.size());
                    Cli.putTime(x, "createdAt", row.createdAt());
                    x.put("createdInThread", row.thread());
                    x.put("createdInMethod", row.method());
                    x.put("referrers", row.referrers());
                }
                Json.print(System.out, o);
                return 0;
            }
            System.out.printf("%s: %s instances (%s)%n", sel.type(), Units.count(r.total()), sel.describe());
            System.out.printf("%-14s %8s %10s %9s  %-16s %s%n", "id", "size", "created", "referrers", "thread", "method");
            for (Instances.Row row : r.rows()) {
                System.out.printf("%-14s %8s %10s %9s  %-16s %s%n", row.id(), Units.count(row.size()),
                        Cli.time(row.createdAt()), Units.count(row.referrers()), Cli.fit(Cli.orDash(row.thread()), 16),
                        Cli.orDash(row.method()));
            }
            if (r.total() > r.rows().size()) {
                System.out.printf("... and %s more (--top)%n", Units.count(r.total() - r.rows().size()));
            }
            return 0;
        }
    }
}
