package dev.heapwise.cli.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.analysis.fixture.GrowingCacheProgram;
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
        Path empty = dir.resolve("empty.hprof");
        new SyntheticHeap().write(empty);
        CliRun e = CliRun.run("leaks", empty.toString(), "-q");
        assertThat(e.exit()).isZero();
        assertThat(e.out()).contains("no --class given: no leak suspect", "0 APPLICATION LEAKS");
        CliRun j = CliRun.run("leaks", empty.toString(), "-q", "--json");
        assertThat(j.json().get("leaks")).isEmpty();
        assertThat(j.json().get("explainedSuspects").asInt()).isZero();
    }

    /**
     * A JVM's dump says nothing about what should be gone: without --class, the leak suspects'
     * accumulation points are explained, and the output says so. Here a static cache that only grows
     * (a JDK 25 child JVM): the trace goes through the static field to the cache's array.
     */
    @Test
    void withoutClassTheSuspectsAccumulationPointsAreExplained(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("cache.hprof");
        GrowingCacheProgram.dump(dump);
        CliRun text = CliRun.run("leaks", dump.toString(), "-q");
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out()).startsWith("no --class given: explaining the 1 leak suspect's accumulation point\n")
                .contains("1 APPLICATION LEAKS", "↓ static GrowingCacheProgram$LeakyCache.ENTRIES",
                        "╰→ java.lang.Object[] array", "Leaking: YES (the accumulation point of leak suspect 1",
                        "Leak finders: leak suspects' accumulation points");
        CliRun json = CliRun.run("leaks", dump.toString(), "-q", "--json");
        assertThat(json.json().get("explainedSuspects").asInt()).isEqualTo(1);
        assertThat(json.json().get("finders")).extracting(JsonNode::asText)
                .containsExactly("leak suspects' accumulation points");
        JsonNode leak = json.json().get("leaks").get(0);
        assertThat(leak.get("className").asText()).isEqualTo("java.lang.Object[]");
        assertThat(leak.get("trace")).extracting(n -> n.get("reference").asText())
                .contains("static GrowingCacheProgram$LeakyCache.ENTRIES");
        // Asked for a class, only that class: no suspects, no line about them.
        CliRun asked = CliRun.run("leaks", dump.toString(), "-q", "--json", "--class",
                "dev.heapwise.analysis.fixture.GrowingCacheProgram$Entry", "--traces-per-leak", "1");
        assertThat(asked.json().has("explainedSuspects")).isFalse();
        assertThat(asked.json().get("leaks").get(0).get("className").asText())
                .isEqualTo("dev.heapwise.analysis.fixture.GrowingCacheProgram$Entry");
    }

    /** A --class that matches nothing is a mistake in both its forms: exit 2, one line, the closest names. */
    @Test
    void aClassThatMatchesNothingExitsTwoWithTheClosestNames(@TempDir Path dir) throws Exception {
        Path dump = PlantedDump.copyTo(dir);
        CliRun exact = CliRun.run("leaks", dump.toString(), "-q", "--class", "Nope");
        assertThat(exact.exit()).isEqualTo(2);
        assertThat(exact.err().lines()).hasSize(1);
        assertThat(exact.err()).contains("no class named Nope in this dump; did you mean ", "java.util.HashMap$Node");
        CliRun pattern = CliRun.run("leaks", dump.toString(), "-q", "--class", "Nop.*");
        assertThat(pattern.exit()).isEqualTo(2);
        assertThat(pattern.err().lines()).hasSize(1);
        assertThat(pattern.err()).contains("no class matches Nop.*; did you mean ");
        assertThat(pattern.out()).isEmpty();
        // A simple name, a name in the wrong case, a typo: the class meant is suggested.
        String cache = "dev.heapwise.analysis.fixture.PlantedProgram$Cache";
        assertThat(CliRun.run("leaks", dump.toString(), "-q", "--class", "PlantedProgram$Cache").err())
                .contains("no class named PlantedProgram$Cache in this dump; did you mean " + cache + "?");
        assertThat(CliRun.run("leaks", dump.toString(), "-q", "--class", "*plantedprogram$cache").err())
                .contains("no class matches *plantedprogram$cache; did you mean " + cache + "?");
        CliRun typo = CliRun.run("leaks", dump.toString(), "-q", "--class", cache.replace("Cache", "Cahce"));
        assertThat(typo.exit()).isEqualTo(2);
        assertThat(typo.err()).contains("did you mean " + cache);
        // path --class says the same.
        assertThat(CliRun.run("path", dump.toString(), "-q", "--class", "PlantedProgram$Cache").err())
                .contains("did you mean " + cache + "?");
    }

    /** Roots LeakCanary does not start from are left out unless --all-roots asks for every kind. */
    @Test
    void allRootsWidensTheStartSet(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long leak = h.cls("app.Leak", "x");
        h.root(SyntheticHeap.ROOT_DEBUGGER, h.obj(h.cls("app.Holder", "x"), h.obj(leak, 0)));
        Path dump = dir.resolve("debugger.hprof");
        h.write(dump);
        CliRun shark = CliRun.run("leaks", dump.toString(), "-q", "--json", "--class", "app.Leak");
        assertThat(shark.json().get("leaks")).isEmpty();
        assertThat(shark.json().get("withoutPath").asInt()).isEqualTo(1);
        CliRun all = CliRun.run("leaks", dump.toString(), "-q", "--json", "--class", "app.Leak", "--all-roots");
        assertThat(all.json().get("leaks")).hasSize(1);
        assertThat(all.json().get("leaks").get(0).get("trace").get(0).get("rootKind").asText()).isEqualTo("debugger");
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
