package dev.heapwise.cli.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.analysis.fixture.Heaps;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.cli.CliRun;
import dev.heapwise.cli.CountOptions;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code heapwise path} on the planted dump. */
class PathCommandTest {
    static final String P = "dev.heapwise.analysis.fixture.PlantedProgram$";
    @TempDir
    static Path dir;
    static Path dump;
    static String weakTarget;
    static String f2;

    @BeforeAll
    static void plant() throws Exception {
        dump = PlantedDump.copyTo(dir);
        try (HeapGraph g = Hprof.open(dump)) {
            int w = Heaps.staticTarget(g, P + "Planted", "weak");
            weakTarget = Ids.hex(g.id(Heaps.fieldTarget(g, w, "referent")));
            int a = Heaps.staticTarget(g, P + "Planted", "root");
            f2 = Ids.hex(g.id(Heaps.fieldTarget(g, Heaps.fieldTarget(g, Heaps.fieldTarget(g, a, "b"), "a"), "a")));
        }
    }

    @Test
    void jsonStepsFromRootToTarget() {
        CliRun r = CliRun.run("path", dump.toString(), f2, "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode steps = r.json().at("/paths/0/steps");
        assertThat(steps.get(0).has("rootKind")).isTrue();
        assertThat(steps.get(0).get("reference").isNull()).isTrue();
        JsonNode last = steps.get(steps.size() - 1);
        assertThat(last.get("id").asText()).isEqualTo(f2);
        assertThat(last.get("className").asText()).isEqualTo(P + "Node");
        assertThat(last.get("reference").asText()).isEqualTo("a");
        assertThat(last.has("rootKind")).isFalse();
    }

    @Test
    void weakPathOnlyWhenIncluded() {
        JsonNode strong = CliRun.run("path", dump.toString(), weakTarget, "--json", "-q").json().at("/paths/0/steps");
        JsonNode weak = CliRun.run("path", dump.toString(), weakTarget, "--include", "weak", "--json", "-q").json()
                .at("/paths/0/steps");
        assertThat(weak.get(weak.size() - 1).get("reference").asText()).isEqualTo("referent");
        assertThat(strong.get(strong.size() - 1).get("reference").asText()).isEqualTo("held");
        CliRun none = CliRun.run("path", dump.toString(), weakTarget, "--exclude", P + "Holder:held", "-q");
        assertThat(none.exit()).isZero();
        assertThat(none.out()).contains("no path from a GC root", "--include");
        CliRun text = CliRun.run("path", dump.toString(), weakTarget, "-q");
        assertThat(text.out()).contains("GC root:", ".held → " + P + "Node @ " + weakTarget);
    }

    @Test
    void mergedPathsOfAClass() {
        CliRun r = CliRun.run("path", dump.toString(), "--class", P + "Holder", "--json", "-q");
        assertThat(r.exit()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("targets").asInt()).isEqualTo(3);
        assertThat(j.get("paths")).hasSize(3);
        assertThat(j.get("merged").get(0).get("targets").asInt()).isPositive();
        CliRun t = CliRun.run("path", dump.toString(), "--class", P + "Holder", "-q");
        assertThat(t.out()).contains("3 instances of " + P + "Holder: 3 with a path");
    }

    @Test
    void mergedTreeShownToADepth() {
        CliRun deep = CliRun.run("path", dump.toString(), "--class", P + "Node", "-q");
        CliRun shallow = CliRun.run("path", dump.toString(), "--class", P + "Node", "--depth", "1", "-q");
        assertThat(shallow.exit()).as(shallow.err()).isZero();
        assertThat(deep.out()).doesNotContain("--depth shows more");
        assertThat(shallow.out()).contains("more branches (--depth shows more)");
        assertThat(shallow.out().lines().count()).isLessThan(deep.out().lines().count());
        CliRun bad = CliRun.run("path", dump.toString(), "--class", P + "Node", "--depth", "0", "-q");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("--depth must be 1 to " + CountOptions.MAX_DEPTH);
    }

    @Test
    void badInput() {
        assertThat(CliRun.run("path", dump.toString(), "--class", "no.such.Class", "-q").exit()).isEqualTo(2);
        CliRun unknown = CliRun.run("path", dump.toString(), "0x10", "-q");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("no object with id 0x10");
        CliRun ex = CliRun.run("path", dump.toString(), f2, "--exclude", "nofield", "-q");
        assertThat(ex.exit()).isEqualTo(2);
        assertThat(ex.err()).contains("not class:field");
        CliRun typo = CliRun.run("path", dump.toString(), f2, "--exclude", "no.Such:field", "-q");
        assertThat(typo.exit()).isZero();
        assertThat(typo.err()).contains("--exclude no.Such:field: no class no.Such");
        assertThat(CliRun.run("path", dump.toString(), "-q").exit()).isEqualTo(2); // neither object nor --class
    }
}
