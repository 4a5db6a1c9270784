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

    /** MAT's JDK 6 test dump: its second suspect is held only through a SoftReference. */
    @Test
    void aSuspectWithoutAStrongPathSaysSo(@TempDir Path dir) throws Exception {
        String root = System.getProperty("heapwise.shared.data");
        Path shared = root == null ? null : Path.of(root, "hprof", "haha_sun_jdk6_18_x64.hprof");
        org.junit.jupiter.api.Assumptions.assumeTrue(shared != null && java.nio.file.Files.isRegularFile(shared),
                "shared data not available");
        Path dump = java.nio.file.Files.copy(shared, dir.resolve("x64.hprof"));
        CliRun text = CliRun.run("suspects", dump.toString(), "-q");
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out()).contains("No strong path to the accumulation point", "--include weak,soft");
        JsonNode suspects = CliRun.run("suspects", dump.toString(), "--json", "-q").json().get("suspects");
        String point = null;
        for (JsonNode s : suspects) {
            if (!s.has("path")) {
                point = s.at("/accumulationPoint/id").asText();
            }
        }
        CliRun path = CliRun.run("path", dump.toString(), point, "--include", "weak,soft,phantom,finalizer", "-q");
        assertThat(path.out()).doesNotContain("no path").contains("shortest path to");
    }
}
