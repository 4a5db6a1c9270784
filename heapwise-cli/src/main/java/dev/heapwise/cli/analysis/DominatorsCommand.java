package dev.heapwise.cli.analysis;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.dominators.DominatorView;
import dev.heapwise.cli.CountOptions;
import dev.heapwise.cli.Describe;
import dev.heapwise.cli.DumpOptions;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.Units;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "dominators", description = {
        "The dominator tree: which objects keep the most memory alive (retained size), biggest first.",
        "Computed once per dump and kept with its index."})
public final class DominatorsCommand implements Callable<Integer> {
    @Mixin
    DumpOptions dump;

    @Option(names = "--top", paramLabel = "N", description = "Objects shown per level (default: ${DEFAULT-VALUE}).")
    int top = 25;

    @Option(names = "--depth", paramLabel = "D", description = "Levels shown, 1 to " + CountOptions.MAX_DEPTH
            + " (default: ${DEFAULT-VALUE}).")
    int depth = 1;

    @Option(names = "--root", paramLabel = "OBJECT", description = "Show the subtree under this object id (0x…).")
    String root;

    @Option(names = "--group-by", paramLabel = "KEY", description = "Group the level by class, package or classloader.")
    DominatorView.GroupBy groupBy;

    @Option(names = "--keep-unreachable", description = "Keep objects no GC root reaches, as pseudo-roots (MAT's option).")
    boolean keepUnreachable;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = dump.open(); DominatorTree t = Trees.open(g, keepUnreachable, dump.quiet, false)) {
            int parent = root == null ? DominatorTree.ROOT : Describe.object(g, root, dump.dump);
            int levels = depth;
            int shown = Math.max(0, top);
            if (json) {
                Json.print(System.out, json(g, t, parent, levels, shown));
            } else {
                text(System.out, g, t, parent, levels, shown);
            }
            return 0;
        }
    }

    private ObjectNode json(HeapGraph g, DominatorTree t, int parent, int levels, int shown) {
        ObjectNode o = Json.object();
        o.put("reachableObjects", t.reachableCount());
        o.put("reachableSize", t.reachableSize());
        if (parent != DominatorTree.ROOT) {
            o.set("root", nodeJson(DominatorView.node(t, parent, 0, 0)));
        }
        if (groupBy != null) {
            ArrayNode groups = o.putArray("groups");
            List<DominatorView.Group> all = DominatorView.groups(t, parent, groupBy);
            o.put("groupCount", all.size());
            for (DominatorView.Group gr : all.subList(0, Math.min(shown, all.size()))) {
                ObjectNode x = groups.addObject();
                x.put("name", gr.name());
                x.put("objects", gr.objects());
                x.put("shallowSize", gr.shallowSize());
                x.put("retainedSize", gr.retainedSize());
            }
        } else {
            ArrayNode objects = o.putArray("objects");
            for (DominatorView.Node n : DominatorView.top(t, parent, shown, levels)) {
                objects.add(nodeJson(n));
            }
        }
        ObjectNode un = o.putObject("unreachable");
        un.put("objects", t.unreachableTotalCount());
        un.put("shallowSize", t.unreachableTotalSize());
        ArrayNode byClass = un.putArray("classes");
        for (DominatorView.UnreachableClass c : DominatorView.unreachable(t)) {
            ObjectNode x = byClass.addObject();
            x.put("className", c.className());
            x.put("count", c.count());
            x.put("shallowSize", c.shallowSize());
        }
        return o;
    }

    private static ObjectNode nodeJson(DominatorView.Node n) {
        ObjectNode x = Json.object();
        x.put("id", Ids.hex(n.id()));
        x.put("className", n.className());
        x.put("kind", n.kind());
        x.put("shallowSize", n.shallowSize());
        x.put("retainedSize", n.retainedSize());
        x.put("childCount", n.childCount());
        if (!n.children().isEmpty()) {
            ArrayNode kids = x.putArray("children");
            for (DominatorView.Node c : n.children()) {
                kids.add(nodeJson(c));
            }
        }
        return x;
    }

    private void text(PrintStream out, HeapGraph g, DominatorTree t, int parent, int levels, int shown) {
        long total = Math.max(1, t.reachableSize());
        out.printf("dominator tree: %s objects, %s reachable%s%n", Units.count(t.reachableCount()),
                Units.bytes(t.reachableSize()), t.keepsUnreachable() ? " (unreachable objects kept as pseudo-roots)" : "");
        if (parent != DominatorTree.ROOT) {
            DominatorView.Node r = DominatorView.node(t, parent, 0, 0);
            out.printf("under %s: retained %s (%s), %s children%n", label(r), Units.bytes(r.retainedSize()),
                    Units.percent((double) r.retainedSize() / total), Units.count(r.childCount()));
        }
        if (groupBy != null) {
            out.printf("%12s %14s %14s %7s  %s%n", "objects", "shallow", "retained", "heap", groupBy.name().toLowerCase(Locale.ROOT));
            List<DominatorView.Group> all = DominatorView.groups(t, parent, groupBy);
            for (DominatorView.Group gr : all.subList(0, Math.min(shown, all.size()))) {
                out.printf("%12s %14s %14s %7s  %s%n", Units.count(gr.objects()), Units.bytes(gr.shallowSize()),
                        Units.bytes(gr.retainedSize()), Units.percent((double) gr.retainedSize() / total), gr.name());
            }
            if (all.size() > shown) {
                out.printf("  … %s more groups (--top shows more)%n", Units.count(all.size() - shown));
            }
        } else {
            out.printf("%14s %12s %7s  %s%n", "retained", "shallow", "heap", "object");
            List<DominatorView.Node> nodes = DominatorView.top(t, parent, shown, levels);
            if (nodes.isEmpty()) {
                out.println("  (nothing)");
            }
            for (DominatorView.Node n : nodes) {
                print(out, n, 0, total);
            }
        }
        if (t.unreachableTotalCount() > 0) {
            out.printf("left out: %s unreachable objects, %s (see --json for the classes; --keep-unreachable keeps them)%n",
                    Units.count(t.unreachableTotalCount()), Units.bytes(t.unreachableTotalSize()));
        }
    }

    private static void print(PrintStream out, DominatorView.Node n, int level, long total) {
        String more = n.childCount() > n.children().size() && n.childCount() > 0
                ? " (" + Units.count(n.childCount()) + " dominated)" : "";
        out.printf("%14s %12s %7s  %s%s%s%n", Units.bytes(n.retainedSize()), Units.bytes(n.shallowSize()),
                Units.percent((double) n.retainedSize() / total), "  ".repeat(level), label(n), more);
        for (DominatorView.Node c : n.children()) {
            print(out, c, level + 1, total);
        }
    }

    static String label(DominatorView.Node n) {
        return (n.kind().equals("class") ? "class " : "") + n.className() + " @ " + Ids.hex(n.id());
    }
}
