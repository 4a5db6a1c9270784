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
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "bench", description = "Times the first open of a dump (read and index) and the reopen from the "
        + "index, each in a fresh JVM as the CLI runs, and reports peak RSS and the index size.")
public final class BenchCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DUMP")
    Path dump;

    @Option(names = "--runs", description = "Runs of each phase; the median is reported (default: ${DEFAULT-VALUE}).")
    int runs = 3;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    private record Run(long wallMillis, long openMillis, long peakRssKb, long cpuMillis, JsonNode info) {}

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(dump)) {
            throw new BadInputException(dump + ": no such file");
        }
        List<Run> first = new ArrayList<>();
        List<Run> reopen = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            deleteIndexes();
            first.add(runInfo());
            reopen.add(runInfo());
            System.err.printf("run %d: first open %d ms (%d ms CPU, %d MB peak), reopen %d ms (%d MB peak)%n", i + 1,
                    first.getLast().wallMillis, first.getLast().cpuMillis, first.getLast().peakRssKb / 1024,
                    reopen.getLast().wallMillis, reopen.getLast().peakRssKb / 1024);
        }
        JsonNode info = first.getLast().info;
        long objects = info.get("objects").asLong();
        long refs = info.get("references").asLong();
        long indexBytes = indexBytes();
        ObjectNode o = Json.object();
        o.put("dump", dump.toString());
        o.put("dumpBytes", Files.size(dump));
        o.put("objects", objects);
        o.put("references", refs);
        o.put("runs", runs);
        o.put("jvmOptions", String.join(" ", ChildProcess.jvmOptions(dump)));
        o.put("cpus", Runtime.getRuntime().availableProcessors());
        o.put("firstOpenMillisMedian", median(first.stream().mapToLong(Run::wallMillis).boxed().toList()));
        o.put("firstOpenCpuMillisMedian", median(first.stream().mapToLong(Run::cpuMillis).boxed().toList()));
        o.put("firstOpenPeakRssMbMedian", median(first.stream().mapToLong(r -> r.peakRssKb / 1024).boxed().toList()));
        o.put("reopenMillisMedian", median(reopen.stream().mapToLong(Run::wallMillis).boxed().toList()));
        o.put("reopenOpenMillisMedian", median(reopen.stream().mapToLong(Run::openMillis).boxed().toList()));
        o.put("reopenPeakRssMbMedian", median(reopen.stream().mapToLong(r -> r.peakRssKb / 1024).boxed().toList()));
        o.put("indexBytes", indexBytes);
        o.set("phaseMillis", info.get("phaseMillis"));
        o.put("sizeModel", info.get("sizeModel").asText());
        if (json) {
            Json.print(System.out, o);
            return 0;
        }
        System.out.printf("dump:        %s (%,d bytes, %,d objects, %,d references)%n", dump, Files.size(dump), objects, refs);
        System.out.printf("machine:     %d CPUs; child JVM %s%n", o.get("cpus").asInt(), o.get("jvmOptions").asText());
        System.out.printf("first open:  median %,d ms wall (JVM start included), %,d ms CPU, peak RSS %,d MB%n",
                o.get("firstOpenMillisMedian").asLong(), o.get("firstOpenCpuMillisMedian").asLong(),
                o.get("firstOpenPeakRssMbMedian").asLong());
        System.out.printf("             phases of the last run: %s%n", info.get("phaseMillis"));
        System.out.printf("reopen:      median %,d ms wall, %,d ms to open the index, peak RSS %,d MB%n",
                o.get("reopenMillisMedian").asLong(), o.get("reopenOpenMillisMedian").asLong(),
                o.get("reopenPeakRssMbMedian").asLong());
        System.out.printf("index:       %,d bytes = %.2f bytes/object + references (%.2f bytes per object if refs cost 5)%n",
                indexBytes, (double) indexBytes / Math.max(1, objects),
                (double) (indexBytes - 5 * refs) / Math.max(1, objects));
        return 0;
    }

    private Run runInfo() throws IOException, InterruptedException {
        ChildProcess.Result r = ChildProcess.run(ChildProcess.jvmOptions(dump), Main.class.getName(),
                List.of("info", "--quiet", "--json", dump.toString()), Map.of("HEAPWISE_REPORT_RSS", "1"));
        if (r.exitCode() != 0) {
            throw new IOException("heapwise info failed: " + r.err());
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
        JsonNode info = Json.MAPPER.readTree(r.out());
        return new Run(r.millis(), info.get("openMillis").asLong(), rss, cpu, info);
    }

    private void deleteIndexes() throws IOException {
        IndexStore.deleteIndex(IndexLocations.besideDump(dump));
        IndexStore.deleteIndex(IndexLocations.inCache(dump));
    }

    private long indexBytes() throws IOException {
        for (Path dir : List.of(IndexLocations.besideDump(dump), IndexLocations.inCache(dump))) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.walk(dir)) {
                    return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
                }
            }
        }
        return -1;
    }

    private static long median(List<Long> values) {
        List<Long> v = new ArrayList<>(values);
        Collections.sort(v);
        return v.get(v.size() / 2);
    }
}
