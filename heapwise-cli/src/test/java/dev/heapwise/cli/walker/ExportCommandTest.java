package dev.heapwise.cli.walker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.Reference;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.hprof.fixture.FixtureDumps;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code heapwise export}: JSON lines read back and checked against the graph; DOT parsed minimally. */
class ExportCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final Pattern DOT_NODE = Pattern.compile("^  \"(0x[0-9a-f]+)\" \\[label=\"((?:[^\"\\\\]|\\\\.)*)\"\\];$");
    private static final Pattern DOT_EDGE =
            Pattern.compile("^  \"(0x[0-9a-f]+)\" -> \"(0x[0-9a-f]+)\" \\[label=\"((?:[^\"\\\\]|\\\\.)*)\"\\];$");

    @TempDir
    Path dir;

    /** One object with its references, as exported. */
    record Exported(String className, long shallowSize, List<String> refs, String represents) {}

    /** Parses JSON lines; every ref line must follow its object's line and that object's other refs. */
    private static Map<Long, Exported> parseJsonl(List<String> lines) throws IOException {
        Map<Long, Exported> out = new LinkedHashMap<>();
        long current = -1;
        for (String line : lines) {
            JsonNode n = JSON.readTree(line);
            switch (n.get("type").asText()) {
                case "object" -> {
                    assertThat(n.size()).isEqualTo(n.has("represents") ? 5 : 4);
                    current = Ids.parse(n.get("id").asText());
                    assertThat(out.put(current, new Exported(n.get("className").asText(), n.get("shallowSize").asLong(),
                            new ArrayList<>(), n.has("represents") ? n.get("represents").asText() : null)))
                            .as("object exported twice: %s", line).isNull();
                }
                case "ref" -> {
                    assertThat(n.size()).isEqualTo(4);
                    assertThat(Ids.parse(n.get("from").asText())).as(line).isEqualTo(current);
                    out.get(current).refs().add(n.get("to").asText() + " " + n.get("name").asText());
                }
                default -> throw new AssertionError("unknown line " + line);
            }
        }
        return out;
    }

    @Test
    void jsonLinesOfARealDumpHoldExactlyTheGraph() throws Exception {
        FixtureDumps dumps = FixtureDumps.get();
        Path out = dir.resolve("heap.jsonl");
        Cli.Run r = Cli.run("export", dumps.plain.toString(), "-o", out.toString(), "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode summary = JSON.readTree(r.out());
        Map<Long, Exported> exported = parseJsonl(Files.readAllLines(out, StandardCharsets.UTF_8));
        try (HeapGraph g = Hprof.open(dumps.plain)) {
            assertThat(exported).hasSize(g.objectCount());
            assertThat(summary.get("objects").asLong()).isEqualTo(g.objectCount());
            long refs = 0;
            for (int o = 0; o < g.objectCount(); o++) {
                Exported e = exported.get(g.id(o));
                assertThat(e).as("object %x", g.id(o)).isNotNull();
                assertThat(e.className()).isEqualTo(g.heapClass(g.classOf(o)).name());
                assertThat(e.shallowSize()).isEqualTo(g.shallowSize(o));
                int represented = g.classIndexOfClassObject(o);
                assertThat(e.represents()).isEqualTo(represented < 0 ? null : g.heapClass(represented).name());
                List<String> expected = new ArrayList<>();
                for (Reference ref : g.references(o)) {
                    // The walk reports fields: not a loader's defined classes, nor a thread's locals (root references).
                    if (ref.kind() != Reference.Kind.DEFINED_CLASS && ref.kind() != Reference.Kind.LOCAL) {
                        expected.add(Ids.hex(g.id(ref.to())) + " " + ref.label());
                    }
                }
                assertThat(e.refs()).as("references of %x", g.id(o)).isEqualTo(expected);
                refs += expected.size();
            }
            assertThat(summary.get("references").asLong()).isEqualTo(refs);
        }
    }

    @Test
    void jsonLinesOfTheWorkedExample() throws Exception {
        Path dump = TinyDump.write(dir, false);
        Cli.Run r = Cli.run("export", dump.toString(), "--from", "0x1030", "--max-depth", "1", "-q");
        assertThat(r.exit()).isZero();
        assertThat(r.out().split("\n")).containsExactly(
                "{\"type\":\"object\",\"id\":\"0x1030\",\"className\":\"demo.Node\",\"shallowSize\":32}",
                "{\"type\":\"ref\",\"from\":\"0x1030\",\"to\":\"0x1040\",\"name\":\"other\"}",
                "{\"type\":\"ref\",\"from\":\"0x1030\",\"to\":\"0x1020\",\"name\":\"owner\"}",
                "{\"type\":\"object\",\"id\":\"0x1040\",\"className\":\"java.lang.Object[]\",\"shallowSize\":32}",
                "{\"type\":\"ref\",\"from\":\"0x1040\",\"to\":\"0x1010\",\"name\":\"[0]\"}",
                "{\"type\":\"ref\",\"from\":\"0x1040\",\"to\":\"0x1030\",\"name\":\"[2]\"}",
                "{\"type\":\"object\",\"id\":\"0x1020\",\"className\":\"demo.Node\",\"shallowSize\":32}",
                "{\"type\":\"ref\",\"from\":\"0x1020\",\"to\":\"0x1030\",\"name\":\"next\"}",
                "{\"type\":\"ref\",\"from\":\"0x1020\",\"to\":\"0x1010\",\"name\":\"other\"}");
    }

    /** DOT read back with two line patterns: header, one line per node and per edge, closing brace. */
    private static void parseDot(List<String> lines, Map<String, String> nodes, List<String[]> edges) {
        assertThat(lines.getFirst()).isEqualTo("digraph heap {");
        assertThat(lines.getLast()).isEqualTo("}");
        for (String line : lines.subList(4, lines.size() - 1)) {
            Matcher m = DOT_NODE.matcher(line);
            Matcher e = DOT_EDGE.matcher(line);
            if (m.matches()) {
                assertThat(nodes.put(m.group(1), unescape(m.group(2)))).isNull();
            } else if (e.matches()) {
                edges.add(new String[] {e.group(1), e.group(2), unescape(e.group(3))});
            } else {
                throw new AssertionError("not a DOT node or edge line: " + line);
            }
        }
    }

    private static String unescape(String s) {
        return s.replace("\\n", "\n").replace("\\\"", "\"").replace("\\\\", "\\");
    }

    @Test
    void dotHasOneNodePerObjectOneEdgePerReferenceAndEscapesNames() throws Exception {
        Path dump = TinyDump.write(dir, true);
        Path out = dir.resolve("heap.dot");
        Cli.Run r = Cli.run("export", dump.toString(), "--format", "dot", "-o", out.toString(), "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        Map<String, String> nodes = new HashMap<>();
        List<String[]> edges = new ArrayList<>();
        parseDot(Files.readAllLines(out, StandardCharsets.UTF_8), nodes, edges);
        assertThat(nodes).hasSize(12); // 7 objects, 5 class objects
        assertThat(edges).hasSize(12);
        for (String[] e : edges) {
            assertThat(nodes).containsKeys(e[0], e[1]);
        }
        assertThat(nodes.get("0x1010")).isEqualTo("demo.Node\n0x1010 (32 B)");
        assertThat(nodes.get("0x2010")).startsWith("class demo.Node\n0x2010 (");
        assertThat(nodes.get("0x1060")).startsWith("we\"ird\\Name\n0x1060");
        assertThat(edges).anySatisfy(e -> assertThat(e).containsExactly("0x1060", "0x1060", "f\"i\\eld\nx"));
        assertThat(edges).anySatisfy(e -> assertThat(e).containsExactly("0x1040", "0x1030", "[2]"));
    }

    @Test
    void weirdNamesSurviveJsonLines() throws Exception {
        Path dump = TinyDump.write(dir, true);
        Cli.Run r = Cli.run("export", dump.toString(), "-q");
        Map<Long, Exported> exported = parseJsonl(List.of(r.out().split("\n")));
        assertThat(exported.get(0x1060L).className()).isEqualTo("we\"ird\\Name");
        assertThat(exported.get(0x1060L).refs()).containsExactly("0x1060 f\"i\\eld\nx");
    }

    @Test
    void aClosedStandardOutputStopsTheExportQuietly() throws Exception {
        Path dump = TinyDump.write(dir, false);
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        Cli.Run r = Cli.run(closed, "export", dump.toString(), "-q");
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
    }

    @Test
    void badOptionsAreOneLineErrors() throws Exception {
        Path dump = TinyDump.write(dir, false);
        Cli.Run json = Cli.run("export", dump.toString(), "--json", "-q");
        assertThat(json.exit()).isEqualTo(2);
        assertThat(json.err()).isEqualTo("heapwise: --json prints a summary document on standard output, so the export"
                + " itself needs -o FILE\n");
        Cli.Run depth = Cli.run("export", dump.toString(), "--max-depth", "255", "-q");
        assertThat(depth.exit()).isEqualTo(2);
        assertThat(depth.err()).isEqualTo("heapwise: --max-depth 255: must be 0..254\n");
        Cli.Run from = Cli.run("export", dump.toString(), "--from", "xyz", "-q");
        assertThat(from.exit()).isEqualTo(2);
        assertThat(from.err()).isEqualTo("heapwise: \"xyz\" is not an object id (give it as 0x1f2e or in decimal)\n");
    }
}
