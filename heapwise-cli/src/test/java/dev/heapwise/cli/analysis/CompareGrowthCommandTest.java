package dev.heapwise.cli.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.cli.CliRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code heapwise compare} and {@code heapwise growth} on written dumps with stable ids. */
class CompareGrowthCommandTest {

    /** A root holding a chain of {@code length} nodes and one fixed object; ids by creation order. */
    static Path chain(Path dir, String name, int length, int fixedValue) throws Exception {
        SyntheticHeap g = new SyntheticHeap();
        long node = g.cls("app.Node", "next");
        long fixed = g.cls("app.Fixed", g.javaLangObject, java.util.List.of(
                new dev.heapwise.graph.FieldDef("value", dev.heapwise.graph.FieldType.INT)), java.util.List.of());
        long holder = g.cls("app.Holder", "chain", "fixed");
        long f = g.obj(fixed, fixedValue);
        long first = 0x1000L + 16L; // the first node's id: right after the fixed object
        for (int i = 0; i < length; i++) {
            long me = first + 16L * i;
            long next = i + 1 < length ? me + 16 : 0;
            g.obj(node, next);
        }
        long hold = g.obj(holder, length > 0 ? first : 0, f);
        g.root(SyntheticHeap.ROOT_UNKNOWN, hold);
        Path p = dir.resolve(name);
        g.write(p);
        return p;
    }

