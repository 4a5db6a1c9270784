package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Units;
import dev.heapwise.microej.analysis.ProgressiveUsage;
import dev.heapwise.microej.analysis.Selection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "progressive", description = "Progressive Heap Usage: instance counts over a series of dumps (in the "
        + "order given) per type, thread or method, and the instances in the heap over time.")
final class ProgressiveCommand implements Callable<Integer> {
    enum By { type, thread, method }

    @Parameters(paramLabel = "DUMP", arity = "1..*", description = "The dumps, oldest first.")
    List<Path> dumps;

    @Mixin
    dev.heapwise.cli.OpenOptions open;

    @Option(names = "--by", description = "type, thread or method (default: ${DEFAULT-VALUE}).")
    By by = By.type;

    @Option(names = "--select", paramLabel = "KEY", description = "The type, thread or method (per --by) whose line to draw.")
    String select;

    @Option(names = "--top", paramLabel = "N", description = "Show the N keys with most instances in the last dump.")
    int top = 30;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        List<HeapGraph> graphs = new ArrayList<>();
        try {
            List<String> names = new ArrayList<>();
            for (Path d : dumps) {
                graphs.add(open.open(d));
                names.add(d.getFileName().toString());
            }
            Selection sel = Selection.ALL;
            if (select != null) {
                sel = switch (by) {
                    case type -> new Selection(null, null, null, null, Cli.type(graphs.getLast(), dumps.getLast(), select));
                    case thread -> new Selection(null, null, select, null, null);
                    case method -> new Selection(null, null, null, select, null);
                };
            }
            ProgressiveUsage.Result r = ProgressiveUsage.compute(graphs, names,
                    ProgressiveUsage.By.valueOf(by.name().toUpperCase(java.util.Locale.ROOT)), sel);
            List<ProgressiveUsage.Series> shown = r.series().subList(0, Math.min(r.series().size(), Math.max(0, top)));
            if (json) {
                ObjectNode o = Json.object();
                o.put("by", by.name());
                ArrayNode ds = o.putArray("dumps");
                for (ProgressiveUsage.Dump d : r.dumps()) {
                    ObjectNode x = ds.addObject();
                    x.put("name", d.name());
                    Cli.putTime(x, "lastCreated", d.lastCreated());
                    x.put("instances", d.instances());
                }
                ArrayNode ss = o.putArray("series");
                for (ProgressiveUsage.Series s : shown) {
                    ObjectNode x = ss.addObject();
                    x.put("key", s.key());
                    Cli.longs(x, "counts", s.counts());
                }
                points(o.putArray("total"), r.total());
                if (select != null) {
                    o.put("selection", sel.describe());
                    points(o.putArray("selected"), r.selected());
                }
                Json.print(System.out, o);
                return 0;
            }
            System.out.printf("Progressive heap usage by %s over %d dumps%n", by, r.dumps().size());
            // Dump names often differ only at the end (app-1.heap, app-2.heap): number the columns.
            for (int i = 0; i < r.dumps().size(); i++) {
                System.out.printf("  dump %d: %s%n", i + 1, r.dumps().get(i).name());
            }
            StringBuilder head = new StringBuilder(String.format("%-50s", by));
            for (int i = 0; i < r.dumps().size(); i++) {
                head.append(String.format(" %12s", "dump " + (i + 1)));
            }
            System.out.println(head);
            StringBuilder totals = new StringBuilder(String.format("%-50s", "(all instances)"));
            for (ProgressiveUsage.Dump d : r.dumps()) {
                totals.append(String.format(" %12s", Units.count(d.instances())));
            }
            System.out.println(totals);
            for (ProgressiveUsage.Series s : shown) {
                StringBuilder line = new StringBuilder(String.format("%-50s", Cli.fit(s.key(), 50)));
                for (long c : s.counts()) {
                    line.append(String.format(" %12s", Units.count(c)));
                }
                System.out.println(line);
            }
            printPoints("Instances in the heap", r, r.total());
            if (select != null) { // the chart's second line, as JSON's "selected"
                printPoints("Instances of " + sel.describe(), r, r.selected());
            }
            return 0;
        } finally {
            for (HeapGraph g : graphs) {
                g.close();
            }
        }
    }

    private static void printPoints(String what, ProgressiveUsage.Result r, List<ProgressiveUsage.Point> points) {
        System.out.printf("%n%s over time (creation stamp: instances)%n", what);
        for (ProgressiveUsage.Point p : thin(points, 40)) {
            System.out.printf("  %-12s %12s: %s%n", r.dumps().get(p.dump()).name(), Cli.time(p.time()),
                    Units.count(p.instances()));
        }
    }

    private static void points(ArrayNode a, List<ProgressiveUsage.Point> points) {
        for (ProgressiveUsage.Point p : points) {
            ObjectNode x = a.addObject();
            x.put("dump", p.dump());
            Cli.putTime(x, "time", p.time());
            x.put("instances", p.instances());
        }
    }

    /** At most about {@code n} points for text, always keeping each dump's last one. */
    private static List<ProgressiveUsage.Point> thin(List<ProgressiveUsage.Point> all, int n) {
        int step = Math.max(1, all.size() / n);
        List<ProgressiveUsage.Point> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            boolean lastOfDump = i + 1 == all.size() || all.get(i + 1).dump() != all.get(i).dump();
            if (i % step == 0 || lastOfDump) {
                out.add(all.get(i));
            }
        }
        return out;
    }
}
