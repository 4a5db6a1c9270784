package dev.heapwise.cli.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code heapwise leaks}: LeakCanary's test dump, class finders, matcher files, heaps without leaks. */
class LeaksCommandTest {

    static Path shared(String name) {
        String root = System.getProperty("heapwise.shared.data");
        assumeTrue(root != null && Files.isDirectory(Path.of(root)), "shared data folder not available");
        Path f = Path.of(root, "hprof", name);
        assumeTrue(Files.isRegularFile(f), f + " not available");
        return f;
    }

    @Test
    void leakyServiceThroughTheStaticField(@TempDir Path idx) {
        Path dump = shared("leak_service_binder.hprof");
        CliRun r = CliRun.run("leaks", dump.toString(), "--index-dir", idx.toString(), "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode leaks = r.json().get("leaks");
        // An emulator's KitKat: the build the known Android leaks are chosen for.
        assertThat(r.json().get("androidBuild").get("sdkInt").asInt()).isEqualTo(19);
        assertThat(r.json().get("androidBuild").get("manufacturer").asText()).isEqualTo("unknown");
        // One entry per leaking object: the watched service, and one the ActivityThread no longer holds.
        assertThat(leaks).hasSize(2);
        assertThat(leaks).extracting(x -> x.get("leakingObjectId").asText())
                .containsExactlyInAnyOrder("0xb0fa7cb0", "0xb0f83300");
        assertThat(leaks.get(1).get("signature").asText()).isEqualTo(leaks.get(0).get("signature").asText());
        JsonNode l = leaks.get(0);
        assertThat(l.get("className").asText()).isEqualTo("com.example.leakcanary.LeakyService");
        assertThat(l.get("signature").asText()).hasSize(40);
        assertThat(l.get("leakSignature").asText()).isEqualTo(l.get("signature").asText()); // an application leak
        assertThat(l.get("leakingObjectId").asText()).startsWith("0x");
        assertThat(l.get("retainedSize").asLong()).isPositive();
        JsonNode trace = l.get("trace");
        assertThat(trace.get(0).get("reference").asText()).isEqualTo("static LeakyService.leakAllTheBinders");
        assertThat(trace.get(0).get("leaking").asText()).isEqualTo("NO");
        assertThat(trace.get(trace.size() - 1).get("leaking").asText()).isEqualTo("YES");
        assertThat(trace.get(trace.size() - 1).get("reference").isNull()).isTrue();
        CliRun text = CliRun.run("leaks", dump.toString(), "--index-dir", idx.toString(), "-q");
        assertThat(text.out()).contains("1 APPLICATION LEAKS", "↓ static LeakyService.leakAllTheBinders",
                "Build.VERSION.SDK_INT: 19\nBuild.MANUFACTURER: unknown\n",
                "Displaying only 1 leak trace out of 2 with the same signature");
        assertThat(r.json().get("omittedTraces").asInt()).isZero();
        // One trace kept per signature: the bigger one; the other is counted, and still in the text's count.
        CliRun one = CliRun.run("leaks", dump.toString(), "--index-dir", idx.toString(), "--json", "-q",
                "--traces-per-leak", "1");
        assertThat(one.json().get("leaks")).hasSize(1);
        assertThat(one.json().get("leaks").get(0)).isEqualTo(leaks.get(0));
        assertThat(one.json().get("omittedTraces").asInt()).isEqualTo(1);
        assertThat(CliRun.run("leaks", dump.toString(), "--index-dir", idx.toString(), "-q", "--traces-per-leak", "1")
                .out()).isEqualTo(text.out());
        CliRun none = CliRun.run("leaks", dump.toString(), "--index-dir", idx.toString(), "-q", "--traces-per-leak", "0");
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.err()).contains("--traces-per-leak must be at least 1");
    }

    @Test
    void classFinderAndMatcherFile(@TempDir Path dir) throws Exception {
        Path dump = PlantedDump.copyTo(dir);
        String cache = "dev.heapwise.analysis.fixture.PlantedProgram$Cache";
        CliRun r = CliRun.run("leaks", dump.toString(), "--class", cache, "--json", "-q");
        assertThat(r.json().get("leaks")).hasSize(1);
        Path matchers = dir.resolve("matchers.json");
        Files.writeString(matchers, """
                [{"type": "staticField", "className": "dev.heapwise.analysis.fixture.PlantedProgram$Planted",
                  "fieldName": "cache", "description": "our known cache"}]""");
        CliRun lib = CliRun.run("leaks", dump.toString(), "--class", cache, "--matchers", matchers.toString(), "--json", "-q");
        JsonNode l = lib.json().get("leaks").get(0);
        assertThat(l.get("libraryLeak").asBoolean()).isTrue();
        assertThat(l.get("description").asText()).isEqualTo("our known cache");
        Files.writeString(matchers, "[{\"type\": \"nope\"}]");
        CliRun bad = CliRun.run("leaks", dump.toString(), "--matchers", matchers.toString(), "-q");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("matchers.json: matcher 0: type must be");
        Files.writeString(matchers, "[{");
        CliRun broken = CliRun.run("leaks", dump.toString(), "--matchers", matchers.toString(), "-q");
        assertThat(broken.exit()).isEqualTo(2);
        assertThat(broken.err()).contains("matchers.json: line 1, column");
    }

    @Test
    void heapsWithoutLeaks(@TempDir Path dir) throws Exception {
        Path dump = PlantedDump.copyTo(dir);
        CliRun r = CliRun.run("leaks", dump.toString(), "--json", "-q");
        assertThat(r.exit()).isZero();
        assertThat(r.json().get("leaks")).isEmpty();
        Path empty = dir.resolve("empty.hprof");
        new SyntheticHeap().write(empty);
        CliRun e = CliRun.run("leaks", empty.toString(), "-q");
        assertThat(e.exit()).isZero();
        assertThat(e.out()).contains("0 APPLICATION LEAKS");
        CliRun none = CliRun.run("leaks", empty.toString(), "--class", "no.Such*", "--json", "-q");
        assertThat(none.exit()).isZero();
        assertThat(none.json().get("leaks")).isEmpty();
        assertThat(none.err()).contains("no class matches no.Such*");
        CliRun missing = CliRun.run("leaks", empty.toString(), "--class", "no.Such", "-q");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err()).contains("no class named no.Such");
    }

    @Test
    void aBrokenMatcherFileIsOneCleanLine(@TempDir Path dir) throws Exception {
        Path dump = PlantedDump.copyTo(dir);
        Path m = java.nio.file.Files.writeString(dir.resolve("m.json"), "[ {\"type\": \"staticField\"\n");
        CliRun r = CliRun.run("leaks", dump.toString(), "--matchers", m.toString(), "-q");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).contains(m + ": line 2", "not valid JSON").doesNotContain("REDACTED", "Source:");
    }
}
