package dev.heapwise.cli.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.cli.CliRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuspectsCommandTest {

    @Test
    void jsonNamesAndThreshold(@TempDir Path dir) throws Exception {
        Path dump = PlantedDump.copyTo(dir);
        CliRun r = CliRun.run("suspects", dump.toString(), "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode s = r.json().get("suspects").get(0);
        assertThat(s.get("description").asText()).isNotBlank();
        assertThat(s.get("className").asText()).isNotBlank();
        assertThat(s.get("retainedSize").asLong()).isPositive();
        assertThat(s.get("percent").asDouble()).isGreaterThanOrEqualTo(10);
        assertThat(s.at("/accumulationPoint/id").asText()).startsWith("0x");
        assertThat(s.at("/accumulationPoint/className").asText()).isEqualTo("java.util.HashMap$Node[]");
        CliRun text = CliRun.run("suspects", dump.toString(), "-q");
        assertThat(text.out()).contains("Problem suspect 1:", "Shortest path to the accumulation point:");
        assertThat(CliRun.run("suspects", dump.toString(), "--threshold", "99", "--json", "-q").json().get("suspects")).isEmpty();
        CliRun bad = CliRun.run("suspects", dump.toString(), "--threshold", "0", "-q");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("--threshold");
        Path empty = dir.resolve("empty.hprof");
        new SyntheticHeap().write(empty);
        CliRun e = CliRun.run("suspects", empty.toString(), "-q");
        assertThat(e.exit()).isZero();
        assertThat(e.out()).contains("0 suspects");
    }
}
