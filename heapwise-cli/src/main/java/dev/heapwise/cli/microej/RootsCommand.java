package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.Units;
import dev.heapwise.microej.MicroEj;
import dev.heapwise.microej.MicroEjAttributes;
import dev.heapwise.microej.analysis.Browser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "roots", description = "The GC roots by kind. MicroEJ dumps record none: class statics are roots, and "
        + "every object they do not reach is a root of kind \"unknown/held outside the dump\".")
final class RootsCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DUMP")
    Path dump;

    @Mixin
    dev.heapwise.cli.OpenOptions open;

    @Option(names = "--top", paramLabel = "N", description = "List at most N roots per kind (default: ${DEFAULT-VALUE}).")
    int top = 20;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = open.open(dump)) {
            MicroEjAttributes a = new MicroEjAttributes(g);
            Map<RootKind, List<Integer>> byKind = new EnumMap<>(RootKind.class);
            for (GcRoot r : g.roots()) {
                byKind.computeIfAbsent(r.kind(), k -> new ArrayList<>()).add(r.object());
            }
            boolean synthesized = MicroEj.FORMAT.equals(g.info().format());
            String note = synthesized ? "MicroEJ dumps record no GC roots: class statics are roots, and each object "
                    + "they do not reach was held by something the dump does not show (a thread, native code)" : null;
            if (json) {
                ObjectNode o = Json.object();
                o.put("dump", dump.toString());
                o.put("roots", g.rootCount());
                o.put("synthesized", synthesized);
                if (note != null) {
                    o.put("note", note);
                }
                ArrayNode kinds = o.putArray("kinds");
                byKind.forEach((k, list) -> {
                    ObjectNode x = kinds.addObject();
                    x.put("kind", k.name());
                    x.put("label", k.label());
                    x.put("count", list.size());
                    ArrayNode objects = x.putArray("objects");
                    list.stream().limit(Math.max(0, top)).forEach(obj -> {
                        ObjectNode r = objects.addObject();
                        r.put("id", a.label(obj));
                        r.put("type", Browser.className(g, obj));
                        r.put("size", g.shallowSize(obj));
                    });
                });
                Json.print(System.out, o);
                return 0;
            }
            System.out.printf("%s GC roots%n", Units.count(g.rootCount()));
            if (note != null) {
                System.out.println(note + ".");
            }
            byKind.forEach((k, list) -> {
                System.out.printf("%n%s: %s%n", k.label(), Units.count(list.size()));
                list.stream().limit(Math.max(0, top)).forEach(obj -> System.out.printf("  %-14s %8s  %s%n",
                        a.label(obj), Units.count(g.shallowSize(obj)), Browser.className(g, obj)));
                if (list.size() > top) {
                    System.out.printf("  ... and %s more%n", Units.count(list.size() - top));
                }
            });
            return 0;
        }
    }
}
