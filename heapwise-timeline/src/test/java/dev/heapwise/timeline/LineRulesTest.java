package dev.heapwise.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** How single lines of both phases are read, kept, skipped or warned about. */
class LineRulesTest {

    @Test
    void malformedHeapLinesAreSkippedCountedAndLocated() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file(
                "100,false\n"          // 2: sample 1
                + "abc,true\n"         // 3: not a number
                + "200\n"              // 4: one field
                + "300,true,1,2\n"     // 5: four fields
                + "400,maybe\n"        // 6: neither flag nor number
                + "-5,false\n"         // 7: negative
                + "12345.67,TRUE\n"    // 8: sample 2, float, marker
                + "   \n"              // 9: blank: ignored, not counted
                + " 1e3 ,\tfalse \n"   // 10: sample 3, padded, exponent
                + "NaN,false\n"        // 11: not a number in our grammar
                + "0x10,false\n",      // 12: no hex
                ""));
        HeapTimeline heap = t.heap();
        assertThat(heap.sampleCount()).isEqualTo(3);
        assertThat(heap.heapBytes(1)).isEqualTo(100);
        assertThat(heap.heapBytes(2)).isEqualTo(12345.67);
        assertThat(heap.heapBytes(3)).isEqualTo(1000);
        assertThat(heap.markerSamples()).containsExactly(2);
        assertThat(heap.markerLine(0)).isEqualTo(8);
        assertThat(t.report().skippedLines()).isEqualTo(7);
        assertThat(t.report().issues()).extracting(ParseIssue::line).containsExactly(3L, 4L, 5L, 6L, 7L, 11L, 12L);
        assertThat(t.report().issues()).allMatch(ParseIssue::skipped);
        assertThat(t.report().issues().get(0).problem()).isEqualTo("heap line: heap bytes 'abc' is not a number: 'abc,true'");
        assertThat(t.report().issues().get(3).problem()).contains("'maybe' is neither true/false nor a number");
        assertThat(t.report().issues().get(4).problem()).contains("negative");
    }

    @Test
    void sampleNumbersCountOnlyGoodLines() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file("junk\n1,false\njunk\n2,true\n", ""));
        assertThat(t.heap().markerSamples()).containsExactly(2);
        assertThat(t.heap().markerLine(0)).isEqualTo(5);
    }

    @Test
    void timestampedVariantIsRecognisedFromItsFirstSample() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file(
                "1.5,100,false\n2.5,200\n3.5,300,true\n400,true\n",
                "--before GC 1 @ 3.5--\nx: +\n--after GC 1 @ 3.5--\nx: -\n"));
        HeapTimeline heap = t.heap();
        assertThat(heap.timestamped()).isTrue();
        assertThat(heap.sampleCount()).isEqualTo(3);
        assertThat(heap.timestamp(2)).isEqualTo(2.5);
        assertThat(heap.heapBytes(2)).isEqualTo(200);
        assertThat(heap.markerSamples()).containsExactly(3);
        assertThat(t.report().issues()).singleElement().satisfies(i -> {
            assertThat(i.line()).isEqualTo(5);
            assertThat(i.problem()).contains("has no timestamp, but the first sample (line 2) has one");
        });
        assertThat(t.pairs().get(0).timestamp()).isEqualTo(3.5);
    }

    @Test
    void plainFileSkipsTimestampedLines() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file("100,true\n5,200,false\n", ""));
        assertThat(t.heap().timestamped()).isFalse();
        assertThat(t.heap().sampleCount()).isEqualTo(1);
        assertThat(t.report().skippedLines()).isEqualTo(1);
    }

    @Test
    void headersAcceptTheSeedsSpellings() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file("", """
                -------before GC 1 -------
                ---after GC 1--
                -before gc 42-
                   ----- AFTER GC 42 @ -17 -----
                --before GC 5 @ 2024-01-01--
                --after GC 5 @ 99--
                """));
        assertThat(t.blocks()).extracting(GcBlock::label)
                .containsExactly("before GC 1", "after GC 1", "before GC 42", "after GC 42", "before GC 5", "after GC 5");
        assertThat(t.blocks().get(3).timestamp()).isEqualTo(-17);
        assertThat(t.blocks().get(4).hasTimestamp()).isFalse();
        assertThat(t.pairs()).extracting(GcPair::gc).containsExactly(1, 42, 5);
        assertThat(t.report().warnings()).isEqualTo(1);
        assertThat(t.report().issues().get(0).problem()).contains("'2024-01-01' is not a number");
    }

    @Test
    void pageLinesGiveFixedBlockAndNamedKinds() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file("", """
                ---before GC 1---
                16: + (40%) - +
                0032:++--(7%)(100%)(0%)
                nextFitPages : + - (30%) +
                extraObjectPages:
                my.custom-kind_2: +
                """));
        PageDump pages = t.blocks().get(0).pages();
        assertThat(pages.kinds()).containsExactly("FixedBlockPage_16", "FixedBlockPage_32", "nextFitPages",
                "extraObjectPages", "my.custom-kind_2");
        assertThat(pages.occupancies("FixedBlockPage_16")).containsExactly(100, 40, 0, 100);
        assertThat(pages.occupancies("FixedBlockPage_32")).containsExactly(100, 100, 0, 0, 7, 100, 0);
        assertThat(pages.occupancies("nextFitPages")).containsExactly(100, 0, 30, 100);
        assertThat(pages.pageCount("extraObjectPages")).isZero();
        assertThat(t.report().skippedLines()).isZero();
        assertThat(t.unpaired()).singleElement().satisfies(u ->
                assertThat(u.reason()).isEqualTo("before GC 1 (line 3) is the last block; no after GC 1 follows it"));
    }

    @Test
    void badPageLinesAreSkippedWithTheReason() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file("", """
                16: + +
                ---before GC 1---
                16: + x -
                17: (40 %)
                18: (101%)
                19: (40.5%)
                just some words
                20: + -
                phase1: heap use
                """));
        assertThat(t.report().issues()).extracting(ParseIssue::line).containsExactly(3L, 5L, 6L, 7L, 8L, 9L, 11L);
        assertThat(t.report().issues()).extracting(ParseIssue::problem).satisfiesExactly(
                p -> assertThat(p).isEqualTo("page line before the first 'before/after GC <n>' header"),
                p -> assertThat(p).contains("unrecognised page token 'x -' at column 7"),
                p -> assertThat(p).contains("unrecognised page token '(40 %)'"),
                p -> assertThat(p).contains("(101%) at column 5 is above 100%"),
                p -> assertThat(p).contains("'(40.5%)'"),
                p -> assertThat(p).contains("neither a 'before/after GC <n>' header"),
                p -> assertThat(p).contains("repeated phase marker"));
        assertThat(t.blocks().get(0).pages().kinds()).containsExactly("FixedBlockPage_20");
    }

    @Test
    void aRepeatedKindIsAppendedWithAWarning() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file("", "--before GC 1--\n16: + -\n8: +\n16: (5%)\n"));
        assertThat(t.blocks().get(0).pages().occupancies("FixedBlockPage_16")).containsExactly(100, 0, 5);
        assertThat(t.report().warnings()).isEqualTo(1);
        assertThat(t.report().issues().get(0)).isEqualTo(new ParseIssue(6, false,
                "page kind FixedBlockPage_16 appears again in this block (first at line 4); its pages are appended"));
    }

    @Test
    void onlyAdjacentBeforeThenAfterOfTheSameGcPair() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file("", """
                --after GC 1--
                --before GC 2--
                --after GC 3--
                --before GC 4--
                --before GC 4--
                --after GC 4--
                --after GC 4--
                --before GC 5--
                """));
        assertThat(t.pairs()).extracting(GcPair::gc).containsExactly(4);
        assertThat(t.pairs().get(0).before().line()).isEqualTo(7);
        assertThat(t.unpaired()).extracting(UnpairedBlock::reason).containsExactly(
                "after GC 1 (line 3) is the first block; no before GC 1 comes right before it",
                "before GC 2 (line 4) is followed by after GC 3 (line 5), not by after GC 2",
                "after GC 3 (line 5) comes right after before GC 2 (line 4), not after before GC 3",
                "before GC 4 (line 6) is followed by before GC 4 (line 7), not by after GC 4",
                "after GC 4 (line 9) comes right after after GC 4 (line 8), not after before GC 4",
                "before GC 5 (line 10) is the last block; no after GC 5 follows it");
    }

    @Test
    void aGcPairedTwiceIsKeptTwiceWithAWarning() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file("1,true\n2,true\n",
                "--before GC 9--\n--after GC 9--\n--before GC 9--\n--after GC 9--\n"));
        assertThat(t.pairs()).hasSize(2);
        assertThat(t.report().issues()).singleElement().satisfies(i -> {
            assertThat(i.line()).isEqualTo(7);
            assertThat(i.problem()).contains("GC 9 is paired a second time (first pair at line 5)");
        });
    }

    @Test
    void crlfBomAndMissingFinalNewlineAreFine() throws IOException {
        String text = "\uFEFFphase1: heap use\r\n10,true\r\n20,false\r\nphase2: page dump\r\n--before GC 1--\r\n"
                + "16: + -\r\n--after GC 1--\r\n16: +";
        MergedTimeline t = Inputs.parse(text.getBytes(StandardCharsets.UTF_8));
        assertThat(t.heap().sampleCount()).isEqualTo(2);
        assertThat(t.pairs()).hasSize(1);
        assertThat(t.pairs().get(0).after().pages().occupancies("FixedBlockPage_16")).containsExactly(100);
        assertThat(t.report().lines()).isEqualTo(8);
        assertThat(t.report().skippedLines()).isZero();
    }

    @Test
    void aRepeatedPhase1MarkerIsSkippedNotRestarted() throws IOException {
        MergedTimeline t = Inputs.parse("phase1: heap use\n1,false\nphase1: heap use\n2,true\nphase2: page dump\n");
        assertThat(t.heap().sampleCount()).isEqualTo(2);
        assertThat(t.report().issues()).singleElement().satisfies(i -> assertThat(i.line()).isEqualTo(3));
    }

    @Test
    void hugeLinesAreSkippedInBoundedMemory() throws IOException {
        StringBuilder text = new StringBuilder("phase1: heap use\n1,true\n");
        text.append("9".repeat(dev.heapwise.timeline.internal.MergedFileParser.MAX_LINE_BYTES + 10)).append(",false\n");
        text.append("2,false\nphase2: page dump\n");
        MergedTimeline t = Inputs.parse(text.toString());
        assertThat(t.heap().sampleCount()).isEqualTo(2);
        assertThat(t.report().issues()).singleElement().satisfies(i -> {
            assertThat(i.line()).isEqualTo(3);
            assertThat(i.problem()).startsWith("line is longer than");
        });
    }

    @Test
    void issueListIsCappedButCountsStayExact() throws IOException {
        int bad = ParseReport.MAX_LISTED_ISSUES + 500;
        MergedTimeline t = Inputs.parse(Inputs.file("x\n".repeat(bad), ""));
        assertThat(t.report().skippedLines()).isEqualTo(bad);
        assertThat(t.report().issues()).hasSize(ParseReport.MAX_LISTED_ISSUES);
        assertThat(t.report().issuesLeftOut()).isEqualTo(500);
    }

    @Test
    void aFileCutShortIsWarnedAbout() throws IOException {
        String whole = Inputs.file("1,false\n2,true\n", "--before GC 1 @ 3.5--\nx: ++\n--after GC 1 @ 3.5--\nx: -+\n");
        assertThat(Inputs.parse(whole).report().warnings()).isZero();
        // cut inside the last page line, and inside the last block's header
        for (String cut : new String[] {whole.substring(0, whole.length() - 2),
            whole.substring(0, whole.indexOf("--after") + 9)}) {
            MergedTimeline t = Inputs.parse(cut);
            assertThat(t.report().warnings()).as(cut).isEqualTo(1);
            assertThat(t.report().issues()).filteredOn(i -> !i.skipped()).singleElement()
                    .satisfies(i -> assertThat(i.problem()).contains("cut short"));
        }
    }
}
