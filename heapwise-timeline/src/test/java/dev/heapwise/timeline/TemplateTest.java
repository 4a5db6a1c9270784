package dev.heapwise.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The two published templates give exactly the results their documentation states. */
class TemplateTest {

    @ParameterizedTest
    @ValueSource(strings = {Inputs.TEMPLATE_V1, Inputs.TEMPLATE_V2})
    void samplesAndMarkersAreAsDocumented(String template) throws IOException {
        MergedTimeline t = TimelineParser.parse(Inputs.shared(template));

        HeapTimeline heap = t.heap();
        assertThat(heap.sampleCount()).isEqualTo(7);
        assertThat(heap.markerSamples()).containsExactly(3, 6);
        double[] expected = {10000000, 10120000, 10250000, 10300000, 10200000, 10100000, 10050000};
        for (int s = 1; s <= 7; s++) {
            assertThat(heap.heapBytes(s)).isEqualTo(expected[s - 1]);
        }
        assertThat(t.report().skippedLines()).isZero();
        assertThat(t.report().warnings()).isZero();
        assertThat(t.report().phase1Line()).isEqualTo(1);
        assertThat(t.report().phase2Line()).isEqualTo(10);
        assertThat(t.unpaired()).isEmpty();
        assertThat(t.blocks()).hasSize(4);
        assertThat(t.pairs()).extracting(GcPair::gc).containsExactly(1, 2);
    }

    @ParameterizedTest
    @ValueSource(strings = {Inputs.TEMPLATE_V1, Inputs.TEMPLATE_V2})
    void pageArraysAreAsListed(String template) throws IOException {
        MergedTimeline t = TimelineParser.parse(Inputs.shared(template));
        GcPair gc1 = t.pairs().get(0);
        GcPair gc2 = t.pairs().get(1);
        List<String> kinds = List.of("nextFitPages", "singleObjectPages", "FixedBlockPage_16");

        assertThat(gc1.before().pages().kinds()).isEqualTo(kinds);
        assertThat(gc1.before().pages().occupancies("nextFitPages")).containsExactly(100, 40, 0, 100, 30);
        assertThat(gc1.before().pages().occupancies("singleObjectPages")).containsExactly(100, 100, 0, 20, 100);
        assertThat(gc1.before().pages().occupancies("FixedBlockPage_16")).containsExactly(100, 60, 0, 100, 40);
        assertThat(gc1.after().pages().kinds()).isEqualTo(kinds);
        assertThat(gc1.after().pages().occupancies("nextFitPages")).containsExactly(100, 35, 0, 100);
        assertThat(gc1.after().pages().occupancies("singleObjectPages")).containsExactly(100, 0, 0, 100);
        assertThat(gc1.after().pages().occupancies("FixedBlockPage_16")).containsExactly(100, 100, 100, 10);

        assertThat(gc2.before().pages().occupancies("nextFitPages")).containsExactly(90, 0, 100, 100, 100);
        assertThat(gc2.before().pages().occupancies("singleObjectPages")).containsExactly(100, 100, 100, 100, 100);
        assertThat(gc2.before().pages().occupancies("FixedBlockPage_16")).containsExactly(50, 0, 0);
        assertThat(gc2.after().pages().occupancies("nextFitPages")).containsExactly(100, 100, 100, 100);
        assertThat(gc2.after().pages().occupancies("singleObjectPages")).containsExactly(100, 100, 100, 100);
        assertThat(gc2.after().pages().occupancies("FixedBlockPage_16")).containsExactly(100, 100, 100);

        assertThat(gc1.before().line()).isEqualTo(11);
        assertThat(gc1.after().line()).isEqualTo(15);
        assertThat(gc2.before().line()).isEqualTo(20);
        assertThat(gc2.after().line()).isEqualTo(24);
    }

    @ParameterizedTest
    @ValueSource(strings = {Inputs.TEMPLATE_V1, Inputs.TEMPLATE_V2})
    void gcOneAndTwoGoWithMarkersThreeAndSix(String template) throws IOException {
        TimelineAnalysis a = TimelineAnalysis.of(TimelineParser.parse(Inputs.shared(template)), 4096);

        assertThat(a.correlation().matches()).extracting(m -> m.pair().gc(), GcCorrelation.Match::markerSample)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(1, 3), org.assertj.core.groups.Tuple.tuple(2, 6));
        assertThat(a.correlation().gcsWithoutMarker()).isEmpty();
        assertThat(a.correlation().markersWithoutGc()).isEmpty();
        assertThat(a.correlation().mode()).isEqualTo(template.equals(Inputs.TEMPLATE_V2)
                ? GcCorrelation.Mode.TIMESTAMP : GcCorrelation.Mode.ORDER);
    }

    @ParameterizedTest
    @ValueSource(strings = {Inputs.TEMPLATE_V1, Inputs.TEMPLATE_V2})
    void perGcFiguresMatchAHandCount(String template) throws IOException {
        TimelineAnalysis a = TimelineAnalysis.of(TimelineParser.parse(Inputs.shared(template)), 4096);
        GcPairComparison gc1 = a.comparisons().get(0);
        GcPairComparison gc2 = a.comparisons().get(1);

        // GC 1: 5+5+5 pages holding 270+320+300 points, then 4+4+4 holding 235+200+310
        assertThat(gc1.pagesBefore()).isEqualTo(15);
        assertThat(gc1.pagesAfter()).isEqualTo(12);
        assertThat(gc1.pagesReleased()).isEqualTo(3);
        assertThat(gc1.meanOccupancyBefore()).isCloseTo(890.0 / 15, within(1e-9));
        assertThat(gc1.meanOccupancyAfter()).isCloseTo(745.0 / 12, within(1e-9));
        assertThat(gc1.occupancyChangePoints()).isCloseTo(745.0 / 12 - 890.0 / 15, within(1e-9));
        // after GC 1, packed per kind: ceil(2.35)=3 of 4, ceil(2.00)=2 of 4, ceil(3.10)=4 of 4
        assertThat(gc1.compactionAfter().pagesNeeded()).isEqualTo(9);
        assertThat(gc1.compactionAfter().pagesSaved()).isEqualTo(3);
        assertThat(gc1.compactionAfter().bytesSaved()).isEqualTo(3 * 4096);
        KindComparison single = gc1.kinds().get(1);
        assertThat(single.kind()).isEqualTo("singleObjectPages");
        assertThat(single.after().emptyPages()).isEqualTo(2);
        assertThat(single.after().partialPages()).isZero();
        assertThat(single.before().partialPages()).isEqualTo(1);

        // GC 2: 5+5+3 pages holding 390+500+50, then 4+4+3 all full
        assertThat(gc2.pagesBefore()).isEqualTo(13);
        assertThat(gc2.pagesAfter()).isEqualTo(11);
        assertThat(gc2.pagesReleased()).isEqualTo(2);
        assertThat(gc2.meanOccupancyBefore()).isCloseTo(940.0 / 13, within(1e-9));
        assertThat(gc2.meanOccupancyAfter()).isEqualTo(100.0);
        assertThat(gc2.compactionAfter().pagesSaved()).isZero();
        assertThat(gc2.compactionBefore().pagesNeeded()).isEqualTo(4 + 5 + 1);
    }
}
