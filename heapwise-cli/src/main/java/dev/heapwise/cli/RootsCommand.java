package dev.heapwise.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.Units;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "roots", description = "GC roots grouped by kind.")
final class RootsCommand implements Callable<Integer> {
    @Mixin
    DumpOptions dump;

    @Option(names = "--limit", paramLabel = "N", description = "At most N roots listed per kind (default: ${DEFAULT-VALUE}).")
    int limit = 20;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = dump.open()) {
            Map<RootKind, List<GcRoot>> byKind = new EnumMap<>(RootKind.class);
            for (GcRoot r : g.roots()) {
                byKind.computeIfAbsent(r.kind(), k -> new ArrayList<>()).add(r);
            }
            Map<Integer, String> threadNames = new HashMap<>();
            for (HeapThread t : g.threads()) {
                threadNames.put(t.serial(), t.name());
            }
            if (json) {
                ObjectNode o = Json.object();
                o.put("total", g.rootCount());
                ArrayNode kinds = o.putArray("roots");
                byKind.forEach((kind, list) -> {
                    ObjectNode k = kinds.addObject();
                    k.put("kind", kind.name());
                    k.put("label", kind.label());
                    k.put("count", list.size());
                    ArrayNode objs = k.putArray("objects");
                    for (GcRoot r : list.subList(0, Math.min(limit, list.size()))) {
                        ObjectNode n = Describe.json(g, r.object());
                        if (r.threadSerial() >= 0) {
                            n.put("threadSerial", r.threadSerial());
                            n.put("thread", threadNames.getOrDefault(r.threadSerial(), ""));
                        }
                        if (r.frame() >= 0) {
                            n.put("frame", r.frame());
                        }
                        objs.add(n);
                    }
                });
                Json.print(System.out, o);
                return 0;
            }
            System.out.printf("%s GC roots%n", Units.count(g.rootCount()));
            byKind.forEach((kind, list) -> {
                System.out.printf("%n%s (%s)%n", kind.label(), Units.count(list.size()));
                for (GcRoot r : list.subList(0, Math.min(limit, list.size()))) {
                    String where = r.threadSerial() < 0 ? ""
                            : "  [thread " + threadNames.getOrDefault(r.threadSerial(), "#" + r.threadSerial())
                                    + (r.frame() >= 0 ? ", frame " + r.frame() : "") + "]";
                    System.out.printf("  %s%s%n", Describe.brief(g, r.object()), where);
                }
                if (list.size() > limit) {
                    System.out.printf("  ... %s more (--limit)%n", Units.count(list.size() - limit));
                }
            });
            return 0;
        }
    }
}
