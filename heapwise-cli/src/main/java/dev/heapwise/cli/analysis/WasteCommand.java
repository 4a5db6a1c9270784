package dev.heapwise.cli.analysis;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.waste.WasteAnalysis;
import dev.heapwise.analysis.waste.WasteReport;
import dev.heapwise.cli.DumpOptions;
import dev.heapwise.cli.Json;
import dev.heapwise.cli.ProgressBar;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Printable;
import dev.heapwise.graph.Units;
import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "waste", description = {
        "Memory spent on nothing: duplicate strings and arrays, empty and sparse collections, boxes and more.",
        "Also zero-length arrays; each finding with its overhead in bytes and as a share of the heap.",
        "Reads the contents of every primitive array in the dump once."})
public final class WasteCommand implements Callable<Integer> {
    @Mixin
    DumpOptions dump;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = dump.open(); DominatorTree tree = Trees.open(g, false, dump.quiet, false)) {
            WasteReport r = WasteAnalysis.analyze(g, tree, ProgressBar.forTerminal(dump.quiet));
            if (json) {
                Json.print(System.out, Json.MAPPER.valueToTree(r));
            } else {
                text(System.out, r);
            }
            return 0;
        }
    }

    private static String pct(long bytes, long heap) {
        return Units.percent(heap == 0 ? 0 : (double) bytes / heap);
    }

    static void text(PrintStream out, WasteReport r) {
        long heap = r.heapSize();
        out.printf("waste in %s of reachable heap%n%n", Units.bytes(heap));
        out.printf("%-28s %12s %12s %7s%n", "kind", "objects", "overhead", "heap");
        for (WasteReport.Finding f : r.summary()) {
            out.printf("%-28s %12s %12s %7s%n", f.kind(), Units.count(f.objects()), Units.bytes(f.bytes()),
                    Units.percent(f.fraction()));
        }
        if (!r.strings().top().isEmpty()) {
            out.printf("%nduplicate strings: %s strings in %s groups waste %s (%s)%n", Units.count(r.strings().strings()),
                    Units.count(r.strings().groups()), Units.bytes(r.strings().wastedBytes()), pct(r.strings().wastedBytes(), heap));
            out.printf("%10s %12s  %s%n", "copies", "wasted", "value");
            for (WasteReport.StringGroup s : r.strings().top()) {
                out.printf("%10s %12s  \"%s\"%n", Units.count(s.count()), Units.bytes(s.wastedBytes()), printable(s.value()));
            }
        }
        if (!r.arrays().top().isEmpty()) {
            out.printf("%nduplicate primitive arrays: %s groups waste %s (%s)%n", Units.count(r.arrays().groups()),
                    Units.bytes(r.arrays().wastedBytes()), pct(r.arrays().wastedBytes(), heap));
            out.printf("%10s %12s  %s%n", "copies", "wasted", "array");
            for (WasteReport.ArrayGroup a : r.arrays().top()) {
                out.printf("%10s %12s  %s length %s %s%n", Units.count(a.count()), Units.bytes(a.wastedBytes()),
                        a.className(), Units.count(a.length()), printable(a.preview()));
            }
        }
        if (!r.collections().isEmpty()) {
            out.printf("%ncollections:%n%10s %8s %12s %8s %6s %12s  %s%n", "count", "empty", "empty ret.", "sparse",
                    "fill", "unused", "class");
            for (WasteReport.CollectionWaste c : r.collections()) {
                out.printf("%10s %8s %12s %8s %6s %12s  %s%n", Units.count(c.count()), Units.count(c.empty()),
                        Units.bytes(c.emptyRetainedBytes()), Units.count(c.sparse()),
                        String.format(Locale.ROOT, "%.2f", c.meanFillRatio()), Units.bytes(c.unusedSlotBytes()), c.className());
            }
        }
        if (!r.boxes().isEmpty()) {
            out.printf("%nboxed primitives:%n");
            for (WasteReport.BoxWaste b : r.boxes()) {
                out.printf("%10s %12s overhead  %s%n", Units.count(b.count()), Units.bytes(b.overheadBytes()), b.className());
            }
        }
        if (!r.zeroLengthArrays().isEmpty()) {
            out.printf("%nzero-length arrays:%n");
            for (WasteReport.EmptyArrays e : r.zeroLengthArrays()) {
                out.printf("%10s %12s overhead  %s%n", Units.count(e.count()), Units.bytes(e.overheadBytes()), e.className());
            }
        }
    }

    /** The first 80 characters, made printable ({@link Printable#escape}), a newline shown as {@code \\n}. */
    static String printable(String s) {
        String cut = s.codePoints().limit(80).collect(StringBuilder::new, StringBuilder::appendCodePoint,
                StringBuilder::append).toString();
        return Printable.escape(cut, false).replace("\\u000a", "\\n");
    }
}
