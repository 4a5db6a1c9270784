package dev.heapwise.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.hprof.fixture.ObfuscatedDump;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --mapping}: a dump of a program with R8-style names ({@code a.a}, {@code a.b}) read with
 * the mapping R8 would have written, and LeakCanary's Android dump read with a mapping that
 * renames its leaking class.
 */
class MappingTest {
    static ObfuscatedDump obf;
    static String dump;
    static String mapping;

    @BeforeAll
    static void make() throws Exception {
        obf = ObfuscatedDump.get();
        dump = obf.dump.toString();
        mapping = obf.mapping.toString();
    }

    static List<String> classNames(CliRun histogram) {
        assertThat(histogram.exit()).as(histogram.err()).isZero();
        List<String> names = new ArrayList<>();
        histogram.json().get("classes").forEach(c -> names.add(c.get("name").asText()));
        return names;
    }

    @Test
    void histogramNamesClassesArraysAndNestedClassesAsTheSourceDid(@TempDir Path idx) throws Exception {
        List<String> plain = classNames(CliRun.run("histogram", dump, "--json", "-q", "--index-dir", idx.toString()));
        assertThat(plain).contains("a.a", "a.b", "a.b$a", "a.b[]").noneMatch(n -> n.startsWith("com.example."));
        FileTime built = Files.getLastModifiedTime(idx.resolve("manifest.json"));
        CliRun mapped = CliRun.run("histogram", dump, "--json", "-q", "--index-dir", idx.toString(), "--mapping", mapping);
        List<String> names = classNames(mapped);
        assertThat(names).contains("com.example.Main", "com.example.LeakyService", "com.example.LeakyService$Binder",
                "com.example.LeakyService[]").doesNotContain("a.a", "a.b", "a.b$a", "a.b[]");
        // The VM's lambda class is not in the mapping: its outer class is.
        assertThat(names).anyMatch(n -> n.startsWith("com.example.Main$$Lambda"));
        JsonNode service = find(mapped.json().get("classes"), "com.example.LeakyService");
        assertThat(service.get("count").asInt()).isEqualTo(4);
        assertThat(mapped.err()).as("the mapping fits: no warning").isEmpty();
        // One index serves both: the mapping is applied when the graph opens, not written.
        assertThat(Files.getLastModifiedTime(idx.resolve("manifest.json"))).isEqualTo(built);
        assertThat(classNames(CliRun.run("histogram", dump, "--json", "-q", "--index-dir", idx.toString())))
                .isEqualTo(plain);
    }

    static JsonNode find(JsonNode array, String name) {
        for (JsonNode n : array) {
            if (n.get("name").asText().equals(name)) {
                return n;
            }
        }
        throw new AssertionError(name + " not in " + array);
    }

    @Test
    void showPathAndDominatorsGiveOriginalClassAndFieldNames() {
        CliRun path = CliRun.run("path", dump, "--class", "com.example.LeakyService", "-q", "--mapping", mapping);
        assertThat(path.exit()).as(path.err()).isZero();
        assertThat(path.out()).contains("4 instances of com.example.LeakyService", "static .services",
                "class com.example.Main", "<local in frame 2: com.example.Main.dump(Main.kt:" + ObfuscatedDump.DUMP_CALL_LINE + ")>");
        CliRun noMapping = CliRun.run("path", dump, "--class", "com.example.LeakyService", "-q");
        assertThat(noMapping.exit()).isEqualTo(2);
        assertThat(noMapping.err()).contains("no class named com.example.LeakyService");

        String service = firstLeakingId();
        JsonNode show = CliRun.run("show", dump, service, "--json", "-q", "--mapping", mapping).json();
        assertThat(show.get("className").asText()).isEqualTo("com.example.LeakyService");
        List<String> fields = new ArrayList<>();
        show.get("fields").forEach(f -> fields.add(f.get("name").asText() + " " + f.get("declaringClass").asText()));
        assertThat(fields).containsExactly("id com.example.LeakyService", "buffer com.example.LeakyService",
                "binder com.example.LeakyService");
        assertThat(show.get("references").findValuesAsText("name")).contains("buffer", "binder");
        String mainClass = find(CliRun.run("histogram", dump, "--json", "-q", "--mapping", mapping).json().get("classes"),
                "com.example.Main").get("classId").asText();
        JsonNode statics = CliRun.run("show", dump, mainClass, "--json", "-q", "--mapping", mapping).json();
        assertThat(statics.get("className").asText()).isEqualTo("com.example.Main");
        assertThat(statics.get("staticFields").findValuesAsText("name")).contains("services", "task");

        CliRun packages = CliRun.run("dominators", dump, "--group-by", "package", "--json", "-q", "--mapping", mapping);
        assertThat(packages.exit()).as(packages.err()).isZero();
        assertThat(packages.out()).contains("\"com.example\"").doesNotContain("\"a\"");
    }

    static String firstLeakingId() {
        CliRun r = CliRun.run("leaks", dump, "--class", "com.example.LeakyService", "--json", "-q", "--mapping", mapping);
        return r.json().get("leaks").get(0).get("leakingObjectId").asText();
    }

