package dev.heapwise.cli.analysis;

import dev.heapwise.analysis.compare.ComparisonReport;
import dev.heapwise.analysis.compare.HeapComparison;
import dev.heapwise.cli.Json;
import dev.heapwise.cli.ProgressBar;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.Units;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "compare", description = {
        "Two dumps compared: per class that changed, the change in count, shallow and retained size, biggest first.",
        "When object ids are stable between them (MicroEJ dumps, a VM that did not move its objects), also new,",
        "collected, persistent and changed objects with the fields that changed."})
public final class CompareCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "OLD", description = "The earlier dump.")
    Path old;

    @Parameters(index = "1", paramLabel = "NEW", description = "The later dump.")
    Path neu;

    @Mixin
    DumpSeries series;

    @Option(names = "--instances", negatable = true, description = "Compare objects by id even if ids look unstable"
            + " (--no-instances: never). Default: when at least half the old objects keep their id and class,"
            + " and no class object moved.")
    Boolean instances;

    @Option(names = "--top", paramLabel = "N", description = "Rows shown (default: ${DEFAULT-VALUE}).")
    int top = 30;

    @Option(names = "--all", description = "List the classes that did not change too.")
    boolean all;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (DumpSeries.Opened o = series.open(List.of(old, neu))) {
            String before = o.graphs.get(0).info().format();
            String after = o.graphs.get(1).info().format();
            ComparisonReport r = HeapComparison.compare(o.graphs.get(0), o.trees.get(0), o.graphs.get(1), o.trees.get(1),
                    new HeapComparison.Options(instances, 100, all), ProgressBar.forTerminal(series.quiet));
            List<String> warnings = new ArrayList<>();
            if (!before.equals(after)) {
                warnings.add(String.format("%s is a %s dump and %s a %s dump: their object sizes follow different"
                        + " models, so the size changes mix the two", old, before, neu, after));
            }
            for (String w : r.warnings()) {
                warnings.add(old + " and " + neu + ": " + w);
            }
            for (String w : warnings) { // not silenced by --quiet, which silences the progress line only
                System.err.println("heapwise: warning: " + w);
            }
            if (json) {
                var node = Json.object();
                node.put("old", old.toString());
                node.put("new", neu.toString());
                node.setAll((com.fasterxml.jackson.databind.node.ObjectNode) Json.MAPPER.valueToTree(r));
                // --top rows of each list, as in the text; the counts say how many there are.
                for (String list : List.of("classes", "instances")) {
                    if (node.get(list) instanceof com.fasterxml.jackson.databind.node.ArrayNode a) {
                        node.put(list + "Count", a.size());
                        while (a.size() > top) {
                            a.remove(a.size() - 1);
                        }
                    }
                }
                node.set("warnings", Json.MAPPER.valueToTree(warnings));
                var changed = node.putArray("changed");
                for (ComparisonReport.ChangedObject c : r.changed()) {
                    var x = changed.addObject();
                    x.put("id", Ids.hex(c.id()));
                    x.put("className", c.className());
                    x.set("fields", Json.MAPPER.valueToTree(c.fields()));
                }
                Json.print(System.out, node);
            } else {
                text(System.out, r);
            }
            return 0;
        }
    }

    private void text(PrintStream out, ComparisonReport r) {
        out.printf("%s -> %s%n", old, neu);
        if (r.classes().stream().noneMatch(ComparisonReport.ClassDelta::changed)) {
            out.println("no class changed in count, shallow or retained size");
        }
        if (r.classes().stream().anyMatch(ComparisonReport.ClassDelta::changed) || all && !r.classes().isEmpty()) {
            out.printf("%12s %14s %14s  %s%n", "count", "shallow", "retained", "class (change from old to new)");
            for (ComparisonReport.ClassDelta d : r.classes().stream().limit(top).toList()) {
                out.printf("%12s %14s %14s  %s%n", signed(d.countDelta(), false), signed(d.shallowDelta(), true),
                        signed(d.retainedDelta(), true), d.className());
            }
            more(out, r.classes().size(), top);
        }
        if (r.unchangedClasses() > 0 && !all) {
            out.printf("%s unchanged classes not listed (--all lists them)%n", Units.count(r.unchangedClasses()));
        }
        out.printf("%nobjects under the same id and class in both: %s of the old dump%n", Units.percent(r.idOverlap()));
        if (!r.instanceLevel()) {
            out.println(r.movedClassObjects() > 0
                    ? Units.count(r.movedClassObjects()) + " class objects have other ids in the new dump: a moving"
                            + " GC ran between the dumps, so ids do not name the same objects; no per-object"
                            + " comparison (--instances forces it)"
                    : "ids are not stable between these dumps: no per-object comparison (--instances forces it)");
            return;
        }
        if (r.instances().stream().noneMatch(ComparisonReport.InstanceDelta::anyChange)) {
            out.printf("no object new, collected or changed (%s compared)%n", Units.count(r.comparedObjects()));
            if (!all) {
                return;
            }
        }
        out.printf("%10s %10s %10s %10s  %s%n", "new", "collected", "persistent", "changed", "class");
        for (ComparisonReport.InstanceDelta d : r.instances().stream().limit(top).toList()) {
            out.printf("%10s %10s %10s %10s  %s%n", Units.count(d.added()), Units.count(d.collected()),
                    Units.count(d.persistent()), Units.count(d.changed()), d.className());
        }
        more(out, r.instances().size(), top);
        if (r.unchangedInstanceClasses() > 0 && !all) {
            out.printf("%s rows with only unchanged objects not listed (--all lists them)%n",
                    Units.count(r.unchangedInstanceClasses()));
        }
        if (!r.changed().isEmpty()) {
            out.printf("%nchanged objects (first %d):%n", r.changed().size());
            for (ComparisonReport.ChangedObject c : r.changed()) {
                out.printf("  %s @ %s%n", c.className(), Ids.hex(c.id()));
                for (ComparisonReport.FieldChange f : c.fields()) {
                    if (f.field().equals("[…]")) {
                        out.printf("      … %s%n", f.newValue()); // the count of elements not listed
                    } else {
                        out.printf("      %s: %s -> %s%n", f.field(), f.oldValue(), f.newValue());
                    }
                }
            }
        }
    }

    /** The line under a table cut at {@code top} rows. */
    private static void more(PrintStream out, int rows, int top) {
        if (rows > top) {
            out.printf("… %s more (--top N lists more)%n", Units.count(rows - top));
        }
    }

    static String signed(long v, boolean bytes) {
        String s = bytes ? Units.bytes(Math.abs(v)) : Units.count(Math.abs(v));
        return (v > 0 ? "+" : v < 0 ? "-" : " ") + s;
    }
}
