package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.Json;
import dev.heapwise.cli.OutputFiles;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Units;
import dev.heapwise.microej.Conversion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "convert", description = "Converts a heap dump between HPROF and MicroEJ XML: IN is read in whatever "
        + "format it is; OUT is written as HPROF when it ends in .hprof or .hprof.gz, else as MicroEJ XML (.heap), "
        + "or as --to says. A .gz OUT is gzip-compressed.")
public final class ConvertCommand implements Callable<Integer> {
    public enum Target { microej, hprof }

    @Parameters(index = "0", paramLabel = "IN", description = "The dump to read (HPROF or MicroEJ XML).")
    Path in;

    @Parameters(index = "1", paramLabel = "OUT", description = "The file to write (replaced if it exists).")
    Path out;

    @Option(names = "--to", description = "Output format: microej or hprof (default: from OUT's name).")
    Target to;

    @Mixin
    dev.heapwise.cli.OpenOptions open;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        OutputFiles.checkWritable(out, in);
        Conversion.Target target = to == null ? Conversion.Target.forFile(out)
                : to == Target.hprof ? Conversion.Target.HPROF : Conversion.Target.MICROEJ;
        long t0 = System.nanoTime();
        try (HeapGraph g = open.open(in)) {
            Conversion.Result result = Conversion.convert(g, out, target, dev.heapwise.cli.ProgressBar.forTerminal(open.quiet));
            long millis = (System.nanoTime() - t0) / 1_000_000;
            long bytes = Files.size(out);
            if (json) {
                ObjectNode o = Json.object();
                o.put("input", in.toString());
                o.put("inputFormat", g.info().format());
                o.put("output", out.toString());
                o.put("outputFormat", target == Conversion.Target.HPROF ? "hprof" : "microej");
                o.put("objects", g.objectCount());
                o.put("classes", g.classCount());
                o.put("bytes", bytes);
                o.put("nulledDanglingReferences", result.nulledDanglingReferences());
                o.put("millis", millis);
                Json.print(System.out, o);
            } else {
                System.out.printf("wrote %s: %s, %s objects, %s classes, %s, in %d ms%n", out,
                        target == Conversion.Target.HPROF ? "HPROF" : "MicroEJ XML", Units.count(g.objectCount()),
                        Units.count(g.classCount()), Units.bytes(bytes), millis);
                if (result.nulledDanglingReferences() > 0) {
                    System.out.printf("%s references to objects the input does not contain were written as null%n",
                            Units.count(result.nulledDanglingReferences()));
                }
            }
            return 0;
        }
    }
}