    @Test
    void leakTracesAndSignaturesUseOriginalNames() {
        CliRun r = CliRun.run("leaks", dump, "--class", "com.example.LeakyService", "--json", "-q", "--mapping", mapping);
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode leak = r.json().get("leaks").get(0);
        assertThat(leak.get("className").asText()).isEqualTo("com.example.LeakyService");
        assertThat(leak.get("trace").findValuesAsText("reference")).contains("static Main.services");
        CliRun plain = CliRun.run("leaks", dump, "--class", "a.b", "--json", "-q");
        JsonNode obfuscated = plain.json().get("leaks").get(0);
        assertThat(obfuscated.get("trace").findValuesAsText("reference")).contains("static a.a");
        assertThat(leak.get("signature").asText()).hasSize(40).isNotEqualTo(obfuscated.get("signature").asText());
        CliRun text = CliRun.run("leaks", dump, "--class", "com.example.*", "-q", "--mapping", mapping);
        assertThat(text.out()).contains("├─ com.example.Main class", "↓ static Main.services",
                "╰→ com.example.LeakyService instance");
    }

    @Test
    void threadFramesGetTheirOriginalClassMethodLineAndSourceFile() {
        CliRun r = CliRun.run("threads", dump, "--json", "-q", "--mapping", mapping);
        assertThat(r.exit()).as(r.err()).isZero();
        List<String> frames = new ArrayList<>();
        JsonNode main = null;
        for (JsonNode t : r.json().get("threads")) {
            if (t.get("name").asText().equals("main")) {
                main = t;
            }
        }
        assertThat(main).isNotNull();
        for (JsonNode f : main.get("frames")) {
            frames.add(f.get("text").asText() + " " + f.get("signature").asText());
        }
        // dump's frame is at the line where Log.write was inlined: the outer method, at its call's line.
        assertThat(frames).contains(
                "com.example.Main.dump(Main.kt:" + ObfuscatedDump.DUMP_CALL_LINE
                        + ") (Ljava/lang/String;[Lcom/example/LeakyService;)V",
                "com.example.Main.main(Main.kt:" + (ObfuscatedDump.MAIN_FIRST_LINE + 5) + ") ([Ljava/lang/String;)V");
        CliRun text = CliRun.run("threads", dump, "-q", "--mapping", mapping);
        assertThat(text.out()).contains("local com.example.LeakyService[2]", "local com.example.Main ");
        CliRun plain = CliRun.run("threads", dump, "-q");
        assertThat(plain.out()).contains("at a.a.a(a.java:" + obf.dumpCallLine + ")",
                "at a.a.main(a.java:" + obf.mainCallLine + ")");
    }

    @Test
    void compareAndGrowthTakeOneMappingForAllDumps() {
        CliRun r = CliRun.run("compare", dump, dump, "--all", "--json", "-q", "--mapping", mapping);
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("com.example.LeakyService").doesNotContain("\"a.b\"");
    }

    @Test
    void aBadMappingLineIsOneLineWithFileAndLineNumber(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("mapping.txt");
        Files.writeString(bad, """
                # compiler: R8
                com.example.Main -> a.a:
                    java.util.List services a
                """);
        CliRun r = CliRun.run("histogram", dump, "-q", "--mapping", bad.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).startsWith("heapwise: " + bad + ": line 3, column 5: expected a field 'type name -> obfuscated'");
        CliRun series = CliRun.run("growth", dump, dump, "-q", "--mapping", bad.toString());
        assertThat(series.exit()).isEqualTo(2);
        assertThat(series.err()).contains(bad + ": line 3, column 5");
        CliRun missing = CliRun.run("histogram", dump, "-q", "--mapping", dir.resolve("nope.txt").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err().strip()).isEqualTo("heapwise: " + dir.resolve("nope.txt") + ": no such file");
    }

    @Test
    void aMappingOfAnotherBuildIsWarnedAbout(@TempDir Path dir) throws Exception {
        Path other = Files.writeString(dir.resolve("other.txt"), "com.example.Other -> z.z:\n");
        CliRun r = CliRun.run("histogram", dump, "-q", "--mapping", other.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.err()).contains("other.txt maps none of the classes of");
    }

    @Test
    void androidLeakTraceAndSignatureFollowTheMapping(@TempDir Path dir) throws Exception {
        String root = System.getProperty("heapwise.shared.data");
        assumeTrue(root != null && Files.isRegularFile(Path.of(root, "hprof", "leak_service_binder.hprof")),
                "shared data folder not available");
        String android = Path.of(root, "hprof", "leak_service_binder.hprof").toString();
        // The dump's names read as obfuscated ones: the mapping names the service and its static field anew.
        Path m = Files.writeString(dir.resolve("mapping.txt"), """
                com.example.app.BinderService -> com.example.leakcanary.LeakyService:
                    java.util.List retainedBinders -> leakAllTheBinders
                """);
        Path idx = dir.resolve("index");
        JsonNode plain = CliRun.run("leaks", android, "--json", "-q", "--index-dir", idx.toString()).json()
                .get("leaks").get(0);
        CliRun r = CliRun.run("leaks", android, "--json", "-q", "--index-dir", idx.toString(), "--mapping", m.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode leak = r.json().get("leaks").get(0);
        assertThat(leak.get("className").asText()).isEqualTo("com.example.app.BinderService");
        assertThat(leak.get("trace").get(0).get("reference").asText()).isEqualTo("static BinderService.retainedBinders");
        assertThat(plain.get("trace").get(0).get("reference").asText()).isEqualTo("static LeakyService.leakAllTheBinders");
        assertThat(leak.get("signature").asText()).isNotEqualTo(plain.get("signature").asText());
    }
}
