package dev.heapwise.microej;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heapwise.graph.DumpFormatException;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectAttribute;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** External entities are never expanded; broken XML fails clearly, or is salvaged leniently; gzip and sniffing. */
class HostileAndBrokenXmlTest {
    @TempDir
    Path dir;

    @Test
    void externalEntitiesAreNotExpanded() throws Exception {
        Path secret = dir.resolve("secret.txt");
        Files.writeString(secret, "TOP-SECRET-CONTENT");
        String xml = "<?xml version='1.0'?>\n"
                + "<!DOCTYPE heap [ <!ENTITY xxe SYSTEM \"" + secret.toUri() + "\"> ]>\n"
                + "<heap>\n"
                + "  <class name=\"Lx/A;\" id=\"1\"/>\n"
                + "  <object id=\"2\" class=\"x/A\" tag=\"&xxe;\" createdInThread=\"&xxe;\"/>\n"
                + "</heap>\n";
        Path dump = Fixtures.write(dir, "xxe.heap", xml);
        assertThatThrownBy(() -> MicroEj.open(dump))
                .isInstanceOf(DumpFormatException.class)
                .hasMessageStartingWith(dump + ": line 5, column ")
                .hasMessageContaining("xxe")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("TOP-SECRET"));
        // leniently the file is read up to the entity, and the secret is nowhere in the graph
        try (HeapGraph g = MicroEj.open(dump, MicroEj.Options.defaults().withLenient(true))) {
            assertThat(g.info().partial()).isTrue();
            for (String name : g.attributeNames()) {
                ObjectAttribute a = g.attribute(name);
                assertThat(a.values()).noneMatch(v -> v.contains("TOP-SECRET"));
            }
            assertThat(MicroEj.readReport(g).problems()).containsKey(ReadReport.Problem.NOT_WELL_FORMED);
        }
    }

    @Test
    void internalEntityBombsAreNotExpanded() throws Exception {
        String xml = "<?xml version='1.0'?>\n<!DOCTYPE heap [ <!ENTITY a \"aaaaaaaaaa\"> <!ENTITY b \"&a;&a;&a;&a;&a;\"> ]>\n"
                + "<heap><class name=\"Lx/A;\" id=\"1\"/><object id=\"2\" class=\"x/A\" tag=\"&b;\"/></heap>\n";
        Path dump = Fixtures.write(dir, "bomb.heap", xml);
        assertThatThrownBy(() -> MicroEj.open(dump)).isInstanceOf(DumpFormatException.class)
                .hasMessageContaining("line 3");
    }

    @Test
    void truncatedFileFailsStrictlyAndIsSalvagedLeniently() throws Exception {
        String xml = "<?xml version='1.0'?>\n<heap>\n  <class name=\"Lx/A;\" id=\"1\"/>\n"
                + "  <object id=\"2\" class=\"x/A\" tag=\"0\"><field name=\"n\" type=\"I\" value=\"7\"/></object>\n"
                + "  <array id=\"3\" class=\"[I\" length=\"3\">1 2";
        Path dump = Fixtures.write(dir, "cut.heap", xml);
        assertThatThrownBy(() -> MicroEj.open(dump)).isInstanceOf(DumpFormatException.class)
                .hasMessageStartingWith(dump + ": line 5, column ").hasMessageContaining("not well-formed XML");
        try (HeapGraph g = MicroEj.open(dump, MicroEj.Options.defaults().withLenient(true))) {
            assertThat(g.info().partial()).isTrue();
            assertThat(g.objectCount()).isEqualTo(2); // the class and the object; the cut array is dropped
            assertThat(g.field(g.indexOf(2), "n").asInt()).isEqualTo(7);
            assertThat(MicroEj.readReport(g).problems().get(ReadReport.Problem.NOT_WELL_FORMED).count()).isEqualTo(1);
        }
    }

    @Test
    void notAHeapDumpIsRejectedEvenLeniently() throws Exception {
        Path dump = Fixtures.write(dir, "pom.xml", "<?xml version='1.0'?>\n<project><heap/></project>\n");
        assertThatThrownBy(() -> MicroEj.open(dump, MicroEj.Options.defaults().withLenient(true)))
                .isInstanceOf(DumpFormatException.class)
                .hasMessage(dump + ": line 2, column 10: the root element is <project>, not <heap>: "
                        + "this is not a MicroEJ heap dump");
    }

    @Test
    void gzipDumpsAndSniffing() throws Exception {
        Path plain = Fixtures.copy("heapdumptest.heap", dir);
        Path gz = dir.resolve("heapdumptest.heap.gz");
        try (var out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(plain));
        }
        assertThat(MicroEj.looksLikeXml(plain)).isTrue();
        assertThat(MicroEj.looksLikeXml(gz)).isTrue();
        Path hprofLike = Fixtures.write(dir, "x.bin", "JAVA PROFILE 1.0.2\0");
        assertThat(MicroEj.looksLikeXml(hprofLike)).isFalse();
        Path bom = dir.resolve("bom.heap");
        Files.write(bom, ("\uFEFF  \n<heap/>").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(MicroEj.looksLikeXml(bom)).isTrue();
        try (HeapGraph a = MicroEj.open(plain); HeapGraph b = MicroEj.open(gz)) {
            SameHeap.assertSame(a, b);
        }
        try (HeapGraph empty = MicroEj.open(bom)) {
            assertThat(empty.objectCount()).isZero();
        }
    }

    /** A problem in a start tag written over several lines is placed where the tag begins, not where it ends. */
    @Test
    void aBadTagIsPlacedAtItsFirstLine() throws Exception {
        String tag = "<object id=\"103\" class=\"com/is2t/test/HeapDumpTest$TestObj\" createdAt=\"12\"";
        String xml = dev.heapwise.microej.fixture.HandWrittenDumps.FIRST.replaceFirst(java.util.regex.Pattern.quote(tag),
                java.util.regex.Matcher.quoteReplacement(tag.replace("\"12\"", "\"twelve\"")));
        int at = xml.indexOf(tag.replace("\"12\"", "\"twelve\""));
        long line = xml.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
        int column = at - xml.lastIndexOf('\n', at - 1);
        assertThat(xml.substring(at, xml.indexOf('>', at))).as("the tag spans lines").contains("\n");
        Path dump = Fixtures.write(dir, "badnum.heap", xml);
        assertThatThrownBy(() -> MicroEj.open(dump)).isInstanceOf(DumpFormatException.class)
                .hasMessage(dump + ": line " + line + ", column " + column + ": createdAt \"twelve\" is not an integer"
                        + " time stamp");
    }
}
