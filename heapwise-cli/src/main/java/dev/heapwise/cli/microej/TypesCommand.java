package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.Units;
import dev.heapwise.microej.analysis.Selection;
import dev.heapwise.microej.analysis.TypeTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "types", description = "Heap Viewer outline: every type with its instances and their size, "
        + "optionally only instances created in a time window, by a thread or by a method.")
final class TypesCommand implements Callable<Integer> {
    enum Sort { instances, size, name }

    @Parameters(index = "0", paramLabel = "DUMP")
    Path dump;

    @Mixin
    dev.heapwise.cli.OpenOptions open;

    @Option(names = "--from", paramLabel = "T", description = "Only instances created at or after T.")
    Long from;

    @Option(names = "--to", paramLabel = "T", description = "Only instances created at or before T.")
    Long to;

    @Option(names = "--thread", description = "Only instances created by this thread.")
    String thread;

    @Option(names = "--method", description = "Only instances created by this method.")
    String method;

    @Option(names = "--all", description = "List types without (selected) instances too.")
    boolean all;

    @Option(names = "--sort", description = "instances, size or name (default: ${DEFAULT-VALUE}).")
    Sort sort = Sort.instances;

    @Option(names = "--top", paramLabel = "N", description = "Show only the first N types.")
    int top = Integer.MAX_VALUE;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = open.open(dump)) {
            Selection sel = Cli.selection(g, dump, from, to, thread, method, null);
            TypeTable.Result r = TypeTable.compute(g, sel, all);
            List<TypeTable.Row> rows = new ArrayList<>(r.rows());
            if (sort == Sort.size) {
                rows.sort(Comparator.comparingLong(TypeTable.Row::size).reversed().thenComparing(TypeTable.Row::name));
            } else if (sort == Sort.name) {
                rows.sort(Comparator.comparing(TypeTable.Row::name));
            }
            rows = rows.subList(0, Math.min(rows.size(), Math.max(0, top)));
            if (json) {
                ObjectNode o = Json.object();
                o.put("dump", dump.toString());
                o.put("selection", sel.describe());
                o.put("types", r.types());
                o.put("instances", r.instances());
                o.put("size", r.size());
                ArrayNode a = o.putArray("rows");
                for (TypeTable.Row row : rows) {
                    ObjectNode x = a.addObject();
                    x.put("type", row.name());
                    long classId = g.heapClass(row.classIndex()).classObjectId();
                    if (classId != 0) {
                        x.put("classId", Ids.hex(classId));
                    }
                    x.put("instances", row.instances());
                    x.put("size", row.size());
                }
                Json.print(System.out, o);
                return 0;
            }
            System.out.printf("%s types - %s instances - %s bytes (%s)%n", Units.count(r.types()), Units.count(r.instances()),
                    Units.count(r.size()), sel.isAll() ? "from first to last time stamp" : sel.describe());
            System.out.printf("%12s %14s  %s%n", "instances", "size", "type");
            for (TypeTable.Row row : rows) {
                System.out.printf("%12s %14s  %s%n", Units.count(row.instances()), Units.count(row.size()), row.name());
            }
            return 0;
        }
    }
}
