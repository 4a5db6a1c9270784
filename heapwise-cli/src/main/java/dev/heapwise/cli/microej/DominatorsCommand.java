package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Units;
import dev.heapwise.microej.analysis.AnalysisDominators;
import dev.heapwise.microej.analysis.DominatorView;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "dominators", description = "Dominator Tree: the instance hierarchy holding the most instances (or bytes), "
        + "its tree, and its top consumers grouped by type, thread or method.")
final class DominatorsCommand implements Callable<Integer> {
    enum By { count, size }

    enum Group { type, thread, method }

    @Parameters(index = "0", paramLabel = "DUMP")
    Path dump;

    @Mixin
    dev.heapwise.cli.OpenOptions open;

    @Option(names = "--by", description = "count (instances) or size (bytes) (default: ${DEFAULT-VALUE}).")
    By by = By.count;

    @Option(names = "--group", description = "Group the consumers by type, thread or method (default: ${DEFAULT-VALUE}).")
    Group group = Group.type;

    @Option(names = "--root", paramLabel = "ID", description = "Show the tree under this object instead of the biggest.")
    String root;

    @Option(names = "--depth", description = "Tree levels to show (default: ${DEFAULT-VALUE}).")
    int depth = 2;

    @Option(names = "--width", description = "Children per node to show (default: ${DEFAULT-VALUE}).")
    int width = 10;

    @Option(names = "--top", paramLabel = "N", description = "Top-level trees and consumer groups to list (default: ${DEFAULT-VALUE}).")
    int top = 10;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = open.open(dump); AnalysisDominators d = AnalysisDominators.of(g)) {
            DominatorView.Metric metric = by == By.count ? DominatorView.Metric.COUNT : DominatorView.Metric.SIZE;
            DominatorView v = new DominatorView(g, d);
            int start = root != null ? Cli.object(g, dump, root) : v.biggest(metric);
            if (start < 0) {
                throw new dev.heapwise.cli.BadInputException(dump + ": the heap is empty");
            }
            DominatorView.Node tree = v.tree(start, metric, Math.max(0, depth), Math.max(1, width));
            var groups = v.consumers(start, DominatorView.GroupBy.valueOf(group.name().toUpperCase(java.util.Locale.ROOT)),
                    metric);
            var tops = v.tops(metric, Math.max(1, top));
            if (json) {
                ObjectNode o = Json.object();
                o.put("dump", dump.toString());
                o.put("by", by.name());
                ArrayNode t = o.putArray("topTrees");
                for (DominatorView.Node n : tops) {
                    t.add(node(n));
                }
                o.set("tree", node(tree));
                o.put("groupedBy", group.name());
                ArrayNode gs = o.putArray("consumers");
                groups.stream().limit(Math.max(1, top)).forEach(x -> {
                    ObjectNode y = gs.addObject();
                    y.put("key", x.key());
                    y.put("instances", x.instances());
                    y.put("size", x.size());
                });
                Json.print(System.out, o);
                return 0;
            }
            System.out.printf("Dominator tree: instance hierarchy that contains the greatest %s%n",
                    by == By.count ? "number of instances" : "number of bytes");
            System.out.printf("%-16s %-44s %10s %12s %14s%n", "instance", "type", "shallow", "referenced", "retained bytes");
            print(tree, 0);
            System.out.printf("%nDominator tree instances grouped by %s%n", group);
            System.out.printf("  %-60s %12s %14s%n", "top consumers", "instances", "bytes");
            groups.stream().limit(Math.max(1, top)).forEach(x -> System.out.printf("  %-60s %12s %14s%n",
                    Cli.fit(x.key(), 60), Units.count(x.instances()), Units.count(x.size())));
            System.out.printf("%nBiggest top-level trees%n");
            for (DominatorView.Node n : tops) {
                System.out.printf("  %-16s %-44s %12s instances %14s bytes%n", n.id(), Cli.fit(n.type(), 44),
                        Units.count(n.instances()), Units.count(n.retainedSize()));
            }
            return 0;
        }
    }

    private static void print(DominatorView.Node n, int depth) {
        System.out.printf("%-16s %-44s %10s %12s %14s%n", "  ".repeat(depth) + n.id(),
                Cli.fit(n.type(), 44), Units.count(n.shallowInstances()), Units.count(n.referencedInstances()),
                Units.count(n.retainedSize()));
        for (DominatorView.Node c : n.children()) {
            print(c, depth + 1);
        }
    }

    private static ObjectNode node(DominatorView.Node n) {
        ObjectNode o = Json.object();
        o.put("id", n.id());
        o.put("type", n.type());
        o.put("shallowInstances", n.shallowInstances());
        o.put("referencedInstances", n.referencedInstances());
        o.put("instances", n.instances());
        o.put("retainedSize", n.retainedSize());
        if (!n.children().isEmpty()) {
            ArrayNode a = o.putArray("children");
            for (DominatorView.Node c : n.children()) {
                a.add(node(c));
            }
        }
        return o;
    }
}
