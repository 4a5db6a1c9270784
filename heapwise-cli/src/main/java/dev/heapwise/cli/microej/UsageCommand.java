package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Units;
import dev.heapwise.microej.analysis.HeapUsage;
import dev.heapwise.microej.analysis.Selection;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "usage", description = "Heap Usage: instances created per time period, from the first to the last "
        + "creation stamp (or in --from/--to), for the whole heap and for each --type, --thread and --method given.")
final class UsageCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DUMP")
    Path dump;

    @Mixin
    dev.heapwise.cli.OpenOptions open;

    @Option(names = "--periods", description = "Periods to cut the time span into (default: ${DEFAULT-VALUE}).")
    int periods = 10;

    @Option(names = "--from", paramLabel = "T", description = "Start of the time window.")
    Long from;

    @Option(names = "--to", paramLabel = "T", description = "End of the time window (inclusive).")
    Long to;

    @Option(names = "--type", description = "A chart of the instances of this type (repeatable).")
    List<String> types = new ArrayList<>();

    @Option(names = "--thread", description = "A chart of the instances this thread created (repeatable).")
    List<String> threads = new ArrayList<>();

    @Option(names = "--method", description = "A chart of the instances this method created (repeatable).")
    List<String> methods = new ArrayList<>();

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = open.open(dump)) {
            Cli.requireTimes(g, dump);
            List<Selection> charts = new ArrayList<>();
            for (String t : types) {
                charts.add(Cli.selection(g, dump, null, null, null, null, t));
            }
            for (String t : threads) {
                charts.add(new Selection(null, null, t, null, null));
            }
            for (String m : methods) {
                charts.add(new Selection(null, null, null, m, null));
            }
            Cli.checkWindow(from, to);
            HeapUsage.Result r = HeapUsage.compute(g, new Selection(from, to, null, null, null), charts, periods);
            if (json) {
                ObjectNode o = Json.object();
                o.put("dump", dump.toString());
                o.put("first", r.first());
                o.put("last", r.last());
                o.put("instances", r.total());
                o.put("undated", r.undated());
                Cli.longs(o, "periodStarts", r.periodStarts());
                ArrayNode a = o.putArray("charts");
                for (HeapUsage.Chart c : r.charts()) {
                    ObjectNode x = a.addObject();
                    x.put("title", c.title());
                    x.put("instances", c.instances());
                    Cli.longs(x, "counts", c.counts());
                }
                Json.print(System.out, o);
                return 0;
            }
            System.out.printf("Instance creation over time, stamps %d to %d%s%n", r.first(), r.last(),
                    r.undated() > 0 ? " (" + Units.count(r.undated()) + " instances have no stamp)" : "");
            long[] starts = r.periodStarts();
            for (HeapUsage.Chart c : r.charts()) {
                System.out.printf("%n%s%nHeap usage: %s/%s instance(s)%n", c.title(), Units.count(c.instances()),
                        Units.count(r.total()));
                long max = 1;
                for (long v : c.counts()) {
                    max = Math.max(max, v);
                }
                for (int i = 0; i < starts.length; i++) {
                    long end = i + 1 < starts.length ? starts[i + 1] - 1 : r.last();
                    int bar = (int) Math.round(40.0 * c.counts()[i] / max);
                    System.out.printf("  %10d..%-10d %8s %s%n", starts[i], end, Units.count(c.counts()[i]), "#".repeat(bar));
                }
            }
            return 0;
        }
    }
}
