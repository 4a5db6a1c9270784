package dev.heapwise.cli.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.heapwise.cli.CliRun;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heapwise.cli.Main;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** {@code heapwise timeline}, run in-process through {@link Main#execute} with captured output. */
class TimelineCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);



    private static Path template(String name) {
        String root = System.getProperty("heapwise.shared.data");
        assumeTrue(root != null && Files.isDirectory(Path.of(root)), "shared data folder not available");
        Path file = Path.of(root, "memdumpview", name);
        assumeTrue(Files.isRegularFile(file), file + " not available");
        return file;
    }

    private static Path v1() {
        return template("hovsid_docs_template_v1_markers.txt");
    }

    private static Path v2() {
        return template("oscrlet_docs_template_v2_timestamped.txt");
    }

    @Test
    void textShowsSummaryCorrelationAndPerGcTable() {
        CliRun r = CliRun.run("timeline", v1().toString(), "--quiet");
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("heap samples   7 (phase 1 from line 1), 2 markers at samples 3, 6");
        assertThat(r.out()).contains("4 blocks (phase 2 from line 10): 2 GC pairs, 0 unpaired");
        assertThat(r.out()).contains("GC correlation (by order");
        assertThat(r.out().lines().map(String::strip).toList())
                .contains("1               3        9.78 MiB", "2               6        9.63 MiB")
                .anySatisfy(l -> assertThat(l).matches(
                        "1 +15 +12 +3 +59\\.3% +62\\.1% +\\+2\\.8 pp +2 +9 +3 +12\\.0 KiB"))
                .anySatisfy(l -> assertThat(l).matches(
                        "2 +13 +11 +2 +72\\.3% +100\\.0% +\\+27\\.7 pp +0 +11 +0 +0 B"));
        assertThat(r.out()).doesNotContain("by page kind");
    }

    @Test
    void verboseTextBreaksGcsDownByKindAndListsIssues(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("odd.txt");
        Files.writeString(file, "phase1: heap use\n1,true\nbogus\n2,false\nphase2: page dump\n--before GC 1--\n16: + (30%)\n"
                + "--after GC 1--\n16: +\n--after GC 2--\n");
        CliRun r = CliRun.run("timeline", file.toString(), "--verbose");
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("skipped lines  1")
                .contains("unpaired       after GC 2 (line 10) comes right after after GC 1 (line 8), not after before GC 2")
                .contains("GC 1 by page kind (before at line 6, after at line 8)")
                .contains("line 3: skipped: heap line: expected <bytes>,<true|false> or <timestamp>,<bytes>[,<true|false>]: 'bogus'");
        assertThat(r.out().lines().map(String::strip).toList()).anySatisfy(l -> assertThat(l).matches(
                "FixedBlockPage_16 +2 +1 +1 +65\\.0% +100\\.0% +\\+35\\.0 pp +0/0/1 +1 +0"));
    }

    @Test
    void jsonHasTheDocumentedFields() throws Exception {
        CliRun r = CliRun.run("timeline", v1().toString(), "--json");
        assertThat(r.exit()).isZero();
        JsonNode doc = JSON.readTree(r.out());
        assertThat(doc.get("samples").asInt()).isEqualTo(7);
        assertThat(ints(doc.get("markers"))).containsExactly(3, 6);
        assertThat(doc.get("skippedLines").isIntegralNumber()).isTrue();
        assertThat(doc.get("skippedLines").asLong()).isZero();
        assertThat(doc.has("issues")).isFalse();
        JsonNode pairs = doc.get("gcPairs");
        assertThat(pairs).hasSize(2);
        JsonNode gc1 = pairs.get(0);
        assertThat(gc1.get("gc").asInt()).isEqualTo(1);
        assertThat(gc1.get("markerSample").asInt()).isEqualTo(3);
        assertThat(fieldNames(gc1.get("before"))).containsExactly("nextFitPages", "singleObjectPages", "FixedBlockPage_16");
        assertThat(ints(gc1.get("before").get("nextFitPages"))).containsExactly(100, 40, 0, 100, 30);
        assertThat(ints(gc1.get("before").get("singleObjectPages"))).containsExactly(100, 100, 0, 20, 100);
        assertThat(ints(gc1.get("before").get("FixedBlockPage_16"))).containsExactly(100, 60, 0, 100, 40);
        assertThat(ints(gc1.get("after").get("FixedBlockPage_16"))).containsExactly(100, 100, 100, 10);
        assertThat(gc1.get("pagesReleased").asInt()).isEqualTo(3);
        assertThat(gc1.get("meanOccupancyBefore").asDouble()).isCloseTo(890.0 / 15, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(gc1.get("meanOccupancyAfter").asDouble()).isCloseTo(745.0 / 12, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(gc1.get("compactionAfter").get("bytesSaved").asLong()).isEqualTo(3 * 4096);
        assertThat(gc1.get("kinds").get("FixedBlockPage_16").get("fragmentationAfter").get("partialPages").asInt()).isEqualTo(1);
        JsonNode gc2 = pairs.get(1);
        assertThat(gc2.get("markerSample").asInt()).isEqualTo(6);
        assertThat(ints(gc2.get("after").get("singleObjectPages"))).containsExactly(100, 100, 100, 100);
        assertThat(gc2.get("pagesReleased").asInt()).isEqualTo(2);
        assertThat(gc2.get("meanOccupancyAfter").asDouble()).isEqualTo(100.0);
        assertThat(doc.get("correlation").get("mode").asText()).isEqualTo("order");
    }

    @Test
    void jsonOfTheTimestampedTemplateCorrelatesByTime() throws Exception {
        CliRun r = CliRun.run("timeline", v2().toString(), "--json", "--page-size", "1000");
        JsonNode doc = JSON.readTree(r.out());
        assertThat(doc.get("format").asText()).isEqualTo("timestamped");
        assertThat(doc.get("correlation").get("mode").asText()).isEqualTo("timestamp");
        assertThat(doc.get("pageSizeBytes").asLong()).isEqualTo(1000);
        assertThat(doc.get("gcPairs")).extracting(p -> p.get("markerSample").asInt()).containsExactly(3, 6);
        assertThat(doc.get("gcPairs")).extracting(p -> p.get("timestamp").asLong()).containsExactly(3000L, 6000L);
        assertThat(doc.get("gcPairs").get(0).get("compactionAfter").get("bytesSaved").asLong()).isEqualTo(3000);
    }

    @Test
    void verboseJsonListsSkippedLinesAndNullsForMissingMarkers(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("gaps.txt");
        Files.writeString(file, "phase1: heap use\n1,false\nx,y\n2,false\nphase2: page dump\n--before GC 4--\na: +\n--after GC 4--\n");
        CliRun r = CliRun.run("timeline", file.toString(), "--json", "--verbose");
        JsonNode doc = JSON.readTree(r.out());
        assertThat(doc.get("skippedLines").asInt()).isEqualTo(1);
        assertThat(doc.get("issues")).singleElement().satisfies(i -> {
            assertThat(i.get("line").asInt()).isEqualTo(3);
            assertThat(i.get("skipped").asBoolean()).isTrue();
        });
        JsonNode gc = doc.get("gcPairs").get(0);
        assertThat(gc.get("markerSample").isNull()).isTrue();
        assertThat(gc.get("meanOccupancyAfter").isNull()).isTrue();
        assertThat(ints(doc.get("correlation").get("gcsWithoutMarker"))).containsExactly(4);
    }

    @Test
    void plotWritesWellFormedSvg(@TempDir Path dir) throws Exception {
        Path svg = dir.resolve("out.svg");
        CliRun r = CliRun.run("timeline", v1().toString(), "--plot", svg.toString(), "--quiet", "--json");
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        JSON.readTree(r.out());
        Document doc = parseSecurely(Files.readAllBytes(svg));
        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(elements(doc, "polyline")).hasSize(1);
        List<Element> panels = elements(doc, "g").stream().filter(g -> "gc-pair".equals(g.getAttribute("class"))).toList();
        assertThat(panels).hasSize(2);
        int cells = panels.get(0).getElementsByTagNameNS("*", "rect").getLength();
        assertThat(cells).isEqualTo(15 + 12);
    }

    @Test
    void plotAnnouncesItselfOnStderrUnlessQuiet(@TempDir Path dir) {
        Path svg = dir.resolve("out.svg");
        CliRun r = CliRun.run("timeline", v1().toString(), "--plot", svg.toString(), "--downsample", "min_max");
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEqualTo("heapwise: wrote " + svg + System.lineSeparator());
    }

    @Test
    void missingMarkersAreBadInputOnOneLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("broken.txt");
        Files.writeString(file, "phase2: page dump\nphase1: heap use\n1,true\n");
        CliRun r = CliRun.run("timeline", file.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().lines()).singleElement().isEqualTo("heapwise: " + file + ": line 1: Invalid merged file format:"
                + " the 'phase2: page dump' marker comes before any 'phase1: heap use' marker; phase 2 must follow phase 1");

        Files.writeString(file, "phase1: heap use\n1,true\n2,false\n");
        CliRun json = CliRun.run("timeline", file.toString(), "--json");
        assertThat(json.exit()).isEqualTo(2);
        assertThat(json.out()).isEmpty();
        assertThat(json.err().lines()).singleElement().asString()
                .startsWith("heapwise: " + file + ": line 3: Invalid merged file format: ")
                .contains("'phase2: page dump'");
    }

    @Test
    void missingFilesDirectoriesAndBadOptionsAreBadInput(@TempDir Path dir) {
        CliRun missing = CliRun.run("timeline", dir.resolve("nope.txt").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err().lines()).singleElement().asString().isEqualTo("heapwise: " + dir.resolve("nope.txt") + ": no such file");

        CliRun directory = CliRun.run("timeline", dir.toString());
        assertThat(directory.exit()).isEqualTo(2);
        assertThat(directory.err().lines()).singleElement().asString().contains("is a directory");

        for (String size : new String[] {"0", "9223372036854775807"}) { // the second overflowed the byte counts
            CliRun pageSize = CliRun.run("timeline", v1().toString(), "--page-size", size);
            assertThat(pageSize.exit()).isEqualTo(2);
            assertThat(pageSize.err()).startsWith("heapwise: --page-size must be 1 to 1073741824 bytes");
        }
    }

    private static List<Integer> ints(JsonNode array) {
        List<Integer> out = new ArrayList<>();
        array.forEach(n -> {
            assertThat(n.isIntegralNumber()).isTrue();
            out.add(n.asInt());
        });
        return out;
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> out = new ArrayList<>();
        object.fieldNames().forEachRemaining(out::add);
        return out;
    }

    private static Document parseSecurely(byte[] xml) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        f.setFeature("http://xml.org/sax/features/external-general-entities", false);
        f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
        f.setExpandEntityReferences(false);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    private static List<Element> elements(Document doc, String localName) {
        NodeList list = doc.getElementsByTagNameNS("*", localName);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < list.getLength(); i++) {
            out.add((Element) list.item(i));
        }
        return out;
    }
}
