package dev.heapwise.cli.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.Json;
import dev.heapwise.cli.Main;
import dev.heapwise.graph.IndexLocations;
import dev.heapwise.graph.internal.IndexStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "bench", description = "Times the first open of a dump (read and index) and the reopen from the "
        + "index, each in a fresh JVM as the CLI runs, and reports peak RSS and the index size; with --analyses, "
        + "also the dominator tree computed afresh and a report from the bare dump.")
public final class BenchCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DUMP")
    Path dump;

    @Option(names = "--runs", description = "Runs of each phase; the median is reported (default: ${DEFAULT-VALUE}).")
    int runs = 3;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Option(names = "--analyses", description = "Also time `dominators` with its tree computed afresh (the index "
            + "kept) and `report` from the bare dump (index, analyses and page), each in a fresh JVM.")
    boolean analyses;

    @Option(names = "--pause", paramLabel = "SECONDS", description = "Idle time before each timed run (default: "
            + "${DEFAULT-VALUE}). On a virtual machine that hands freed memory back to its host, a few seconds make "
            + "every run pay for fresh memory as a first run does.")
    double pause;

    /** One timed child JVM: wall time, peak RSS and CPU as it reported them, and its standard output. */
    private record Run(long wallMillis, long peakRssKb, long cpuMillis, String out) {
        long peakRssMb() {
            return peakRssKb / 1024;
        }
    }

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(dump)) {
            throw new BadInputException(dump + ": no such file");
        }
        if (runs < 1 || !(pause >= 0)) {
            throw new BadInputException("bench: --runs must be at least 1 and --pause not negative");
        }
        List<Run> first = new ArrayList<>();
        List<Run> reopen = new ArrayList<>();
        JsonNode info = null; // the last first open's
        List<Long> reopenOpen = new ArrayList<>();
        List<Run> dominators = new ArrayList<>();
        List<Run> reports = new ArrayList<>();
        long indexBytes = -1;
        Path work = Files.createTempDirectory("heapwise-bench");
        try {
            for (int i = 0; i < runs; i++) {
                deleteIndexes();
                first.add(run("info", "--quiet", "--json", dump.toString()));
                info = Json.MAPPER.readTree(first.getLast().out());
                reopen.add(run("info", "--quiet", "--json", dump.toString()));
                reopenOpen.add(Json.MAPPER.readTree(reopen.getLast().out()).get("openMillis").asLong());
                indexBytes = indexBytes(); // before an analysis adds its files
                System.err.printf("run %d: first open %d ms (%d ms CPU, %d MiB peak), reopen %d ms (%d MiB peak)%n", i + 1,
                        first.getLast().wallMillis, first.getLast().cpuMillis, first.getLast().peakRssMb(),
                        reopen.getLast().wallMillis, reopen.getLast().peakRssMb());
                if (analyses) {
                    // The index was just made by `info`, which computes no tree: this run computes it afresh.
                    dominators.add(run("dominators", dump.toString(), "--top", "3", "--quiet"));
                    deleteIndexes();
                    reports.add(run("report", dump.toString(), "-o", work.resolve("report.html").toString(), "--quiet"));
                    System.err.printf("       dominators %d ms (%d ms CPU, %d MiB peak), report %d ms (%d MiB peak)%n",
                            dominators.getLast().wallMillis, dominators.getLast().cpuMillis,
                            dominators.getLast().peakRssMb(), reports.getLast().wallMillis, reports.getLast().peakRssMb());
                }
            }
        } finally {
            IndexStore.deleteTree(work);
        }
        long objects = info.get("objects").asLong();
        long refs = info.get("references").asLong();
        ObjectNode o = Json.object();
        o.put("dump", dump.toString());
        o.put("dumpBytes", Files.size(dump));
        o.put("objects", objects);
        o.put("references", refs);
        o.put("runs", runs);
        o.put("pauseSeconds", pause);
        o.put("jvmOptions", String.join(" ", ChildProcess.jvmOptions(dump)));
        o.put("cpus", Runtime.getRuntime().availableProcessors());
        putMedians(o, "firstOpen", first);
        o.put("reopenMillisMedian", median(reopen, Run::wallMillis));
        o.put("reopenOpenMillisMedian", median(reopenOpen));
        o.put("reopenPeakRssMbMedian", median(reopen, Run::peakRssMb));
        o.put("indexBytes", indexBytes);
        o.set("phaseMillis", info.get("phaseMillis"));
        o.put("sizeModel", info.get("sizeModel").asText());
        if (analyses) {
            putMedians(o, "dominators", dominators);
            putMedians(o, "report", reports);
        }
        if (json) {
            Json.print(System.out, o);
            return 0;
        }
        System.out.printf("dump:        %s (%,d bytes, %,d objects, %,d references)%n", dump, Files.size(dump), objects, refs);
        System.out.printf("machine:     %d CPUs; child JVM %s%n", o.get("cpus").asInt(), o.get("jvmOptions").asText());
        printMedians(o, "first open:  ", "firstOpen", "JVM start included");
        System.out.printf("             phases of the last run: %s%n", info.get("phaseMillis"));
        System.out.printf("reopen:      median %,d ms wall, %,d ms to open the index, peak RSS %,d MiB%n",
                o.get("reopenMillisMedian").asLong(), o.get("reopenOpenMillisMedian").asLong(),
                o.get("reopenPeakRssMbMedian").asLong());
        System.out.printf("index:       %,d bytes = %.2f bytes/object + references (%.2f bytes per object if refs cost 5)%n",
                indexBytes, (double) indexBytes / Math.max(1, objects),
                (double) (indexBytes - 5 * refs) / Math.max(1, objects));
        if (analyses) {
            printMedians(o, "dominators:  ", "dominators", "tree computed afresh, index kept");
            printMedians(o, "report:      ", "report", "from the bare dump");
        }
        return 0;
    }

    private static void putMedians(ObjectNode o, String name, List<Run> runs) {
        o.put(name + "MillisMedian", median(runs, Run::wallMillis));
        o.put(name + "CpuMillisMedian", median(runs, Run::cpuMillis));
        o.put(name + "PeakRssMbMedian", median(runs, Run::peakRssMb));
    }

    private static void printMedians(ObjectNode o, String label, String name, String what) {
        System.out.printf("%smedian %,d ms wall (%s), %,d ms CPU, peak RSS %,d MiB%n", label,
                o.get(name + "MillisMedian").asLong(), what, o.get(name + "CpuMillisMedian").asLong(),
                o.get(name + "PeakRssMbMedian").asLong());
    }

    /** Runs one heapwise command in a fresh JVM, after the pause; a failure ends the benchmark. */
    private Run run(String... args) throws IOException, InterruptedException {
        if (pause > 0) {
            Thread.sleep(Math.round(pause * 1000));
        }
        ChildProcess.Result r = ChildProcess.run(ChildProcess.jvmOptions(dump), Main.class.getName(), List.of(args),
                Map.of("HEAPWISE_REPORT_RSS", "1"));
        if (r.exitCode() != 0) {
            throw new IOException("heapwise " + args[0] + " failed: " + r.err());
        }
        long rss = -1;
        long cpu = -1;
        for (String line : r.err().split("\n")) {
            if (line.startsWith(PeakRss.REPORT_PREFIX)) {
                rss = Long.parseLong(line.substring(PeakRss.REPORT_PREFIX.length()).trim());
            } else if (line.startsWith(PeakRss.CPU_PREFIX)) {
                cpu = Long.parseLong(line.substring(PeakRss.CPU_PREFIX.length()).trim());
            }
        }
        return new Run(r.millis(), rss, cpu, r.out());
    }

    /** Where the dump's index may be: beside it, or in the user's cache folder. */
    private List<Path> indexDirs() {
        return List.of(IndexLocations.besideDump(dump), IndexLocations.inCache(dump));
    }

    private void deleteIndexes() throws IOException {
        for (Path dir : indexDirs()) {
            IndexStore.deleteIndex(dir);
        }
    }

    private long indexBytes() throws IOException {
        for (Path dir : indexDirs()) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.walk(dir)) {
                    return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
                }
            }
        }
        return -1;
    }

    private static long median(List<Run> runs, ToLongFunction<Run> value) {
        return median(runs.stream().map(value::applyAsLong).toList());
    }

    private static long median(List<Long> values) {
        List<Long> v = new ArrayList<>(values);
        Collections.sort(v);
        return v.get(v.size() / 2);
    }
}
