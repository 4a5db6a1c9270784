package dev.heapwise.cli.analysis;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.paths.GcPath;
import dev.heapwise.analysis.suspects.LeakSuspects;
import dev.heapwise.analysis.suspects.Suspect;
import dev.heapwise.analysis.threads.ThreadRetention;
import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.DumpOptions;
import dev.heapwise.cli.Json;
import dev.heapwise.cli.ProgressBar;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.Units;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "suspects", description = {
        "Leak suspects in the manner of MAT: objects, or classes' top-level instances, retaining a big share of the heap,",
        "and threads whose local variables do. A suspect retains at least --threshold of the heap; each comes with where",
        "the memory accumulates and the path to it. The thread that threw an OutOfMemoryError is named."})
public final class SuspectsCommand implements Callable<Integer> {
    @Mixin
    DumpOptions dump;

    @Option(names = "--threshold", paramLabel = "PERCENT", description = "Share of the heap a suspect retains at least (default: ${DEFAULT-VALUE}).")
    double threshold = 10;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (!(threshold > 0 && threshold <= 100)) {
            throw new BadInputException("--threshold must be a percentage above 0 and at most 100, not " + threshold);
        }
        try (HeapGraph g = dump.open(); DominatorTree tree = Trees.open(g, false, dump.quiet, false)) {
            List<Suspect> suspects = LeakSuspects.find(tree, threshold / 100, ProgressBar.forTerminal(dump.quiet));
            if (json) {
                Json.print(System.out, json(tree, suspects));
            } else {
                text(System.out, tree, suspects);
            }
            return 0;
        }
    }

    static ObjectNode json(DominatorTree tree, List<Suspect> suspects) {
        HeapGraph g = tree.graph();
        ObjectNode o = Json.object();
        o.put("reachableSize", tree.reachableSize());
        HeapThread oom = ThreadRetention.outOfMemoryErrorThread(g);
        if (oom != null) {
            ObjectNode t = o.putObject("outOfMemoryErrorThread");
            t.put("name", oom.name());
            t.put("serial", oom.serial());
            if (oom.objectIndex() >= 0) {
                t.put("id", Ids.hex(g.id(oom.objectIndex())));
            }
        }
        ArrayNode arr = o.putArray("suspects");
        for (Suspect s : suspects) {
            ObjectNode x = arr.addObject();
            x.put("description", s.description());
            x.put("className", s.className());
            x.put("retainedSize", s.retainedSize());
            x.put("percent", Math.round(s.fraction() * 10000) / 100.0);
            x.put("kind", s.kind());
            x.put("instances", s.instances());
            x.put("objectId", Ids.hex(g.id(s.object())));
            ObjectNode acc = x.putObject("accumulationPoint");
            acc.put("id", Ids.hex(g.id(s.accumulationPoint())));
            acc.put("className", s.accumulationClassName());
            acc.put("retainedSize", s.accumulationRetainedSize());
            if (s.path() != null) {
                ArrayNode steps = x.putArray("path");
                for (GcPath.Step st : s.path().steps()) {
                    steps.add(PathCommand.stepJson(st));
                }
            }
        }
        return o;
    }

    private static void text(PrintStream out, DominatorTree tree, List<Suspect> suspects) {
        out.printf("heap in the tree: %s; %d suspect%s%n", Units.bytes(tree.reachableSize()), suspects.size(),
                suspects.size() == 1 ? "" : "s");
        HeapThread oom = ThreadRetention.outOfMemoryErrorThread(tree.graph());
        if (oom != null) {
            out.printf("The OutOfMemoryError was thrown by thread \"%s\"%s.%n", oom.name(), oom.objectIndex() < 0 ? ""
                    : " (" + ObjectLabels.display(tree.graph(), oom.objectIndex()) + ")");
        }
        int i = 0;
        for (Suspect s : suspects) {
            out.printf("%nProblem suspect %d: %s (%s)%n", ++i, Units.bytes(s.retainedSize()), Units.percent(s.fraction()));
            out.println("  " + s.description());
            if (s.path() != null) {
                out.println("  Shortest path to the accumulation point:");
                for (int k = 0; k < s.path().steps().size(); k++) {
                    out.println("    " + "  ".repeat(k) + PathCommand.stepText(s.path().steps().get(k)));
                }
            } else { // the tree counts weak and soft references; paths by default do not follow them
                out.println("  No strong path to the accumulation point: it is reachable only through weak, soft,"
                        + " phantom or finalizer references (heapwise path DUMP "
                        + Ids.hex(tree.graph().id(s.accumulationPoint())) + " --include weak,soft,phantom,finalizer shows it).");
            }
        }
    }
}
