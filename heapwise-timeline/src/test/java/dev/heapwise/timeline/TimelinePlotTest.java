package dev.heapwise.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/** The SVG is well-formed XML and shows what it should. */
class TimelinePlotTest {

    private static byte[] plot(MergedTimeline t, PlotOptions options) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TimelinePlot.write(TimelineAnalysis.of(t, 4096), out, options);
        return out.toByteArray();
    }

    @Test
    void templateShowsCurveMarkersAndOneCellPerPage() throws Exception {
        MergedTimeline t = TimelineParser.parse(Inputs.shared(Inputs.TEMPLATE_V1));
        Document doc = SvgAssert.parse(plot(t, PlotOptions.defaults()));

        assertThat(doc.getDocumentElement().getLocalName()).isEqualTo("svg");
        assertThat(doc.getDocumentElement().getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");
        Element polyline = SvgAssert.all(doc, "polyline").getFirst();
        assertThat(polyline.getAttribute("points").split(" ")).hasSize(7);
        Element markers = SvgAssert.groups(doc, "gc-markers").getFirst();
        assertThat(SvgAssert.all(markers, "circle")).extracting(c -> c.getTextContent())
                .containsExactly("GC 1 at sample 3: 9.78 MiB", "GC 2 at sample 6: 9.63 MiB");
        List<Element> panels = SvgAssert.groups(doc, "gc-pair");
        assertThat(panels).extracting(p -> p.getAttribute("data-gc")).containsExactly("1", "2");
        // GC 1: 15 pages before, 12 after; GC 2: 13 before, 11 after
        assertThat(SvgAssert.all(panels.get(0), "rect")).hasSize(27);
        assertThat(SvgAssert.all(panels.get(1), "rect")).hasSize(24);
        assertThat(SvgAssert.all(panels.get(0), "title")).extracting(Element::getTextContent)
                .contains("nextFitPages page 2: 40%", "FixedBlockPage_16 page 4: 10%");
    }

    @Test
    void textFromTheInputIsEscaped() throws Exception {
        String name = "we<ird & \"odd\" \u0001name]]>";
        MergedTimeline t = TimelineParser.parse(java.nio.channels.Channels.newChannel(new java.io.ByteArrayInputStream(
                Inputs.file("1,true\n", "--before GC 1--\na: +\n--after GC 1--\n").getBytes(StandardCharsets.UTF_8))), name);
        Document doc = SvgAssert.parse(plot(t, PlotOptions.defaults()));
        assertThat(SvgAssert.all(doc, "text").getFirst().getTextContent())
                .isEqualTo("Heap timeline: we<ird & \"odd\" ?name]]>");
    }

    @Test
    void largeCurvesAreDownsampledAndPanelsCapped(@TempDir Path dir) throws Exception {
        TimelineFileGenerator gen = new TimelineFileGenerator(200_000, 20_000, 0, false, 12, 30);
        Path file = dir.resolve("big.txt");
        gen.write(file);
        MergedTimeline t = TimelineParser.parse(file);

        for (DownsampleMethod method : DownsampleMethod.values()) {
            byte[] svg = plot(t, new PlotOptions(500, method, 3));
            Document doc = SvgAssert.parse(svg);
            String[] points = SvgAssert.all(doc, "polyline").getFirst().getAttribute("points").split(" ");
            assertThat(points.length).isBetween(100, 500 + gen.markers());
            assertThat(SvgAssert.groups(doc, "gc-pair")).hasSize(3);
            assertThat(new String(svg, StandardCharsets.UTF_8)).contains("9 more GC pairs are not drawn");
        }
    }

    @Test
    void emptyTimelineStillDraws() throws Exception {
        MergedTimeline t = Inputs.parse(Inputs.file("", ""));
        Document doc = SvgAssert.parse(plot(t, PlotOptions.defaults()));
        assertThat(SvgAssert.all(doc, "text")).extracting(Element::getTextContent).contains("no heap samples");
        assertThat(SvgAssert.all(doc, "polyline")).isEmpty();
    }
}
