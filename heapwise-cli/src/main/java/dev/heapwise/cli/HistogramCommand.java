package dev.heapwise.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.cli.analysis.Trees;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.Units;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "histogram", description = {"Objects per class: count and shallow size, like jmap -histo.",
        "--json and --sort retained add each class's retained size (from the dominator tree, computed once per dump)."})
final class HistogramCommand implements Callable<Integer> {
    enum Sort { count, shallow, retained }

    @Mixin
    DumpOptions dump;

    @Option(names = "--top", paramLabel = "N", description = "Show only the first N classes.")
    int top = Integer.MAX_VALUE;

    @Option(names = "--sort", description = "count, shallow or retained (default: ${DEFAULT-VALUE}).")
    Sort sort = Sort.shallow;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = dump.open();
                DominatorTree tree = json || sort == Sort.retained ? Trees.open(g, false, dump.quiet) : null) {
            List<HeapClass> rows = new ArrayList<>();
            for (HeapClass c : g.classes()) {
                if (c.instanceCount() > 0) {
                    rows.add(c);
                }
            }
            Comparator<HeapClass> order = switch (sort) {
                case count -> Comparator.comparingLong(HeapClass::instanceCount).reversed();
                case shallow -> Comparator.comparingLong(HeapClass::shallowSizeOfInstances).reversed();
                case retained -> Comparator.comparingLong((HeapClass c) -> tree.classRetainedSize(c.index())).reversed();
            };
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
                    r.put("retainedSize", tree.classRetainedSize(c.index()));
                    if (tree.unreachableCount(c.index()) > 0) { // in count and shallowSize, not in retainedSize
                        r.put("unreachableCount", tree.unreachableCount(c.index()));
                        r.put("unreachableShallowSize", tree.unreachableShallowSize(c.index()));
                    }
                }
                o.put("totalObjects", totalObjects);
                o.put("totalShallowSize", totalShallow);
                Json.print(System.out, o);
                return 0;
            }
            if (tree != null) {
                System.out.printf("%5s %14s %16s %16s  %s%n", "#", "objects", "shallow bytes", "retained bytes", "class");
                int i = 0;
                for (HeapClass c : shown) {
                    System.out.printf("%5d %14s %16s %16s  %s%n", ++i, Units.count(c.instanceCount()),
                            Units.count(c.shallowSizeOfInstances()), Units.count(tree.classRetainedSize(c.index())), c.name());
                }
                System.out.printf("%5s %14s %16s  (%s classes with objects)%n", "total", Units.count(totalObjects),
                        Units.count(totalShallow), Units.count(rows.size()));
                if (tree.unreachableTotalCount() > 0) {
                    System.out.printf("objects and shallow bytes include %s unreachable objects (%s bytes), which no"
                            + " retained size includes; the report's histogram leaves them out%n",
                            Units.count(tree.unreachableTotalCount()), Units.count(tree.unreachableTotalSize()));
                }
                return 0;
            }
            System.out.printf("%5s %14s %16s  %s%n", "#", "objects", "shallow bytes", "class");
            int i = 0;
            for (HeapClass c : shown) {
                System.out.printf("%5d %14s %16s  %s%n", ++i, Units.count(c.instanceCount()),
                        Units.count(c.shallowSizeOfInstances()), c.name());
            }
            System.out.printf("%5s %14s %16s  (%s classes with objects)%n", "total", Units.count(totalObjects),
                    Units.count(totalShallow), Units.count(rows.size()));
            return 0;
        }
    }
}
