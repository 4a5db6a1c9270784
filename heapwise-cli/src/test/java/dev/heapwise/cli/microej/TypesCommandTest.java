package dev.heapwise.cli.microej;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.cli.CliRun;
import dev.heapwise.microej.fixture.HandWrittenDumps;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code heapwise microej types} as the Heap Analyzer's Outline: the "Referenced instances" column
 * and the "Contains" type filter, in text and JSON, on the documentation's example.
 */
class TypesCommandTest {
    @TempDir
    Path dir;

    private CliRun ok(String... args) {
        CliRun r = CliRun.run(args);
        assertThat(r.exit()).as(String.join(" ", args) + ": " + r.err()).isZero();
        return r;
    }

    @Test
    void referencedInstancesPerType() throws Exception {
        String dump = HandWrittenDumps.write(dir, "heap-0.heap", HandWrittenDumps.FIRST).toString();
        JsonNode doc = ok("microej", "types", dump, "--json").json();
        assertThat(doc.get("referencedInstancesComplete").asBoolean()).isTrue();
        Map<String, Long> referenced = new LinkedHashMap<>();
        for (JsonNode row : doc.get("rows")) {
            referenced.put(row.get("type").asText(), row.get("referencedInstances").asLong());
        }
        // #98 reaches the Vector #99, its Object[] #100, three TestObj, the String #20 and its char[] #21
        assertThat(referenced).containsEntry("com.is2t.test.HeapDumpTest", 7L).containsEntry("java.util.Vector", 4L)
                .containsEntry("java.lang.Object[]", 3L).containsEntry("java.lang.String", 1L)
                .containsEntry("com.is2t.test.HeapDumpTest$TestObj", 0L);

        List<String> sorted = new ArrayList<>();
        ok("microej", "types", dump, "--sort", "referenced", "--top", "3", "--json").json().get("rows")
                .forEach(r -> sorted.add(r.get("type").asText()));
        assertThat(sorted).containsExactly("com.is2t.test.HeapDumpTest", "java.util.Vector", "java.lang.Object[]");

        JsonNode skipped = ok("microej", "types", dump, "--no-referenced", "--json").json();
        assertThat(skipped.get("referencedInstancesComplete").asBoolean()).isFalse();
        assertThat(skipped.get("rows").get(0).get("referencedInstances").isNull()).isTrue();
        assertThat(ok("microej", "types", dump, "--no-referenced").out())
                .contains("referenced instances: not counted (--no-referenced)");

        String text = ok("microej", "types", dump).out();
        assertThat(text.lines().toList()).contains(
                "   instances           size     referenced  type",
                "           1             17              7  com.is2t.test.HeapDumpTest");
    }

    @Test
    void theContainsFilter() throws Exception {
        String dump = HandWrittenDumps.write(dir, "heap-0.heap", HandWrittenDumps.FIRST).toString();
        JsonNode doc = ok("microej", "types", dump, "--contains", "testobj", "--all", "--json").json();
        List<String> types = new ArrayList<>();
        doc.get("rows").forEach(r -> types.add(r.get("type").asText()));
        assertThat(types).containsExactlyInAnyOrder("com.is2t.test.HeapDumpTest$TestObj", "com.is2t.test.HeapDumpTest$TestObj3");
        assertThat(doc.get("contains").asText()).isEqualTo("testobj");
        assertThat(doc.get("matchingTypes").asInt()).isEqualTo(2);
        assertThat(doc.get("instances").asLong()).as("the totals stay the selection's").isEqualTo(12);

        String text = ok("microej", "types", dump, "--contains", "Vector").out();
        assertThat(text).contains("type filter: contains \"Vector\" (1 types)").contains("java.util.Vector")
                .doesNotContain("java.lang.String");
        assertThat(ok("microej", "types", dump, "--contains", "nothing-like-it", "--json").json().get("rows")).isEmpty();
    }
}
