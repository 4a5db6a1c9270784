package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Units;
import dev.heapwise.microej.analysis.AnalysisDominators;
import dev.heapwise.microej.analysis.LeakSuspects;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "leaks", description = "Leak Suspects: types with many instances created throughout the run, the "
        + "objects that accumulate them (holding them directly or dominating them), and the accumulated instances.")
final class LeaksCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DUMP")
    Path dump;

    @Mixin
    dev.heapwise.cli.OpenOptions open;

    @Option(names = "--min-instances", description = "A suspected type has at least this many instances (default: ${DEFAULT-VALUE}).")
    long minInstances = 10;

    @Option(names = "--periods", description = "Time periods for the creation spread (default: ${DEFAULT-VALUE}).")
    int periods = 10;

    @Option(names = "--min-spread", description = "Share of periods with creations a suspected type needs (default: ${DEFAULT-VALUE}).")
    double minSpread = 0.3;

    @Option(names = "--min-accumulated", description = "An accumulation point holds at least this many (default: ${DEFAULT-VALUE}).")
    long minAccumulated = 5;

    @Option(names = "--top", paramLabel = "N", description = "At most N suspected types (default: ${DEFAULT-VALUE}).")
    int top = 5;

    @Option(names = "--list", paramLabel = "N", description = "List at most N accumulated instances per point (default: ${DEFAULT-VALUE}).")
    int list = 20;

    @Option(names = "--no-dominators", description = "Find direct accumulation points only (no dominator tree).")
    boolean noDominators;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = open.open(dump)) {
            if (!(minSpread >= 0 && minSpread <= 1)) { // NaN fails too
                throw new BadInputException("--min-spread must be a share from 0 to 1, not " + minSpread);
            }
            LeakSuspects.Params p = new LeakSuspects.Params(periods, minInstances, minSpread, minAccumulated, top, list);
            LeakSuspects.Result r;
            try (AnalysisDominators d = noDominators ? null : AnalysisDominators.of(g)) {
                r = LeakSuspects.find(g, p, d);
            }
            if (json) {
                ObjectNode o = Json.object();
                o.put("dump", dump.toString());
                o.put("creationTimes", r.hasCreationTimes());
                ArrayNode types = o.putArray("suspectedTypes");
                for (LeakSuspects.SuspectedType t : r.types()) {
                    ObjectNode x = types.addObject();
                    x.put("type", t.type());
                    x.put("instances", t.instances());
                    x.put("size", t.size());
                    x.put("periodsWithCreations", t.periodsWithCreations());
                    x.put("periods", t.periods());
                    x.put("score", t.score());
                }
                ArrayNode points = o.putArray("accumulationPoints");
                for (LeakSuspects.AccumulationPoint a : r.points()) {
                    ObjectNode x = points.addObject();
                    x.put("suspectedType", a.type());
                    x.put("id", a.id());
                    x.put("type", a.pointType());
                    x.put("holds", Cli.lower(a.hold()));
                    x.put("accumulated", a.accumulated());
                    ArrayNode ids = x.putArray("instances");
                    a.instances().forEach(ids::add);
                }
                Json.print(System.out, o);
                return 0;
            }
            System.out.println("Types suspected" + (r.hasCreationTimes() ? "" : " (no creation times: by instances only)"));
            if (r.types().isEmpty()) {
                System.out.println("  none");
            }
            for (LeakSuspects.SuspectedType t : r.types()) {
                System.out.printf("  %-50s %s instances, %s bytes%s%n", t.type(), Units.count(t.instances()),
                        Units.count(t.size()), r.hasCreationTimes() ? ", created in " + t.periodsWithCreations() + " of "
                                + t.periods() + " periods" : "");
            }
            System.out.println("\nAccumulation points");
            if (r.points().isEmpty()) {
                System.out.println("  none");
            }
            for (LeakSuspects.AccumulationPoint a : r.points()) {
                System.out.printf("  %-14s %-40s %s %s instances of %s%n", a.id(), a.pointType(),
                        a.hold() == LeakSuspects.Hold.REFERENCES ? "references" : "dominates", Units.count(a.accumulated()),
                        a.type());
                System.out.printf("      accumulated: %s%s%n", String.join(" ", a.instances()),
                        a.accumulated() > a.instances().size() ? " ..." : "");
            }
            return 0;
        }
    }
}
