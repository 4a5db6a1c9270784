package dev.heapwise.cli.analysis;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.analysis.paths.GcPath;
import dev.heapwise.analysis.paths.MergedPaths;
import dev.heapwise.analysis.paths.PathFinder;
import dev.heapwise.analysis.paths.ReferenceFilter;
import dev.heapwise.analysis.paths.ReferentKind;
import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.CountOptions;
import dev.heapwise.cli.Describe;
import dev.heapwise.cli.DumpOptions;
import dev.heapwise.cli.Json;
import dev.heapwise.cli.ProgressBar;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.Units;
import dev.heapwise.graph.build.ProgressListener;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "path", description = {
        "The shortest path from a GC root to an object, or the merged shortest paths of all instances of a class.",
        "Weak, soft, phantom and finalizer referents are not followed unless --include says so."})
public final class PathCommand implements Callable<Integer> {
    @Mixin
    DumpOptions dump;

    @Parameters(index = "1", arity = "0..1", paramLabel = "OBJECT", description = "Object id (0x…).")
    String object;

    @Option(names = "--class", paramLabel = "NAME", description = "All instances of this class (Java name), instead of OBJECT.")
    String className;

    @Option(names = "--include", split = ",", paramLabel = "KIND",
            description = "Also follow these referents: weak, soft, phantom, finalizer.")
    List<ReferentKind> include = new ArrayList<>();

    @Option(names = "--exclude", paramLabel = "CLASS:FIELD",
            description = "Never follow this field (of the class and its subclasses, or a static of the class). Repeatable.")
    List<String> exclude = new ArrayList<>();

    @Option(names = "--limit", paramLabel = "N", description = "For --class: paths listed, and branches shown per node of the merged tree (default: ${DEFAULT-VALUE}).")
    int limit = 100;

