package dev.heapwise.cli.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.cli.CliRun;
import dev.heapwise.graph.Ids;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An object reachable only through an instance's edge to its class object (MAT's {@code <class>}):
 * the dominator tree counts it reachable, so {@code path} must show that way, and an unreachable
 * object still has none.
 */
class ClassEdgePathTest {
    @TempDir
    static Path dir;
    static Path dump;

    @BeforeAll
    static void write() throws Exception {
        dump = LonelyClassDump.write(dir);
    }

    @Test
    void pathGoesThroughTheClassEdge() {
        CliRun r = CliRun.run("path", dump.toString(), Ids.hex(LonelyClassDump.HELD), "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode steps = r.json().at("/paths/0/steps");
        assertThat(steps).hasSize(3);
        assertThat(steps.get(0).get("id").asText()).isEqualTo(Ids.hex(LonelyClassDump.INSTANCE));
        assertThat(steps.get(0).has("rootKind")).isTrue();
        assertThat(steps.get(1).get("id").asText()).isEqualTo(Ids.hex(LonelyClassDump.LONELY_CLASS));
        assertThat(steps.get(1).get("reference").asText()).isEqualTo("<class>");
        assertThat(steps.get(2).get("reference").asText()).isEqualTo("held");
        CliRun text = CliRun.run("path", dump.toString(), Ids.hex(LonelyClassDump.LONELY_CLASS), "-q");
        assertThat(text.out()).contains("<class>").doesNotContain("no path");
    }

    @Test
    void theDominatorTreeAgrees() {
        JsonNode show = CliRun.run("show", dump.toString(), Ids.hex(LonelyClassDump.HELD), "--json", "-q").json();
        assertThat(show.get("reachable").asBoolean()).isTrue();
        assertThat(show.get("immediateDominator").asText()).isEqualTo(Ids.hex(LonelyClassDump.LONELY_CLASS));
    }

    @Test
    void anUnreachableObjectStillHasNoPath() {
        CliRun r = CliRun.run("path", dump.toString(), Ids.hex(LonelyClassDump.GARBAGE), "-q");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("no path from a GC root");
        JsonNode show = CliRun.run("show", dump.toString(), Ids.hex(LonelyClassDump.GARBAGE), "--json", "-q").json();
        assertThat(show.get("reachable").asBoolean()).isFalse();
    }
}