    @Test
    void compareWithStableIds(@TempDir Path dir) throws Exception {
        Path a = chain(dir, "a.hprof", 5, 1);
        Path b = chain(dir, "b.hprof", 5, 2);
        CliRun r = CliRun.run("compare", a.toString(), b.toString(), "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("instanceLevel").asBoolean()).isTrue();
        JsonNode fixed = null;
        for (JsonNode d : j.get("instances")) {
            if (d.get("className").asText().equals("app.Fixed")) {
                fixed = d;
            }
        }
        assertThat(fixed.get("changed").asLong()).isEqualTo(1);
        assertThat(j.at("/changed/0/className").asText()).isEqualTo("app.Fixed");
        assertThat(j.at("/changed/0/fields/0/field").asText()).isEqualTo("value");
        assertThat(j.at("/changed/0/fields/0/newValue").asText()).isEqualTo("2");
        CliRun t = CliRun.run("compare", a.toString(), b.toString(), "-q");
        assertThat(t.out()).contains("changed objects", "value: 1 -> 2");
        assertThat(CliRun.run("compare", a.toString(), "-q").exit()).isEqualTo(2);
        assertThat(CliRun.run("compare", a.toString(), dir.resolve("nope.hprof").toString(), "-q").exit()).isEqualTo(2);
        Path idx = dir.resolve("indexes");
        CliRun elsewhere = CliRun.run("compare", a.toString(), b.toString(), "--index-dir", idx.toString(), "--threads",
                "1", "--json", "-q");
        assertThat(elsewhere.exit()).as(elsewhere.err()).isZero();
        assertThat(elsewhere.json().get("classes")).isEqualTo(j.get("classes"));
        assertThat(idx.resolve("a.hprof.heapwise/manifest.json")).exists();
        assertThat(idx.resolve("b.hprof.heapwise/manifest.json")).exists();
        // Only app.Fixed's value changed: no class changed in count or size, one has a changed object.
        assertThat(j.get("classes")).isEmpty();
        assertThat(j.get("unchangedClasses").asInt()).isGreaterThan(2);
        assertThat(j.get("instances")).hasSize(1);
        assertThat(j.get("unchangedInstanceClasses").asInt()).isPositive();
        assertThat(j.get("warnings")).isEmpty();
        assertThat(t.out()).contains("no class changed in count, shallow or retained size",
                j.get("unchangedClasses").asInt() + " unchanged classes not listed (--all lists them)");
        JsonNode all = CliRun.run("compare", a.toString(), b.toString(), "--all", "--json", "-q").json();
        assertThat(all.get("classes")).hasSize(j.get("unchangedClasses").asInt());
        assertThat(all.get("instances").size()).isGreaterThan(1);
        JsonNode one = CliRun.run("compare", a.toString(), b.toString(), "--top", "1", "--all", "--json", "-q").json();
        assertThat(one.get("classes")).hasSize(1);
        assertThat(one.get("classes").get(0)).isEqualTo(all.get("classes").get(0));
        assertThat(one.get("classesCount").asInt()).isEqualTo(all.get("classes").size()).isGreaterThan(1);
        assertThat(one.get("instances")).hasSize(1);
        // One dump against itself, reached by two paths: one index, and says that nothing changed.
        Path same = dir.resolve("indexes-same");
        CliRun self = CliRun.run("compare", a.toString(), dir.resolve(".").resolve("a.hprof").toString(),
                "--index-dir", same.toString(), "-q");
        assertThat(self.exit()).as(self.err()).isZero();
        assertThat(self.out()).contains("no class changed in count, shallow or retained size",
                "no object new, collected or changed");
        try (var s = java.nio.file.Files.list(same)) {
            assertThat(s.toList()).extracting(x -> x.getFileName().toString()).containsExactly("a.hprof.heapwise");
        }
    }

    /** Two dumps with few classes in common: a warning on stderr, and in the JSON. */
    @Test
    void dumpsOfDifferentProgramsAreWarnedAbout(@TempDir Path dir) throws Exception {
        Path a = chain(dir, "a.hprof", 5, 1);
        SyntheticHeap other = new SyntheticHeap();
        for (String name : java.util.List.of("web.A", "web.B", "web.C", "web.D", "web.E", "web.F", "web.G")) {
            other.root(SyntheticHeap.ROOT_UNKNOWN, other.obj(other.cls(name)));
        }
        Path b = dir.resolve("web.hprof");
        other.write(b);
        CliRun r = CliRun.run("compare", a.toString(), b.toString(), "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.err()).contains("heapwise: warning: " + a + " and " + b + ": the two dumps have few classes in"
                + " common", "different programs");
        assertThat(r.json().get("warnings")).hasSize(1);
        assertThat(r.json().get("classesInCommon").asDouble()).isLessThan(1.0 / 3);
        CliRun g = CliRun.run("growth", a.toString(), b.toString(), "--json", "-q");
        assertThat(g.err()).contains("heapwise: warning: dumps 1 and 2 have few classes in common");
        assertThat(g.json().get("warnings")).hasSize(1);
    }

    @Test
    void growthOfAChain(@TempDir Path dir) throws Exception {
        Path a = chain(dir, "g1.hprof", 3, 1);
        Path b = chain(dir, "g2.hprof", 6, 1);
        Path c = chain(dir, "g3.hprof", 9, 1);
        CliRun r = CliRun.run("growth", a.toString(), b.toString(), c.toString(), "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.at("/classes/0/className").asText()).isEqualTo("app.Node");
        assertThat(j.at("/classes/0/counts").toString()).isEqualTo("[3,6,9]");
        JsonNode path = j.at("/paths/0");
        assertThat(path.get("counts").toString()).isEqualTo("[3,6,9]");
        assertThat(path.get("className").asText()).isEqualTo("app.Node");
        JsonNode steps = path.get("steps");
        assertThat(steps.get(steps.size() - 1).get("className").asText()).isEqualTo("app.Node");
        assertThat(steps.get(steps.size() - 1).get("reference").asText()).isEqualTo("chain");
        CliRun t = CliRun.run("growth", a.toString(), b.toString(), c.toString(), "-q");
        assertThat(t.out()).contains("app.Node: 3 → 6 → 9, held by", ".chain → app.Node");
        assertThat(t.out()).doesNotContain("did not grow");
        CliRun flat = CliRun.run("growth", a.toString(), a.toString(), "--json", "-q");
        assertThat(flat.json().get("classes")).isEmpty();
        assertThat(flat.json().get("paths")).isEmpty();
        assertThat(flat.json().get("otherClasses")).isEmpty();
        assertThat(flat.json().get("unchangedClasses").asInt()).isPositive();
        // --all: the classes that did not grow too (app.Holder, app.Fixed: one each in every dump).
        CliRun all = CliRun.run("growth", a.toString(), b.toString(), c.toString(), "--all", "-q");
        assertThat(all.out()).contains("classes that did not grow in every step", "app.Holder", "1 → 1 → 1");
        assertThat(CliRun.run("growth", a.toString(), "-q").exit()).isEqualTo(2);
    }
}
