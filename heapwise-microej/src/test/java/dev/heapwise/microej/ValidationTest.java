package dev.heapwise.microej;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heapwise.graph.DumpFormatException;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.IndexLocations;
import dev.heapwise.microej.ReadReport.Problem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of the schema (and of a consistent heap) the reader checks, one hand-written dump
 * each: strictly the read fails naming the file, the line and the column, and leaves no index;
 * leniently it succeeds, counts the problem, and keeps what it could read.
 */
class ValidationTest {
    @TempDir
    Path dir;

    private static final String HEAD = "<?xml version='1.0' encoding='UTF-8'?>\n<heap>\n"
            + "  <class name=\"Ljava/lang/Object;\" id=\"1\"/>\n"
            + "  <class name=\"Lx/Node;\" id=\"2\" superclass=\"1\"/>\n";

    /** A dump whose line 5 breaks one rule; {@code kept} objects survive a lenient read. */
    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("missing required attribute", Problem.MISSING_ATTRIBUTE, "lacks the required attribute tag",
                        "  <object id=\"10\" class=\"x/Node\"/>\n", 3),
                Arguments.of("missing object id", Problem.MISSING_ATTRIBUTE, "lacks the required attribute id",
                        "  <object class=\"x/Node\" tag=\"0\"/>\n", 2),
                Arguments.of("missing array length", Problem.MISSING_ATTRIBUTE, "attribute length",
                        "  <array id=\"10\" class=\"[I\">1 2</array>\n", 3),
                Arguments.of("missing field name", Problem.MISSING_ATTRIBUTE, "<field> lacks the required attribute name",
                        "  <object id=\"10\" class=\"x/Node\" tag=\"0\"><field id=\"11\"/></object>\n", 3),
                Arguments.of("unknown id", Problem.UNKNOWN_ID, "refers to id 77",
                        "  <object id=\"10\" class=\"x/Node\" tag=\"0\"><field name=\"next\" id=\"77\"/></object>\n", 3),
                Arguments.of("unknown id in an array", Problem.UNKNOWN_ID, "element 1 of array 10 refers to id 78",
                        "  <array id=\"10\" class=\"[Ljava/lang/Object;\" length=\"2\">0 78</array>\n", 4),
                Arguments.of("unknown static id", Problem.UNKNOWN_ID, "static field s",
                        "  <class name=\"Lx/S;\" id=\"10\"><field name=\"s\" id=\"79\"/></class>\n", 3),
                Arguments.of("unknown superclass", Problem.UNKNOWN_ID, "superclass \"66\"",
                        "  <class name=\"Lx/S;\" id=\"10\" superclass=\"66\"/>\n", 3),
                Arguments.of("unknown class id", Problem.UNKNOWN_CLASS, "\"55\"",
                        "  <object id=\"10\" class=\"55\" tag=\"0\"/>\n", 2),
                Arguments.of("wrong array length", Problem.WRONG_ARRAY_LENGTH, "has length 3 but holds 2",
                        "  <array id=\"10\" class=\"[I\" length=\"3\">1 2</array>\n", 3),
                Arguments.of("unknown element", Problem.UNKNOWN_ELEMENT, "<thread> is not allowed in <heap>",
                        "  <thread id=\"10\"/>\n", 2),
                Arguments.of("unknown child element", Problem.UNKNOWN_ELEMENT, "<value> is not allowed in <object>",
                        "  <object id=\"10\" class=\"x/Node\" tag=\"0\"><value/></object>\n", 3),
                Arguments.of("unknown attribute", Problem.UNKNOWN_ATTRIBUTE, "<object> has no attribute size",
                        "  <object id=\"10\" class=\"x/Node\" tag=\"0\" size=\"4\"/>\n", 3),
                Arguments.of("bad number in a field", Problem.BAD_NUMBER, "value \"12x\"",
                        "  <object id=\"10\" class=\"x/Node\" tag=\"0\"><field name=\"n\" type=\"I\" value=\"12x\"/></object>\n", 3),
                Arguments.of("number out of range", Problem.BAD_NUMBER, "out of range for byte",
                        "  <object id=\"10\" class=\"x/Node\" tag=\"0\"><field name=\"n\" type=\"B\" value=\"300\"/></object>\n", 3),
                Arguments.of("bad number in an array", Problem.BAD_NUMBER, "\"seven\"",
                        "  <array id=\"10\" class=\"[I\" length=\"2\">1 seven</array>\n", 3),
                Arguments.of("bad array length", Problem.BAD_NUMBER, "length \"two\"",
                        "  <array id=\"10\" class=\"[I\" length=\"two\">1 2</array>\n", 3),
                Arguments.of("bad creation time", Problem.BAD_NUMBER, "createdAt \"noon\"",
                        "  <object id=\"10\" class=\"x/Node\" tag=\"0\" createdAt=\"noon\"/>\n", 3),
                Arguments.of("bad type", Problem.BAD_TYPE, "type \"Q\"",
                        "  <object id=\"10\" class=\"x/Node\" tag=\"0\"><field name=\"n\" type=\"Q\" value=\"1\"/></object>\n", 3),
                Arguments.of("array without element type", Problem.BAD_TYPE, "does not tell its element type",
                        "  <array id=\"10\" class=\"2\" length=\"0\"/>\n", 2),
                Arguments.of("value without type", Problem.BAD_FIELD, "has a value but no base type",
                        "  <object id=\"10\" class=\"x/Node\" tag=\"0\"><field name=\"n\" value=\"1\"/></object>\n", 3),
                Arguments.of("type without value", Problem.BAD_FIELD, "but no value",
                        "  <object id=\"10\" class=\"x/Node\" tag=\"0\"><field name=\"n\" type=\"I\"/></object>\n", 3),
                Arguments.of("string literal fields", Problem.FIELD_COUNT, "has 1 fields",
                        "  <stringLiteral id=\"10\" class=\"2\"><field name=\"a\" type=\"I\" value=\"1\"/></stringLiteral>\n", 3),
                Arguments.of("inconsistent fields", Problem.INCONSISTENT_FIELDS, "lacks the field n",
                        "  <object id=\"10\" class=\"x/Node\" tag=\"0\"><field name=\"n\" type=\"I\" value=\"1\"/></object>"
                                + " <object id=\"11\" class=\"x/Node\" tag=\"0\"/>\n", 4),
                Arguments.of("duplicate id", Problem.DUPLICATE_ID, "id 2 is given to more than one element",
                        "  <object id=\"2\" class=\"x/Node\" tag=\"0\"/>\n", 2),
                Arguments.of("id zero", Problem.RESERVED_ID, "which means null",
                        "  <object id=\"0\" class=\"x/Node\" tag=\"0\"/>\n", 2),
                Arguments.of("text where none is allowed", Problem.UNEXPECTED_TEXT, "holds text \"hello\"",
                        "  hello\n", 2));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void strictFailsWithLineAndColumnLenientCounts(String name, Problem problem, String message, String body,
            int objectsKept) throws Exception {
        Path dump = Fixtures.write(dir, "case.heap", HEAD + body + "</heap>\n");
        assertThatThrownBy(() -> MicroEj.open(dump))
                .isInstanceOf(DumpFormatException.class)
                .hasMessageStartingWith(dump + ": line 5, column ")
                .hasMessageContaining(message)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThat(Files.exists(IndexLocations.besideDump(dump))).as("no index left behind").isFalse();
        try (Stream<Path> left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactly("case.heap");
        }

        try (HeapGraph g = MicroEj.open(dump, MicroEj.Options.defaults().withLenient(true))) {
            ReadReport report = MicroEj.readReport(g);
            assertThat(report.lenient()).isTrue();
            assertThat(report.problems()).containsOnlyKeys(problem);
            assertThat(report.problems().get(problem).count()).isPositive();
            assertThat(report.problems().get(problem).first()).startsWith("line 5, column ").contains(message);
            assertThat(g.info().warnings()).anyMatch(w -> w.startsWith("lenient read skipped")
                    || w.contains("references point to objects the dump does not contain")
                    || w.contains("appear more than once"));
            assertThat(g.objectCount()).isEqualTo(objectsKept);
        }
    }
}
