package dev.heapwise.cli.analysis;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.leaks.ClassNameFinder;
import dev.heapwise.analysis.leaks.Leak;
import dev.heapwise.analysis.leaks.LeakAnalyzer;
import dev.heapwise.analysis.leaks.LeakFinder;
import dev.heapwise.analysis.leaks.LeakReport;
import dev.heapwise.analysis.leaks.LeakTrace;
import dev.heapwise.analysis.leaks.LeakTraceFormat;
import dev.heapwise.analysis.leaks.SuspectsFinder;
import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.ClassSuggestions;
import dev.heapwise.cli.Describe;
import dev.heapwise.cli.DumpOptions;
import dev.heapwise.cli.Json;
import dev.heapwise.cli.ProgressBar;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "leaks", description = {
        "Leak traces in the manner of LeakCanary: the path from a GC root to each object that should be gone.",
        "Every node is labelled leaking or not, and traces are grouped by signature. Without --class, uses every finder",
        "that applies: LeakCanary's KeyedWeakReference, destroyed activities, detached views, orphan fragments; on a",
        "dump without Android's classes (a JVM's), also the leak suspects' accumulation points (see suspects)."})
public final class LeaksCommand implements Callable<Integer> {
    @Mixin
    DumpOptions dump;

    @Option(names = "--class", paramLabel = "NAME", description = "Instances of this class are leaking (* matches any characters). Repeatable.")
    List<String> classes = new ArrayList<>();

    @Option(names = "--matchers", paramLabel = "FILE", description = "More library-leak or ignored references, as JSON (see docs/analysis.md).")
    Path matchers;

    @Option(names = "--traces-per-leak", paramLabel = "N", description = "Traces kept per signature, the biggest; the rest"
            + " are counted (JSON: omittedTraces). Default: ${DEFAULT-VALUE}.")
    int tracesPerLeak = LeakAnalyzer.Options.TRACES_PER_LEAK;

    @Option(names = "--all-roots", description = "Start from GC roots of every kind, not only those LeakCanary starts"
            + " from (it leaves out VM-internal, unknown, interned-string, finalizing, debugger, reference-cleanup and"
            + " unreachable roots).")
    boolean allRoots;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if (tracesPerLeak < 1) {
            throw new BadInputException("--traces-per-leak must be at least 1, not " + tracesPerLeak);
        }
        LeakAnalyzer.Options options = LeakAnalyzer.Options.defaults().withTracesPerLeak(tracesPerLeak)
                .withAllRootKinds(allRoots).withSuspectsExplained(classes.isEmpty());
        if (matchers != null) {
            options = options.withExtraMatchers(MatcherFile.read(matchers));
        }
        if (!classes.isEmpty()) {
            List<LeakFinder> finders = new ArrayList<>();
            classes.forEach(c -> finders.add(new ClassNameFinder(c)));
            options = options.withFinders(finders);
        }
        try (HeapGraph g = dump.open(); DominatorTree tree = Trees.open(g, false, dump.quiet, false)) {
            for (String c : classes) { // a name or pattern that matches nothing is a mistake: exit 2
                if (!c.contains("*")) {
                    Describe.classes(g, c, dump.dump);
                } else if (new ClassNameFinder(c).classes(g).length == 0) {
                    throw new BadInputException(dump.dump + ": no class matches " + c
                            + ClassSuggestions.didYouMean(g, c));
                }
            }
            LeakReport report = LeakAnalyzer.analyze(g, tree, options, ProgressBar.forTerminal(dump.quiet));
            if (json) {
                Json.print(System.out, json(report));
            } else {
                if (report.explainedSuspects() >= 0) {
                    System.out.println(explainingSuspects(report.explainedSuspects()));
                }
                System.out.print(LeakTraceFormat.format(report));
            }
            return 0;
        }
    }

    /** The line that says what is explained when no --class was given on a JVM's dump. */
    static String explainingSuspects(int n) {
        return n == 0 ? "no --class given: no leak suspect (an object or class retaining "
                + SuspectsFinder.THRESHOLD_PERCENT + "% of the heap), no accumulation point to explain"
                : "no --class given: explaining the " + n + (n == 1 ? " leak suspect's accumulation point"
                        : " leak suspects' accumulation points");
    }

    static ObjectNode json(LeakReport report) {
        ObjectNode o = Json.object();
        ArrayNode leaks = o.putArray("leaks");
        add(leaks, report.applicationLeaks());
        add(leaks, report.libraryLeaks());
        o.putPOJO("finders", report.finders());
        if (report.androidBuild() != null) {
            ObjectNode b = o.putObject("androidBuild");
            b.put("sdkInt", report.androidBuild().sdkInt());
            b.put("manufacturer", report.androidBuild().manufacturer());
        }
        o.put("leakingObjects", report.leakingObjects());
        o.put("withoutPath", report.withoutPath());
        o.put("throughOtherLeaking", report.throughOther());
        o.put("omittedTraces", report.omittedTraces());
        if (report.explainedSuspects() >= 0) {
            o.put("explainedSuspects", report.explainedSuspects());
        }
        return o;
    }

    private static void add(ArrayNode out, List<Leak> leaks) {
        for (Leak leak : leaks) {
            for (LeakTrace t : leak.traces()) {
                ObjectNode x = out.addObject();
                x.put("signature", t.signature());
                // The leak it belongs to: the same for an application leak; a library leak's is its pattern's.
                x.put("leakSignature", leak.signature());
                x.put("className", t.leakingNode().className());
                x.put("leakingObjectId", Ids.hex(t.leakingNode().id()));
                x.put("retainedSize", t.retainedSize());
                x.put("retainedObjectCount", t.retainedCount());
                x.put("libraryLeak", t.isLibraryLeak());
                if (t.isLibraryLeak()) {
                    x.put("pattern", t.libraryMatcher().pattern());
                    x.put("description", t.libraryMatcher().description());
                }
                x.putPOJO("reasons", t.reasons());
                x.putPOJO("details", t.details());
                ArrayNode trace = x.putArray("trace");
                for (LeakTrace.Node n : t.nodes()) {
                    ObjectNode y = trace.addObject();
                    y.put("className", n.className());
                    y.put("reference", n.reference() == null ? null : n.reference().display());
                    y.put("leaking", n.status().name());
                    y.put("reason", n.reason());
                    y.put("id", Ids.hex(n.id()));
                    y.put("kind", n.kind());
                    y.put("suspect", n.suspect());
                    if (n.rootKind() != null) {
                        y.put("rootKind", n.rootKind().label());
                        y.put("root", n.rootDetail());
                    }
                    if (!n.labels().isEmpty()) {
                        y.putPOJO("labels", n.labels());
                    }
                }
            }
        }
    }
}
