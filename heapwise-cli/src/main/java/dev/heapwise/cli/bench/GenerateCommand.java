package dev.heapwise.cli.bench;

import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.OutputFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "generate", description = "Makes a large, realistic heap dump to benchmark with: a fresh JVM fills "
        + "its heap with caches, maps, strings, records, boxed values, linked nodes and arrays, then dumps itself.")
public final class GenerateCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "OUT", description = "Where to write the .hprof file.")
    Path out;

    @Option(names = "--size", description = "Approximate dump size, e.g. 200m, 2g (default: ${DEFAULT-VALUE}).")
    String size = "2g";

    static long parseSize(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        long mult = 1;
        if (t.endsWith("g")) {
            mult = 1L << 30;
        } else if (t.endsWith("m")) {
            mult = 1L << 20;
        } else if (t.endsWith("k")) {
            mult = 1L << 10;
        }
        String digits = mult == 1 ? t : t.substring(0, t.length() - 1);
        try {
            return (long) (Double.parseDouble(digits) * mult);
        } catch (NumberFormatException e) {
            throw new BadInputException("--size " + s + " is not a size like 200m or 2g");
        }
    }

    // The live heap is about 2/3 of the dump (8-byte ids in the dump, compressed oops in the heap), but
    // ParallelGC needs headroom for the old generation and for map resizes: 3/4 ran out at 3g.
    private static long heapMegabytes(long bytes) {
        return Math.max(512, bytes / (1 << 20));
    }

    /** Writes a generated dump of about {@code bytes} to {@code out} from a child JVM. */
    static ChildProcess.Result generate(Path out, long bytes) throws java.io.IOException, InterruptedException {
        return ChildProcess.run(List.of("-Xmx" + heapMegabytes(bytes) + "m", "-XX:+UseParallelGC"),
                DumpGenerator.class.getName(), List.of(Long.toString(bytes), out.toString()), Map.of());
    }

    @Override
    public Integer call() throws Exception {
        long bytes = parseSize(size);
        if (Files.exists(out)) {
            throw new BadInputException(out + " exists; heapwise never overwrites a dump");
        }
        OutputFiles.checkWritable(out);
        System.err.printf("generating a dump of about %s bytes into %s (child JVM with -Xmx%dm)...%n", size, out,
                heapMegabytes(bytes));
        ChildProcess.Result r = generate(out, bytes);
        if (r.exitCode() != 0) {
            System.err.print(r.err());
            return 1;
        }
        System.out.printf("%s: %,d bytes in %.1f s%n", out, Files.size(out), r.millis() / 1000.0);
        return 0;
    }
}
