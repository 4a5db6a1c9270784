package dev.heapwise.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.cli.CliRun;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/demo: its program (demo/LeakyApp.java, run as a source file and dumped with jcmd, as the script
 * does) leaks through a listener list and a cache, and heapwise names both; the script builds only when
 * the jar is missing or older than a source.
 */
class DemoTest {
    @TempDir
    Path dir;
    private Path project;

    @BeforeEach
    void setUp() {
        String p = System.getProperty("heapwise.project.dir");
        assumeTrue(p != null, "project folder not known");
        project = Path.of(p);
    }

    @Test
    void heapwiseFindsTheDemoProgramsLeaks() throws Exception {
        Path dump = dir.resolve("leaky-app.hprof");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process app = new ProcessBuilder(java.toString(), "-Xmx256m", project.resolve("demo/LeakyApp.java").toString())
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(app.getInputStream(), StandardCharsets.UTF_8));
            List<String> seen = new ArrayList<>();
            String pid = null;
            for (String line; pid == null && (line = out.readLine()) != null; ) {
                seen.add(line);
                if (line.startsWith("ready ")) {
                    pid = line.substring("ready ".length()).strip();
                }
            }
            assertThat(pid).as("LeakyApp said " + seen).isNotNull();
            Process jcmd = new ProcessBuilder(java.resolveSibling("jcmd").toString(), pid, "GC.heap_dump", dump.toString())
                    .redirectErrorStream(true).start();
            String said = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(jcmd.waitFor(2, TimeUnit.MINUTES)).isTrue();
            assertThat(jcmd.exitValue()).as(said).isZero();
        } finally {
            app.destroyForcibly();
            app.waitFor(30, TimeUnit.SECONDS);
        }

        CliRun suspects = CliRun.run("suspects", dump.toString(), "--json", "-q");
        assertThat(suspects.exit()).as(suspects.err()).isZero();
        JsonNode list = suspects.json().get("suspects");
        assertThat(list).hasSizeGreaterThanOrEqualTo(2);
        JsonNode bus = list.get(0); // main holds the bus as a local variable: its thread retains it
        assertThat(bus.get("kind").asText()).isEqualTo("thread");
        assertThat(bus.get("description").asText()).startsWith("Thread \"main\" keeps local variables");
        assertThat(bus.get("percent").asDouble()).isGreaterThan(50);
        assertThat(bus.get("accumulationPoint").get("className").asText()).isEqualTo("java.lang.Object[]");
        assertThat(list.get(1).get("className").asText()).isEqualTo("LeakyApp$ReportRenderer");
        String text = CliRun.run("suspects", dump.toString(), "-q").out();
        assertThat(text).contains(".listeners → java.util.ArrayList").contains(".rendered → java.util.HashMap")
                .contains("It holds 1,500 objects directly");
        JsonNode top = CliRun.run("dominators", dump.toString(), "--json", "--top", "2", "-q").json().get("objects");
        assertThat(top.get(0).get("className").asText()).isEqualTo("java.lang.Thread");
        assertThat(top.get(1).get("className").asText()).isEqualTo("LeakyApp$ReportRenderer");
    }

    @Test
    void buildsOnlyWhenTheSourcesChanged() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "no bash");
        Path copy = Files.createDirectories(dir.resolve("project"));
        Files.createDirectories(copy.resolve("bin/lib"));
        Files.copy(project.resolve("bin/demo"), copy.resolve("bin/demo"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(project.resolve("bin/lib/jdk.sh"), copy.resolve("bin/lib/jdk.sh"));
        // bin/build and bin/heapwise stand-ins that only say they ran
        script(copy.resolve("bin/build"), "echo built >> \"$(dirname \"$0\")/../build.log\"\nmkdir -p \"$(dirname \"$0\")/../heapwise-cli/target\"\n"
                + "touch \"$(dirname \"$0\")/../heapwise-cli/target/heapwise.jar\"");
        script(copy.resolve("bin/heapwise"), "echo \"heapwise $1\"");
        Path source = Files.createDirectories(copy.resolve("heapwise-graph/src/main/java")).resolve("A.java");
        Files.writeString(source, "class A {}");
        Files.writeString(copy.resolve("pom.xml"), "<project/>");
        Path dump = Files.writeString(dir.resolve("app.hprof"), "");
        Path log = copy.resolve("build.log");

        String first = demo(copy, dump); // no jar yet
        assertThat(Files.readAllLines(log)).containsExactly("built");
        assertThat(first).contains("heapwise info", "heapwise suspects", "heapwise report");

        demo(copy, dump); // nothing changed
        assertThat(Files.readAllLines(log)).containsExactly("built");

        Path jar = copy.resolve("heapwise-cli/target/heapwise.jar");
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
        demo(copy, dump); // a source newer than the jar
        assertThat(Files.readAllLines(log)).containsExactly("built", "built");

        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
        try (var all = Files.walk(copy.resolve("heapwise-graph"))) { // files and folders (a deleted source changes its folder)
            for (Path p : all.toList()) {
                Files.setLastModifiedTime(p, FileTime.from(Instant.now().minusSeconds(120)));
            }
        }
        Files.setLastModifiedTime(copy.resolve("pom.xml"), FileTime.from(Instant.now().minusSeconds(120)));
        demo(copy, dump); // everything older than the jar
        assertThat(Files.readAllLines(log)).containsExactly("built", "built");
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/usr/bin/env bash\n" + body + "\n");
        assertThat(file.toFile().setExecutable(true)).isTrue();
    }

    private static String demo(Path copy, Path dump) throws Exception {
        Process p = new ProcessBuilder("/bin/bash", copy.resolve("bin/demo").toString(), dump.toString())
                .redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(1, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }
}
