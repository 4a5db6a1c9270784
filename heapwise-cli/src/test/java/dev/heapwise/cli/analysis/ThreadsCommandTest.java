package dev.heapwise.cli.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.analysis.fixture.OutOfMemoryProgram;
import dev.heapwise.analysis.fixture.StackHeldProgram;
import dev.heapwise.analysis.fixture.ThreadDumps;
import dev.heapwise.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code threads}, {@code suspects}, {@code info} and {@code report} say what a thread's stack
 * retains and which thread threw an OutOfMemoryError, on dumps child JVMs made.
 */
class ThreadsCommandTest {
    private static final long BIG = (long) StackHeldProgram.BLOCKS * StackHeldProgram.BLOCK;

    @Test
    void threadsShowWhatEachThreadAndFrameRetain(@TempDir Path dir) throws Exception {
        Path dump = Files.copy(ThreadDumps.stackHeld(), dir.resolve("held.hprof"));
        CliRun r = CliRun.run("threads", dump.toString(), "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode main = null;
        for (JsonNode t : r.json().get("threads")) {
            if (t.get("name").asText().equals("main")) {
                main = t;
            }
        }
        assertThat(main.get("retainedSize").asLong()).isGreaterThan(BIG);
        assertThat(main.get("localsRetainedSize").asLong()).isGreaterThan(BIG);
        assertThat(main.get("threwOutOfMemoryError").asBoolean()).isFalse();
        JsonNode build = null;
        for (JsonNode f : main.get("frames")) {
            assertThat(f.has("localsRetainedSize")).isTrue();
            if (f.get("method").asText().equals("build")) {
                build = f;
            }
        }
        assertThat(build.get("localsRetainedSize").asLong()).isGreaterThan(BIG);
        assertThat(main.has("otherLocalsRetainedSize")).isTrue();

        CliRun text = CliRun.run("threads", dump.toString(), "-q");
        assertThat(text.out()).containsPattern("\"main\"  java.lang.Thread 0x\\p{XDigit}+  retains 4\\.\\d MiB, its locals 4\\.\\d MiB")
                .containsPattern("at " + StackHeldProgram.class.getName().replace(".", "\\.").replace("$", "\\$")
                        + "\\.build\\(StackHeldProgram\\.java:\\d+\\)  \\(locals retain 4\\.\\d MiB\\)");

        CliRun suspects = CliRun.run("suspects", dump.toString(), "--json", "-q");
        JsonNode first = suspects.json().get("suspects").get(0);
        assertThat(first.get("kind").asText()).isEqualTo("thread");
        assertThat(first.get("description").asText()).startsWith("Thread \"main\" keeps local variables: ");
        assertThat(first.get("path").get(0).get("id").asText()).isEqualTo(main.get("id").asText());
        assertThat(suspects.json().has("outOfMemoryErrorThread")).isFalse();

        JsonNode info = CliRun.run("info", dump.toString(), "--json", "-q").json();
        assertThat(info.get("localReferences").asLong()).isPositive().isLessThan(info.get("references").asLong());
        assertThat(CliRun.run("info", dump.toString(), "-q").out())
                .containsPattern("references: +[\\d,]+ \\([\\d,]+ from threads to what their stacks hold\\)");
    }

    @Test
    void theThreadThatThrewTheOutOfMemoryErrorIsNamed(@TempDir Path dir) throws Exception {
        Path dump = Files.copy(ThreadDumps.outOfMemory(), dir.resolve("oom.hprof"));
        String thread = OutOfMemoryProgram.THREAD;
        CliRun threads = CliRun.run("threads", dump.toString(), "-q");
        assertThat(threads.out()).contains("thread \"" + thread + "\" threw the OutOfMemoryError",
                "\"" + thread + "\"", "(threw the OutOfMemoryError)", "at java.lang.OutOfMemoryError.<init>(");
        for (JsonNode t : CliRun.run("threads", dump.toString(), "--json", "-q").json().get("threads")) {
            assertThat(t.get("threwOutOfMemoryError").asBoolean()).as(t.get("name").asText())
                    .isEqualTo(t.get("name").asText().equals(thread));
        }
        CliRun suspects = CliRun.run("suspects", dump.toString(), "-q");
        assertThat(suspects.out()).contains("The OutOfMemoryError was thrown by thread \"" + thread + "\"",
                "Thread \"" + thread + "\" keeps local variables: ", "This thread threw the OutOfMemoryError.");
        assertThat(CliRun.run("suspects", dump.toString(), "--json", "-q").json().at("/outOfMemoryErrorThread/name")
                .asText()).isEqualTo(thread);
        assertThat(CliRun.run("info", dump.toString(), "--json", "-q").json().get("outOfMemoryErrorThread").asText())
                .isEqualTo(thread);
        JsonNode report = CliRun.run("report", dump.toString(), "--json", "-q").json();
        assertThat(report.at("/overview/outOfMemoryErrorThread").asText()).isEqualTo(thread);
        JsonNode top = report.get("threads").get(0);
        assertThat(top.get("name").asText()).isEqualTo(thread);
        assertThat(top.get("threwOutOfMemoryError").asBoolean()).isTrue();
        assertThat(top.get("localsRetainedSize").asLong()).isPositive();
        assertThat(report.get("suspects").get(0).get("kind").asText()).isEqualTo("thread");
    }
}
