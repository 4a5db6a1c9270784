package dev.heapwise.cli.walker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code heapwise walk}, in-process on the worked example of docs/walker.md. */
class WalkCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private List<String> lines(String out) {
        return Arrays.asList(out.split("\n"));
    }

    @Test
    void traceShowsTheCallbackSequenceOfTheWorkedExample() throws Exception {
        Path dump = TinyDump.write(dir, false);
        Cli.Run r = Cli.run("walk", dump.toString(), "--trace", "-q");
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(lines(r.out())).containsExactly(
                "beginContainer(BEGIN)",
                "beginContainer(THREAD, 0x1000, 1)  # thread \"main\"",
                "  rootReferences(2): 0x1000, 0x1020",
                "  objectReferences(0x1000 [REPORTED], 1): 0x1010  # java.lang.Thread",
                "  objectReferences(0x1010 [REPORTED], 3): 0x1020 [REPORTED], null, 0x1010 [REPORTED|VISITED]  # demo.Node",
                "  objectReferences(0x1020 [REPORTED], 3): 0x1030, 0x1010 [REPORTED|VISITED], null  # demo.Node",
                "  objectReferences(0x1030 [REPORTED], 3): null, 0x1040, 0x1020 [REPORTED|VISITED]  # demo.Node",
                "  objectReferences(0x1040 [REPORTED], 4): 0x1010 [REPORTED|VISITED], null, 0x1030 [REPORTED|VISITED],"
                        + " 0x9990 [MISSING]  # java.lang.Object[]",
                "beginContainer(ROOTS, 1, 1)  # 1 JNI global root",
                "  rootReferences(1): 0x1010 [REPORTED|VISITED]",
                "beginContainer(HEAP)",
                "  objectReferences(0x1050, 3): 0x1020 [REPORTED|VISITED], null, null  # demo.Node",
                "  objectReferences(0x2000, 0): -  # class demo.Base",
                "  objectReferences(0x2010, 1): 0x2000 [VISITED]  # class demo.Node",
                "  objectReferences(0x2020, 0): -  # class java.lang.Thread",
                "  objectReferences(0x2030, 0): -  # class java.lang.Object[]",
                "beginContainer(END)");
    }

    @Test
    void smallBatchesSplitObjectsWithMoreReferences() throws Exception {
        Path dump = TinyDump.write(dir, false);
        Cli.Run r = Cli.run("walk", dump.toString(), "--trace", "--batch-size", "2", "-q");
        assertThat(lines(r.out())).containsSubsequence(
                "  objectReferences(0x1040 [REPORTED|MORE_REFERENCES], 2): 0x1010 [REPORTED|VISITED], null  # java.lang.Object[]",
                "  objectReferences(0x1040 [REPORTED], 2): 0x1030 [REPORTED|VISITED], 0x9990 [MISSING]  # java.lang.Object[]");
    }

    @Test
    void theLimitFailsTheWalkAndEndStillFollows() throws Exception {
        Path dump = TinyDump.write(dir, false);
        Cli.Run r = Cli.run("walk", dump.toString(), "--trace", "--limit", "3", "-q");
        assertThat(r.exit()).isZero();
        assertThat(lines(r.out())).containsExactly(
                "beginContainer(BEGIN)",
                "beginContainer(THREAD, 0x1000, 1)  # thread \"main\"",
                "  rootReferences(2): 0x1000, 0x1020",
                "# the trace limit was reached: the last callback answered FAIL, so only END follows",
                "beginContainer(END)");
    }

    @Test
    void jsonTraceIsOneDocument() throws Exception {
        Path dump = TinyDump.write(dir, false);
        Cli.Run r = Cli.run("walk", dump.toString(), "--trace", "--json", "-q");
        assertThat(r.exit()).isZero();
        JsonNode doc = JSON.readTree(r.out());
        JsonNode calls = doc.get("callbacks");
        assertThat(calls).hasSize(17);
        assertThat(calls.get(1).get("threadObject").asText()).isEqualTo("0x1000");
        assertThat(calls.get(1).get("threadName").asText()).isEqualTo("main");
        JsonNode arr = calls.get(7);
        assertThat(arr.get("object").asText()).isEqualTo("0x1040");
        assertThat(arr.get("refs").get(1).get("id").isNull()).isTrue();
        assertThat(arr.get("refs").get(3).get("flags").get(0).asText()).isEqualTo("MISSING");
        assertThat(calls.get(8).get("rootKind").asText()).isEqualTo("JNI_GLOBAL");
        assertThat(calls.get(13).get("represents").asText()).isEqualTo("demo.Node");
        assertThat(calls.get(16).get("type").asText()).isEqualTo("END");
        assertThat(doc.get("truncated").asBoolean()).isFalse();
        assertThat(doc.get("summary").get("objectsVisited").asInt()).isEqualTo(10);
    }

    @Test
    void summaryCountsTheWalk() throws Exception {
        Path dump = TinyDump.write(dir, false);
        Cli.Run r = Cli.run("walk", dump.toString(), "--json", "-q");
        JsonNode s = JSON.readTree(r.out()).get("summary");
        assertThat(s.get("objects").asInt()).isEqualTo(10);
        assertThat(s.get("objectsVisited").asInt()).isEqualTo(10);
        assertThat(s.get("objectsVisitedInHeap").asInt()).isEqualTo(5);
        assertThat(s.get("containers").get("THREAD").asInt()).isEqualTo(1);
        assertThat(s.get("containers").get("ROOTS").asInt()).isEqualTo(1);
        assertThat(s.get("references").asInt()).isEqualTo(18);
        assertThat(s.get("nullReferences").asInt()).isEqualTo(6);
        assertThat(s.get("missingReferences").asInt()).isEqualTo(1);
        assertThat(s.get("aborted").asBoolean()).isFalse();

        Cli.Run text = Cli.run("walk", dump.toString(), "-q");
        assertThat(text.out()).contains("visited     10 of 10 objects, 5 of them in the heap container");
    }

    @Test
    void postponingEverythingMakesAFlatList() throws Exception {
        Path dump = TinyDump.write(dir, false);
        Cli.Run r = Cli.run("walk", dump.toString(), "--postpone", "--json", "-q");
        JsonNode s = JSON.readTree(r.out()).get("summary");
        // Only the roots themselves (t, b, a) are visited from the root containers: nothing is descended.
        assertThat(s.get("objectsVisited").asInt()).isEqualTo(10);
        assertThat(s.get("objectsVisitedInHeap").asInt()).isEqualTo(7);
    }

    @Test
    void badOptionsAreOneLineErrors() throws Exception {
        Path dump = TinyDump.write(dir, false);
        Cli.Run unknown = Cli.run("walk", dump.toString(), "--from", "0x4242", "-q");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).isEqualTo("heapwise: " + dump + ": no object with id 0x4242 in this dump\n");
        Cli.Run batch = Cli.run("walk", dump.toString(), "--batch-size", "0", "-q");
        assertThat(batch.exit()).isEqualTo(2);
        assertThat(batch.err()).isEqualTo("heapwise: --batch-size 0: must be at least 1\n");
        Cli.Run missing = Cli.run("walk", dir.resolve("nope.hprof").toString(), "-q");
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err().lines()).hasSize(1);
    }
}
