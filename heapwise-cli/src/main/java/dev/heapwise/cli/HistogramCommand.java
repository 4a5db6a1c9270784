package dev.heapwise.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "histogram", description = "Objects per class: count and shallow size, like jmap -histo.")
final class HistogramCommand implements Callable<Integer> {
    enum Sort { count, shallow }

    @Mixin
    DumpOptions dump;

    @Option(names = "--top", paramLabel = "N", description = "Show only the first N classes.")
    int top = Integer.MAX_VALUE;

    @Option(names = "--sort", description = "count or shallow (default: ${DEFAULT-VALUE}).")
    Sort sort = Sort.shallow;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = dump.open()) {
            List<HeapClass> rows = new ArrayList<>();
            for (HeapClass c : g.classes()) {
                if (c.instanceCount() > 0) {
                    rows.add(c);
                }
            }
            Comparator<HeapClass> order = sort == Sort.count
                    ? Comparator.comparingLong(HeapClass::instanceCount).reversed()
                    : Comparator.comparingLong(HeapClass::shallowSizeOfInstances).reversed();
            rows.sort(order.thenComparing(HeapClass::name).thenComparingInt(HeapClass::index));
            long totalObjects = g.objectCount();
            long totalShallow = g.info().totalShallowSize();
            List<HeapClass> shown = rows.subList(0, Math.min(rows.size(), Math.max(0, top)));
            if (json) {
                ObjectNode o = Json.object();
                ArrayNode classes = o.putArray("classes");
                for (HeapClass c : shown) {
                    ObjectNode r = classes.addObject();
                    r.put("name", c.name());
                    r.put("count", c.instanceCount());
                    r.put("shallowSize", c.shallowSizeOfInstances());
                    r.put("classId", Ids.hex(c.classObjectId()));
                }
                o.put("totalObjects", totalObjects);
                o.put("totalShallowSize", totalShallow);
                Json.print(System.out, o);
                return 0;
            }
            System.out.printf("%5s %14s %16s  %s%n", "#", "objects", "shallow bytes", "class");
            int i = 0;
            for (HeapClass c : shown) {
                System.out.printf("%5d %14s %16s  %s%n", ++i, Text.count(c.instanceCount()),
                        Text.count(c.shallowSizeOfInstances()), c.name());
            }
            System.out.printf("%5s %14s %16s  (%s classes with objects)%n", "total", Text.count(totalObjects),
                    Text.count(totalShallow), Text.count(rows.size()));
            return 0;
        }
    }
}