    @Option(names = "--depth", paramLabel = "D", description = "For --class: levels of the merged tree shown, 1 to "
            + CountOptions.MAX_DEPTH + " (default: ${DEFAULT-VALUE}); deeper branches are counted.")
    int depth = 64;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        if ((object == null) == (className == null)) {
            throw new BadInputException("path: give either an OBJECT id or --class NAME");
        }
        ReferenceFilter filter = ReferenceFilter.defaults().including(EnumSet.copyOf(include.isEmpty()
                ? EnumSet.noneOf(ReferentKind.class) : EnumSet.copyOf(include)));
        List<ReferenceFilter.FieldRef> fields = new ArrayList<>();
        for (String e : exclude) {
            try {
                fields.add(ReferenceFilter.parseField(e));
            } catch (IllegalArgumentException ex) {
                throw new BadInputException("--exclude " + ex.getMessage());
            }
        }
        filter = filter.excluding(fields);
        try (HeapGraph g = dump.open()) {
            for (ReferenceFilter.FieldRef f : fields) { // likely a typo, but fair in a list shared by many dumps
                if (g.classesNamed(f.className()).isEmpty()) {
                    System.err.println("heapwise: " + dump.dump + ": --exclude " + f + ": no class " + f.className());
                }
            }
            ProgressListener p = ProgressBar.forTerminal(dump.quiet);
            if (className != null) {
                List<Integer> classes = Describe.classes(g, className, dump.dump).stream().map(HeapClass::index).toList();
                int cap = Math.max(0, limit);
                // The first paths in full are only printed as JSON: text mode does not ask for them.
                MergedPaths.Result r = PathFinder.mergedPaths(g, PathFinder.instancesOf(g, classes), filter, cap, depth,
                        json ? cap : 0, p);
                if (json) {
                    ObjectNode o = Json.object();
                    addPaths(o.putArray("paths"), r.paths());
                    o.put("targets", r.targets());
                    o.put("withoutPath", r.targets() - r.reached());
                    o.put("pathsFound", r.reached());
                    addMerged(o.putArray("merged"), r.tree().nodes());
                    if (r.tree().otherBranches() > 0) {
                        o.put("otherBranches", r.tree().otherBranches());
                    }
                    Json.print(System.out, o);
                } else {
                    System.out.printf("%s instances of %s: %s with a path from a GC root%s%n", Units.count(r.targets()),
                            className, Units.count(r.reached()), r.targets() > r.reached()
                                    ? ", " + Units.count(r.targets() - r.reached()) + " with " + noPath() : "");
                    printMerged(System.out, r.tree(), 1, depth);
                }
                return 0;
            }
            int target = Describe.object(g, object, dump.dump);
            GcPath path = PathFinder.shortestPath(g, target, filter, p).orElse(null);
            if (json) {
                ObjectNode o = Json.object();
                addPaths(o.putArray("paths"), path == null ? List.of() : List.of(path));
                o.put("targets", 1);
                o.put("withoutPath", path == null ? 1 : 0);
                Json.print(System.out, o);
            } else if (path == null) {
                System.out.println(noPath());
            } else {
                System.out.printf("shortest path to %s, %d references long:%n", label(path.target()),
                        path.steps().size() - 1);
                for (int i = 0; i < path.steps().size(); i++) {
                    System.out.println("  ".repeat(i + 1) + stepText(path.steps().get(i)));
                }
            }
            return 0;
        }
    }

    private String noPath() {
        return "no path from a GC root" + (include.size() < ReferentKind.values().length
                ? " (weak, soft, phantom and finalizer referents not followed; see --include)" : "");
    }

    private static void addPaths(ArrayNode into, List<GcPath> paths) {
        for (GcPath path : paths) {
            ArrayNode steps = into.addObject().putArray("steps");
            for (GcPath.Step s : path.steps()) {
                steps.add(stepJson(s));
            }
        }
    }

    static ObjectNode stepJson(GcPath.Step s) {
        ObjectNode x = Json.object();
        x.put("id", Ids.hex(s.id()));
        x.put("className", s.className());
        x.put("kind", s.kind());
        x.put("reference", s.reference());
        if (s.rootKind() != null) {
            x.put("rootKind", s.rootKind().label());
            x.put("root", s.rootDetail());
        }
        return x;
    }

    /** The merged tree as shown: each node's biggest branches, {@code otherBranches} counting the rest. */
    private static void addMerged(ArrayNode into, List<MergedPaths.Node> nodes) {
        for (MergedPaths.Node n : nodes) {
            ObjectNode x = stepJson(n.step());
            x.put("targets", n.targets());
            if (!n.children().isEmpty()) {
                addMerged(x.putArray("children"), n.children());
            }
            if (n.otherBranches() > 0) {
                x.put("otherBranches", n.otherBranches());
            }
            into.add(x);
        }
    }

    /** Each node's biggest branches (most targets first), the rest summed in one line. */
    private static void printMerged(PrintStream out, MergedPaths.Level level, int depth, int maxDepth) {
        for (MergedPaths.Node n : level.nodes()) {
            out.printf("%10s  %s%s%n", Units.count(n.targets()), "  ".repeat(depth), stepText(n.step()));
            printMerged(out, new MergedPaths.Level(n.children(), n.otherBranches(), n.otherTargets()), depth + 1,
                    maxDepth);
        }
        if (level.otherBranches() > 0) {
            out.printf("%10s  %s… %s more branches (%s shows more)%n", Units.count(level.otherTargets()),
                    "  ".repeat(depth), Units.count(level.otherBranches()),
                    depth > maxDepth ? "--depth" : "--limit");
        }
    }

    static String stepText(GcPath.Step s) {
        if (s.rootKind() != null) {
            return label(s) + "  [GC root: " + s.rootDetail() + "]";
        }
        String ref = s.reference() == null ? "?" : s.reference().startsWith("[") ? s.reference()
                : s.staticField() ? "static ." + s.reference() : "." + s.reference();
        return ref + " → " + label(s);
    }

    static String label(GcPath.Step s) {
        return (s.kind().equals("class") ? "class " : "") + s.className() + " @ " + Ids.hex(s.id());
    }
}
