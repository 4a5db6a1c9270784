package dev.heapwise.cli.analysis;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.analysis.paths.GcPath;
import dev.heapwise.analysis.paths.MergedPaths;
import dev.heapwise.analysis.paths.PathFinder;
import dev.heapwise.analysis.paths.ReferenceFilter;
import dev.heapwise.analysis.paths.ReferentKind;
import dev.heapwise.cli.BadInputException;
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
import java.util.Map;
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

    @Option(names = "--limit", paramLabel = "N", description = "Paths listed for --class (default: ${DEFAULT-VALUE}).")
    int limit = 100;

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
            List<Integer> targets;
            if (className != null) {
                List<Integer> classes = Describe.classes(g, className, dump.dump).stream().map(HeapClass::index).toList();
                targets = PathFinder.instancesOf(g, classes);
            } else {
                targets = List.of(Describe.object(g, object, dump.dump));
            }
            ProgressListener p = ProgressBar.forTerminal(dump.quiet);
            Map<Integer, GcPath> paths = PathFinder.shortestPaths(g, targets, filter, p);
            List<GcPath> shown = paths.values().stream().limit(Math.max(0, limit)).toList();
            int missing = targets.size() - paths.size();
            if (json) {
                ObjectNode o = Json.object();
                ArrayNode arr = o.putArray("paths");
                for (GcPath path : (className != null ? shown : paths.values())) {
                    ArrayNode steps = arr.addObject().putArray("steps");
                    for (GcPath.Step s : path.steps()) {
                        steps.add(stepJson(s));
                    }
                }
                o.put("targets", targets.size());
                o.put("withoutPath", missing);
                if (className != null) {
                    o.put("pathsFound", paths.size());
                    ArrayNode merged = o.putArray("merged");
                    List<MergedPaths.Node> roots = MergedPaths.merge(paths.values());
                    addMerged(merged, roots);
                    if (roots.size() > limit) {
                        o.put("otherBranches", roots.size() - Math.max(0, limit));
                    }
                }
                Json.print(System.out, o);
            } else {
                text(System.out, targets, paths, missing);
            }
            return 0;
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

    /** As {@link #printMerged}: at most {@code --limit} branches per node, {@code otherBranches} counts the rest. */
    private void addMerged(ArrayNode into, List<MergedPaths.Node> nodes) {
        int shown = Math.min(nodes.size(), Math.max(0, limit));
        for (MergedPaths.Node n : nodes.subList(0, shown)) {
            ObjectNode x = stepJson(n.step());
            x.put("targets", n.targets());
            if (!n.children().isEmpty()) {
                addMerged(x.putArray("children"), n.children());
                if (n.children().size() > limit) {
                    x.put("otherBranches", n.children().size() - Math.max(0, limit));
                }
            }
            into.add(x);
        }
    }

    private void text(PrintStream out, List<Integer> targets, Map<Integer, GcPath> paths, int missing) {
        String why = "no path from a GC root" + (include.size() < ReferentKind.values().length
                ? " (weak, soft, phantom and finalizer referents not followed; see --include)" : "");
        if (className == null) {
            GcPath p = paths.get(targets.getFirst());
            if (p == null) {
                out.println(why);
                return;
            }
            out.printf("shortest path to %s, %d references long:%n", label(p.target()), p.steps().size() - 1);
            for (int i = 0; i < p.steps().size(); i++) {
                out.println("  ".repeat(i + 1) + stepText(p.steps().get(i)));
            }
            return;
        }
        out.printf("%s instances of %s: %s with a path from a GC root%s%n", Units.count(targets.size()), className,
                Units.count(paths.size()), missing > 0 ? ", " + Units.count(missing) + " with " + why : "");
        printMerged(out, MergedPaths.merge(paths.values()), 1);
    }

    /** The biggest {@code --limit} branches of each node (most targets first); the rest summed in one line. */
    private void printMerged(PrintStream out, List<MergedPaths.Node> nodes, int level) {
        int shown = Math.min(nodes.size(), Math.max(0, limit));
        for (MergedPaths.Node n : nodes.subList(0, shown)) {
            out.printf("%10s  %s%s%n", Units.count(n.targets()), "  ".repeat(level), stepText(n.step()));
            printMerged(out, n.children(), level + 1);
        }
        if (shown < nodes.size()) {
            long rest = nodes.subList(shown, nodes.size()).stream().mapToLong(MergedPaths.Node::targets).sum();
            out.printf("%10s  %s… %s more branches (--limit shows more)%n", Units.count(rest), "  ".repeat(level),
                    Units.count(nodes.size() - shown));
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
