package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.Units;
import dev.heapwise.microej.analysis.ReferencedInstances;
import dev.heapwise.microej.analysis.Selection;
import dev.heapwise.microej.analysis.TypeTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "types", description = "Heap Viewer outline: every type with its instances, their size and the "
        + "instances they reference, optionally only instances created in a time window, by a thread or by a method.")
final class TypesCommand implements Callable<Integer> {
    enum Sort { instances, size, referenced, name }

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

    @Option(names = "--contains", paramLabel = "TEXT", description = "Only types whose name contains TEXT (ignoring case).")
    String contains;

    @Option(names = "--no-referenced", description = "Do not count referenced instances (a pass over every reference; "
            + "seconds on millions of objects).")
    boolean noReferenced;

    @Option(names = "--sort", description = "instances, size, referenced or name (default: ${DEFAULT-VALUE}).")
    Sort sort = Sort.instances;

    @Option(names = "--top", paramLabel = "N", description = "Show only the first N types.")
    int top = Integer.MAX_VALUE;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = open.open(dump)) {
            Selection sel = Cli.selection(g, dump, from, to, thread, method, null);
            String notCounted = null;
            ReferencedInstances referenced = null;
            long needed = ReferencedInstances.workingBytes(g.objectCount(), g.outRefsBefore(g.objectCount()));
            if (noReferenced) {
                notCounted = "not counted (--no-referenced)";
            } else if (needed > availableHeap()) {
                notCounted = "not counted: it needs about " + Units.bytes(needed) + " of Java heap"
                        + " (HEAPWISE_JAVA_OPTS='-Xmx...' gives more)";
            } else {
                referenced = ReferencedInstances.count(g);
                if (!referenced.complete()) {
                    notCounted = "? for the types with an instance among " + Units.count(referenced.uncountedComponents())
                            + " groups of instances too interlinked to count in reasonable time";
                }
            }
            TypeTable.Result r = TypeTable.compute(g, sel, all, referenced);
            List<TypeTable.Row> rows = new ArrayList<>(r.rows());
            if (contains != null) {
                String text = contains.toLowerCase(Locale.ROOT);
                rows.removeIf(row -> !row.name().toLowerCase(Locale.ROOT).contains(text));
            }
            int matching = rows.size();
            if (sort == Sort.size) {
                rows.sort(Comparator.comparingLong(TypeTable.Row::size).reversed().thenComparing(TypeTable.Row::name));
            } else if (sort == Sort.referenced) {
                rows.sort(Comparator.comparingLong(TypeTable.Row::referencedInstances).reversed()
                        .thenComparing(TypeTable.Row::name));
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
                if (contains != null) {
                    o.put("contains", contains);
                    o.put("matchingTypes", matching);
                }
                o.put("referencedInstancesComplete", notCounted == null);
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
                    if (row.referencedInstances() >= 0) {
                        x.put("referencedInstances", row.referencedInstances());
                    } else {
                        x.putNull("referencedInstances");
                    }
                }
                Json.print(System.out, o);
                return 0;
            }
            System.out.printf("%s types - %s instances - %s bytes (%s)%n", Units.count(r.types()), Units.count(r.instances()),
                    Units.count(r.size()), sel.isAll() ? "from first to last time stamp" : sel.describe());
            if (contains != null) {
                System.out.printf("type filter: contains \"%s\" (%s types)%n", contains, Units.count(matching));
            }
            System.out.printf("%12s %14s %14s  %s%n", "instances", "size", "referenced", "type");
            for (TypeTable.Row row : rows) {
                System.out.printf("%12s %14s %14s  %s%n", Units.count(row.instances()), Units.count(row.size()),
                        row.referencedInstances() >= 0 ? Units.count(row.referencedInstances()) : "?", row.name());
            }
            if (notCounted != null) {
                System.out.println("referenced instances: " + notCounted);
            }
            return 0;
        }
    }

    /** Java heap this JVM can still take. */
    private static long availableHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
    }
}
