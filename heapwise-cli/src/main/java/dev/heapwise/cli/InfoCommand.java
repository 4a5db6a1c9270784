package dev.heapwise.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.analysis.threads.ThreadRetention;
import dev.heapwise.graph.GraphInfo;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.Units;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "info", description = "Format, id size, counts of objects, classes, references and roots, heaps, "
        + "and how long each indexing phase took.")
final class InfoCommand implements Callable<Integer> {
    @Mixin
    DumpOptions dump;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        try (HeapGraph g = dump.open()) {
            GraphInfo i = g.info();
            if (json) {
                ObjectNode o = Json.object();
                o.put("file", dump.dump.toString());
                o.put("format", i.format());
                o.put("formatVersion", i.formatDetail());
                o.put("vm", i.vm());
                o.put("idSize", i.idSize());
                o.put("objects", i.objects());
                o.put("classes", i.classes());
                o.put("references", i.references());
                o.put("localReferences", ThreadRetention.localReferences(g));
                o.put("gcRoots", i.gcRoots());
                o.put("totalShallowSize", i.totalShallowSize());
                o.putPOJO("heaps", g.heapNames());
                o.put("sizeModel", i.sizeModel());
                o.put("partial", i.partial());
                o.putPOJO("warnings", i.warnings());
                o.put("archivedHeapReferences", i.archivedHeapReferences());
                o.putPOJO("phaseMillis", i.phaseMillis());
                o.put("openMillis", dump.lastOpenMillis);
                HeapThread oom = ThreadRetention.outOfMemoryErrorThread(g);
                if (oom != null) {
                    o.put("outOfMemoryErrorThread", oom.name());
                }
                Json.print(System.out, o);
                return 0;
            }
            var out = System.out;
            out.printf("file:          %s%n", dump.dump);
            out.printf("format:        %s (%s)%n", i.format(), i.formatDetail());
            out.printf("id size:       %d bytes%n", i.idSize());
            out.printf("objects:       %s%n", Units.count(i.objects()));
            out.printf("classes:       %s%n", Units.count(i.classes()));
            long locals = ThreadRetention.localReferences(g);
            out.printf("references:    %s%s%n", Units.count(i.references()),
                    locals == 0 ? "" : " (" + Units.count(locals) + " from threads to what their stacks hold)");
            out.printf("GC roots:      %s%n", Units.count(i.gcRoots()));
            out.printf("heaps:         %s%n", String.join(", ", g.heapNames()));
            out.printf("shallow size:  %s (%s bytes)%n", Units.bytes(i.totalShallowSize()), Units.count(i.totalShallowSize()));
            out.printf("sizes:         %s%n", i.sizeModel());
            if (i.archivedHeapReferences() > 0) {
                out.printf("archived heap: %s references point to mirrors of CDS-archived classes not loaded yet, "
                        + "which HotSpot does not dump; they are left out%n", Units.count(i.archivedHeapReferences()));
            }
            if (i.partial()) {
                out.printf("PARTIAL:       the dump was cut short; only complete records were read%n");
            }
            HeapThread oom = ThreadRetention.outOfMemoryErrorThread(g);
            if (oom != null) {
                out.printf("OutOfMemoryError: thrown by thread \"%s\"%n", oom.name());
            }
            out.printf("indexing took: ");
            StringBuilder sb = new StringBuilder();
            long total = 0;
            for (Map.Entry<String, Long> e : i.phaseMillis().entrySet()) {
                sb.append(sb.isEmpty() ? "" : ", ").append(e.getKey()).append(' ').append(e.getValue()).append(" ms");
                total += e.getValue();
            }
            out.printf("%s (total %d ms)%n", sb, total);
            out.printf("this open:     %d ms%n", dump.lastOpenMillis);
            if (!i.warnings().isEmpty()) {
                out.printf("warnings:%n");
                i.warnings().stream().limit(20).forEach(w -> out.printf("  - %s%n", w));
                if (i.warnings().size() > 20) {
                    out.printf("  ... and %d more%n", i.warnings().size() - 20);
                }
            }
            return 0;
        }
    }
}
