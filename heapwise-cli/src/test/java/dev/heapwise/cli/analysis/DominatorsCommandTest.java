package dev.heapwise.cli.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.analysis.fixture.Heaps;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.cli.CliRun;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code heapwise dominators} and {@code histogram --sort retained} on the planted dump. */
class DominatorsCommandTest {
    static final String P = "dev.heapwise.analysis.fixture.PlantedProgram$";
    @TempDir
    static Path dir;
    static Path dump;
    static String a;
    static List<String> abcd = new ArrayList<>();

    @BeforeAll
    static void plant() throws Exception {
        dump = PlantedDump.copyTo(dir);
        try (HeapGraph g = Hprof.open(dump)) {
            int oa = Heaps.staticTarget(g, P + "Planted", "root");
            a = Ids.hex(g.id(oa));
            for (String f : List.of("a", "b", "c")) {
                abcd.add(Ids.hex(g.id(Heaps.fieldTarget(g, oa, f))));
            }
        }
    }

    @Test
    void subtreeOfOneObjectAsJson() {
        CliRun r = CliRun.run("dominators", dump.toString(), "--root", a, "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.at("/root/id").asText()).isEqualTo(a);
        assertThat(j.at("/root/retainedSize").asLong()).isEqualTo(6 * 32 + 120);
        JsonNode objects = j.get("objects");
        assertThat(objects).hasSize(3);
        // B (retains E), C (retains F1, F2), D: biggest first.
        assertThat(objects.get(0).get("id").asText()).isEqualTo(abcd.get(0));
        assertThat(objects.get(0).get("retainedSize").asLong()).isEqualTo(152);
        assertThat(objects.get(1).get("id").asText()).isEqualTo(abcd.get(1));
        assertThat(objects.get(1).get("retainedSize").asLong()).isEqualTo(96);
        assertThat(objects.get(2).get("retainedSize").asLong()).isEqualTo(32);
        assertThat(objects.get(0).get("className").asText()).isEqualTo(P + "Node");
        assertThat(objects.get(0).get("shallowSize").asLong()).isEqualTo(32);
        assertThat(objects.get(0).has("children")).isFalse();
    }

    @Test
    void depthNestsChildren() {
        CliRun r = CliRun.run("dominators", dump.toString(), "--root", a, "--depth", "3", "--json", "-q");
        JsonNode c = r.json().get("objects").get(1); // C
        assertThat(c.get("children")).hasSize(1); // F1
        assertThat(c.at("/children/0/children")).hasSize(1); // F2
        assertThat(c.at("/children/0/children/0/retainedSize").asLong()).isEqualTo(32);
    }

    @Test
    void topLevelTextAndGroups() {
        CliRun r = CliRun.run("dominators", dump.toString(), "--top", "5", "-q");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("retained", "dominator tree:");
        CliRun g = CliRun.run("dominators", dump.toString(), "--root", a, "--group-by", "class", "--json", "-q");
        JsonNode groups = g.json().get("groups");
        assertThat(groups).hasSize(1);
        assertThat(groups.get(0).get("name").asText()).isEqualTo(P + "Node");
        assertThat(groups.get(0).get("objects").asLong()).isEqualTo(3);
        assertThat(groups.get(0).get("retainedSize").asLong()).isEqualTo(152 + 96 + 32);
        CliRun p = CliRun.run("dominators", dump.toString(), "--group-by", "package", "-q");
        assertThat(p.out()).contains("java.lang");
    }

    @Test
    void groupsAreCutAtTop() {
        JsonNode all = CliRun.run("dominators", dump.toString(), "--group-by", "class", "--top", "100000", "--json", "-q")
                .json();
        assertThat(all.get("groupCount").asInt()).isGreaterThan(2).isEqualTo(all.get("groups").size());
        JsonNode two = CliRun.run("dominators", dump.toString(), "--group-by", "class", "--top", "2", "--json", "-q")
                .json();
        assertThat(two.get("groups")).hasSize(2);
        assertThat(two.get("groups").get(0)).isEqualTo(all.get("groups").get(0));
        assertThat(two.get("groupCount")).isEqualTo(all.get("groupCount"));
        long classObjects = 0;
        for (JsonNode gr : all.get("groups")) {
            if (gr.get("name").asText().equals("java.lang.Class")) {
                classObjects = gr.get("objects").asLong();
            }
        }
        assertThat(classObjects).as("top-level class objects grouped as java.lang.Class, as in the histogram")
                .isGreaterThan(1);
        CliRun text = CliRun.run("dominators", dump.toString(), "--group-by", "class", "--top", "2", "-q");
        assertThat(text.out()).contains("more groups (--top shows more)");
        CliRun zero = CliRun.run("dominators", dump.toString(), "--top", "0", "-q");
        assertThat(zero.exit()).isEqualTo(2);
        assertThat(zero.err()).contains("--top must be at least 1, not 0");
        assertThat(zero.out()).isEmpty();
    }

    @Test
    void histogramGainsRetainedSizes() {
        CliRun r = CliRun.run("histogram", dump.toString(), "--json", "-q");
        assertThat(r.exit()).isZero();
        JsonNode node = null;
        for (JsonNode c : r.json().get("classes")) {
            assertThat(c.has("retainedSize")).isTrue();
            if (c.get("name").asText().equals(P + "Node")) {
                node = c;
            }
        }
        // Nodes A..G, F1, F2 and two more: the union of their retained sets counts each once.
        assertThat(node).isNotNull();
        assertThat(node.get("retainedSize").asLong()).isGreaterThanOrEqualTo(6 * 32 + 120 + 32);
        CliRun t = CliRun.run("histogram", dump.toString(), "--sort", "retained", "--top", "3", "-q");
        assertThat(t.out()).contains("retained bytes");
        CliRun plain = CliRun.run("histogram", dump.toString(), "--top", "3", "-q");
        assertThat(plain.out()).doesNotContain("retained");
    }

    @Test
    void unknownObjectsAreBadInput() {
        CliRun r = CliRun.run("dominators", dump.toString(), "--root", "0x1", "-q");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("no object with id 0x1").doesNotContain("Exception");
        CliRun s = CliRun.run("dominators", dump.toString(), "--root", "nonsense!", "-q");
        assertThat(s.exit()).isEqualTo(2);
        assertThat(s.err()).contains("not an object id");
        CliRun m = CliRun.run("dominators", dir.resolve("missing.hprof").toString(), "-q");
        assertThat(m.exit()).isEqualTo(2);
        assertThat(m.err()).contains("no such file");
    }

    @Test
    void emptyHeap(@TempDir Path d) throws Exception {
        Path empty = d.resolve("empty.hprof");
        new SyntheticHeap().write(empty);
        CliRun r = CliRun.run("dominators", empty.toString(), "--json", "-q");
        assertThat(r.exit()).isZero();
        assertThat(r.json().get("objects")).isEmpty();
        assertThat(r.json().at("/unreachable/objects").asLong()).isEqualTo(3);
        CliRun k = CliRun.run("dominators", empty.toString(), "--keep-unreachable", "--json", "-q");
        // java.lang.Object[]'s class object is referred to by nothing: the one pseudo-root, which
        // reaches the other two class objects (its superclass and, through the class edge, Class).
        assertThat(k.json().get("objects")).hasSize(1);
        assertThat(k.json().get("reachableObjects").asLong()).isEqualTo(3);
        CliRun t = CliRun.run("dominators", empty.toString(), "-q");
        assertThat(t.out()).contains("(nothing)");
    }
}
