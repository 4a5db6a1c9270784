package dev.heapwise.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark tools end to end: a generated dump is real, and bench measures it. */
class BenchCommandsTest {

    @Test
    void generateMakesARealDumpAndBenchMeasuresIt(@TempDir Path dir) {
        Path dump = dir.resolve("gen.hprof");
        CliRun gen = CliRun.run("generate", dump.toString(), "--size", "4m");
        assertThat(gen.exit()).as(gen.err()).isZero();
        assertThat(dump).exists();

        JsonNode info = CliRun.run("info", dump.toString(), "--json").json();
        assertThat(info.get("objects").asLong()).isGreaterThan(20_000);
        JsonNode histogram = CliRun.run("histogram", dump.toString(), "--json").json();
        assertThat(histogram.toString()).contains("DumpGenerator$Customer", "java.util.HashMap$Node");

        CliRun bench = CliRun.run("bench", dump.toString(), "--runs", "1", "--analyses", "--json");
        assertThat(bench.exit()).as(bench.err()).isZero();
        JsonNode b = bench.json();
        assertThat(b.get("objects").asLong()).isEqualTo(info.get("objects").asLong());
        assertThat(b.get("firstOpenMillisMedian").asLong()).isPositive();
        assertThat(b.get("reopenOpenMillisMedian").asLong()).isNotNegative();
        assertThat(b.get("indexBytes").asLong()).isPositive();
        assertThat(b.get("firstOpenPeakRssMbMedian").asLong()).isPositive();
        // --analyses: the tree computed afresh in a JVM of its own, then a report from the bare dump, which
        // leaves its new index with the tree saved.
        assertThat(b.get("dominatorsMillisMedian").asLong()).isPositive();
        assertThat(b.get("dominatorsPeakRssMbMedian").asLong()).isPositive();
        assertThat(b.get("reportMillisMedian").asLong()).isPositive();
        assertThat(b.get("reportPeakRssMbMedian").asLong()).isPositive();
        assertThat(b.get("reportCpuMillisMedian").asLong()).isPositive();
        assertThat(dir.resolve("gen.hprof.heapwise/extra.dominators.v2")).exists();
    }

    @Test
    void generateRefusesToOverwrite(@TempDir Path dir) throws Exception {
        Path existing = Files.writeString(dir.resolve("x.hprof"), "mine");
        CliRun r = CliRun.run("generate", existing.toString(), "--size", "1m");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(Files.readString(existing)).isEqualTo("mine");
        assertThat(CliRun.run("generate", dir.resolve("y.hprof").toString(), "--size", "lots").exit()).isEqualTo(2);
    }

    @Test
    void benchRefusesNoRunsAndNegativePauses(@TempDir Path dir) throws Exception {
        Path dump = Files.writeString(dir.resolve("x.hprof"), "not read");
        CliRun none = CliRun.run("bench", dump.toString(), "--runs", "0");
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.err()).contains("--runs must be at least 1");
        assertThat(CliRun.run("bench", dump.toString(), "--pause", "-1").exit()).isEqualTo(2);
    }
}
