package dev.heapwise.cli.microej;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heapwise.cli.CliRun;
import dev.heapwise.cli.Main;
import dev.heapwise.microej.fixture.HandWrittenDumps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every MicroEJ command and {@code convert}, run in-process through {@link Main#execute} on the
 * hand-written dumps of heapwise-microej's tests (two dumps of one run), checking the JSON and
 * the exit codes; and the existing dump commands on MicroEJ dumps, told apart by content.
 */
class MicroejCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    @TempDir
    Path dir;

    Path first;
    Path second;



    private CliRun ok(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--quiet");
        CliRun r = CliRun.run(all.toArray(new String[0]));
        assertThat(r.exit()).as(r.err()).isZero();
        return r;
    }

    @BeforeEach
    void copy() throws Exception {
        first = HandWrittenDumps.write(dir, "heap-0.heap", HandWrittenDumps.FIRST);
        second = HandWrittenDumps.write(dir, "heap-1.heap", HandWrittenDumps.SECOND);
    }

    @Test
    void existingDumpCommandsReadMicroEjDumpsByContent() throws Exception {
        JsonNode info = ok("info", first.toString(), "--json").json();
        assertThat(info.get("format").asText()).isEqualTo("microej");
        assertThat(info.get("vm").asText()).isEqualTo("microej");
        assertThat(info.get("objects").asInt()).isEqualTo(20);
        assertThat(info.get("warnings").toString()).contains("unknown/held outside the dump");
        // the name does not matter, the content does
        Path misnamed = Files.copy(first, dir.resolve("looks-like.hprof"));
        JsonNode histogram = ok("histogram", misnamed.toString(), "--json").json();
        assertThat(histogram.get("totalShallowSize").asLong()).isEqualTo(199);
        assertThat(histogram.get("classes").get(0).get("name").asText()).isEqualTo("com.is2t.test.HeapDumpTest$TestObj");
    }

    @Test
    void typesInstancesFieldsReferrersRoots() throws Exception {
        JsonNode types = ok("microej", "types", first.toString(), "--json").json();
        assertThat(types.get("instances").asLong()).isEqualTo(12);
        assertThat(types.get("size").asLong()).isEqualTo(199);
        assertThat(types.get("rows").get(0).get("type").asText()).isEqualTo("com.is2t.test.HeapDumpTest$TestObj");
        assertThat(ok("microej", "types", first.toString(), "--thread", "worker", "--json").json()
                .get("instances").asLong()).isEqualTo(3);

        JsonNode instances = ok("microej", "instances", first.toString(), "TestObj", "--json").json();
        assertThat(instances.get("instances").asLong()).isEqualTo(4);
        JsonNode row = instances.get("rows").get(2);
        assertThat(row.get("id").asText()).isEqualTo("#103");
        assertThat(row.get("size").asLong()).isEqualTo(14);
        assertThat(row.get("createdAt").asLong()).isEqualTo(12);
        assertThat(row.get("createdInThread").asText()).isEqualTo("worker");
        assertThat(row.get("createdInMethod").asText()).isEqualTo("com.is2t.test.HeapDumpTest.start() : void");
        assertThat(ok("microej", "instances", first.toString(), "TestObj").out()).contains("#104");

        JsonNode fields = ok("microej", "fields", first.toString(), "#98", "--depth", "2", "--json").json().get("tree");
        assertThat(fields.get("type").asText()).isEqualTo("com.is2t.test.HeapDumpTest");
        assertThat(fields.get("children").get(0).get("name").asText()).isEqualTo("list");
        assertThat(fields.get("children").get(0).get("children").get(1).get("value").asText()).isEqualTo("3");

        JsonNode referrers = ok("microej", "referrers", first.toString(), "101", "--json").json().get("tree");
        JsonNode array = referrers.get("children").get(0);
        assertThat(array.get("value").asText()).isEqualTo("#100");
        assertThat(array.get("name").asText()).isEqualTo("[0]");
        assertThat(array.get("children").get(0).get("name").asText()).isEqualTo(".elementData");

        JsonNode roots = ok("microej", "roots", first.toString(), "--json").json();
        assertThat(roots.get("synthesized").asBoolean()).isTrue();
        List<String> labels = new ArrayList<>();
        roots.get("kinds").forEach(k -> labels.add(k.get("label").asText() + "=" + k.get("count").asInt()));
        assertThat(labels).containsExactly("class statics=8", "unknown/held outside the dump=4");
        assertThat(ok("microej", "roots", first.toString()).out()).contains("unknown/held outside the dump: 4");
    }

    @Test
    void usageProgressiveCompareLeaksDominators() throws Exception {
        JsonNode usage = ok("microej", "usage", first.toString(), "--periods", "4", "--type", "TestObj", "--thread",
                "worker", "--json").json();
        assertThat(usage.get("periodStarts").toString()).isEqualTo("[3,7,12,17]");
        assertThat(usage.get("charts").get(0).get("counts").toString()).isEqualTo("[3,2,1,4]");
        assertThat(usage.get("charts").get(1).get("counts").toString()).isEqualTo("[0,2,1,1]");
        assertThat(usage.get("charts").get(2).get("counts").toString()).isEqualTo("[0,0,1,2]");
        assertThat(ok("microej", "usage", first.toString(), "--from", "10", "--to", "13", "--periods", "2", "--json")
                .json().get("charts").get(0).get("counts").toString()).isEqualTo("[2,1]");

        JsonNode progressive = ok("microej", "progressive", first.toString(), second.toString(), "--select", "TestObj",
                "--json").json();
        assertThat(progressive.get("dumps").get(1).get("instances").asLong()).isEqualTo(13);
        assertThat(progressive.get("selected").get(progressive.get("selected").size() - 1).get("instances").asLong())
                .isEqualTo(4);
        String text = ok("microej", "progressive", first.toString(), second.toString(), "--select", "TestObj").out();
        assertThat(text).contains("Instances of type 'com.is2t.test.HeapDumpTest$TestObj' over time",
                "dump 1: heap-0.heap", "dump 2: heap-1.heap");

        JsonNode compare = ok("microej", "compare", first.toString(), second.toString(), "--type", "TestObj",
                "--no-classes", "--json").json();
        List<String> statuses = new ArrayList<>();
        compare.get("instances").forEach(i -> statuses.add(i.get("id").asText() + ":" + i.get("status").asText()));
        assertThat(statuses).containsExactly("#101:garbage-collected", "#102:changed", "#103:persistent",
                "#104:persistent", "#111:new");
        JsonNode fields = ok("microej", "compare", first.toString(), second.toString(), "--instance", "#6", "--json").json();
        assertThat(fields.get("status").asText()).isEqualTo("changed");
        assertThat(fields.get("fields").get(1).get("oldValue").asText()).isEqualTo("23");
        assertThat(fields.get("fields").get(1).get("newValue").asText()).isEqualTo("24");
        assertThat(fields.get("fields").get(1).get("static").asBoolean()).isTrue();

        JsonNode leaks = ok("microej", "leaks", first.toString(), "--min-instances", "3", "--min-accumulated", "2",
                "--json").json();
        assertThat(leaks.get("suspectedTypes").get(0).get("type").asText()).isEqualTo("com.is2t.test.HeapDumpTest$TestObj");
        assertThat(leaks.get("accumulationPoints").get(0).get("id").asText()).isEqualTo("#100");
        assertThat(leaks.get("accumulationPoints").get(0).get("instances").toString()).isEqualTo("[\"#101\",\"#102\",\"#103\"]");

        JsonNode dominators = ok("microej", "dominators", first.toString(), "--json").json();
        assertThat(dominators.get("tree").get("id").asText()).isEqualTo("#98");
        assertThat(dominators.get("tree").get("referencedInstances").asLong()).isEqualTo(7);
        assertThat(dominators.get("consumers").get(0).get("key").asText()).isEqualTo("com.is2t.test.HeapDumpTest$TestObj");
        JsonNode bySize = ok("microej", "dominators", first.toString(), "--by", "size", "--group", "thread", "--json").json();
        assertThat(bySize.get("tree").get("retainedSize").asLong()).isEqualTo(133);
    }

    @Test
    void convertBothWays() throws Exception {
        Path hprof = dir.resolve("heap-0.hprof");
        JsonNode c = ok("convert", first.toString(), hprof.toString(), "--json").json();
        assertThat(c.get("outputFormat").asText()).isEqualTo("hprof");
        assertThat(c.get("objects").asInt()).isEqualTo(20);
        assertThat(ok("info", hprof.toString(), "--json").json().get("format").asText()).isEqualTo("hprof");
        Path back = dir.resolve("back.heap");
        assertThat(ok("convert", hprof.toString(), back.toString(), "--json").json().get("outputFormat").asText())
                .isEqualTo("microej");
        JsonNode types = ok("microej", "types", back.toString(), "--json").json();
        assertThat(types.get("rows").get(0).get("type").asText()).isEqualTo("com.is2t.test.HeapDumpTest$TestObj");
        assertThat(types.get("size").asLong()).isEqualTo(199);
        CliRun same = CliRun.run("convert", first.toString(), first.toString());
        assertThat(same.exit()).isEqualTo(2);
    }

    @Test
    void badInputIsOneLineAndExitTwoLenientReadsOn() throws Exception {
        Path bad = dir.resolve("bad.heap");
        Files.writeString(bad, Files.readString(first).replace("<array id=\"105\" class=\"[I\" length=\"3\"",
                "<array id=\"105\" class=\"[I\" length=\"4\""));
        CliRun strict = CliRun.run("microej", "types", bad.toString(), "--quiet");
        assertThat(strict.exit()).isEqualTo(2);
        assertThat(strict.err().strip()).startsWith("heapwise: " + bad + ": line 64, column 3: ")
                .contains("has length 4 but holds 3").doesNotContain("\n");
        CliRun info = CliRun.run("info", bad.toString());
        assertThat(info.exit()).isEqualTo(2);
        CliRun lenient = CliRun.run("microej", "types", bad.toString(), "--lenient", "--json");
        assertThat(lenient.exit()).isZero();
        assertThat(lenient.err()).contains("lenient read skipped 1 arrays whose length attribute differs");
        assertThat(lenient.json().get("instances").asLong()).isEqualTo(12);
        // the lenient index is kept: the other commands reuse it
        assertThat(CliRun.run("info", bad.toString(), "--json").exit()).isZero();

        CliRun unknown = CliRun.run("microej", "fields", first.toString(), "#999", "--quiet");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err().strip()).isEqualTo("heapwise: " + first + ": no object has id #999");
        CliRun noTimes = CliRun.run("microej", "usage", dir.resolve("none.heap").toString());
        assertThat(noTimes.exit()).isEqualTo(2);
    }

    @Test
    void timeWindowsAndCountsAreChecked() throws Exception {
        // more periods than time stamps: one period per stamp, none empty or backwards
        JsonNode usage = ok("microej", "usage", first.toString(), "--periods", "10000", "--json").json();
        long span = usage.get("last").asLong() - usage.get("first").asLong() + 1;
        assertThat(usage.get("periodStarts")).hasSize((int) Math.min(span, 10000));
        for (int i = 1; i < usage.get("periodStarts").size(); i++) {
            assertThat(usage.get("periodStarts").get(i).asLong()).isGreaterThan(usage.get("periodStarts").get(i - 1).asLong());
        }
        for (String[] bad : new String[][] {
            {"microej", "usage", first.toString(), "--from", "21", "--to", "3"},
            {"microej", "types", first.toString(), "--from", "12", "--to", "10"},
            {"microej", "usage", first.toString(), "--periods", "1000000000"},
            {"microej", "usage", first.toString(), "--periods", "0"},
            {"microej", "dominators", first.toString(), "--width", "0"},
            {"microej", "fields", first.toString(), "#98", "--depth", "-1"},
            {"microej", "leaks", first.toString(), "--min-spread", "NaN"}}) {
            CliRun r = CliRun.run(bad);
            assertThat(r.exit()).as(String.join(" ", bad) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err()).startsWith("heapwise: ").doesNotContain("internal error", "out of memory");
        }
        Path hprof = dir.resolve("plain.hprof");
        Files.copy(dev.heapwise.hprof.fixture.FixtureDumps.get().plain, hprof);
        CliRun noTimes = CliRun.run("microej", "types", hprof.toString(), "--from", "1", "-q");
        assertThat(noTimes.exit()).isEqualTo(2);
        assertThat(noTimes.err()).contains("records no creation times");
    }

    @Test
    void compareFindsNewOnlyTypesAndComparesArraysElementByElement() throws Exception {
        // TestObj2 exists only in the second dump: all its instances are new
        JsonNode byType = ok("microej", "compare", first.toString(), second.toString(), "--type", "TestObj2", "--json")
                .json();
        assertThat(byType.get("instances")).isNotEmpty();
        byType.get("instances").forEach(i -> assertThat(i.get("status").asText()).isEqualToIgnoringCase("new"));
        // #100 is an Object[4] whose slots 0 and 3 changed
        JsonNode array = ok("microej", "compare", first.toString(), second.toString(), "--instance", "100", "--json")
                .json();
        List<String> changed = new ArrayList<>();
        array.get("fields").forEach(f -> {
            if (f.get("changed").asBoolean()) {
                changed.add(f.get("name").asText() + " " + f.get("oldValue").asText() + "->" + f.get("newValue").asText());
            }
        });
        assertThat(changed).containsExactly("[0] #101->#110", "[3] null->#111");
    }
}
