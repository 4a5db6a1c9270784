package dev.heapwise.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** Per-GC figures when kinds come and go. */
class ComparisonTest {

    @Test
    void kindsPresentOnOneSideOnlyCountAsZeroOnTheOther() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file("", """
                --before GC 1--
                a: + + (50%)
                b: -
                --after GC 1--
                a: +
                c: + +
                """));
        GcPairComparison c = GcPairComparison.of(t.pairs().get(0), 1000);
        assertThat(c.kinds()).extracting(KindComparison::kind).containsExactly("a", "b", "c");
        assertThat(c.kinds()).extracting(KindComparison::pagesReleased).containsExactly(2, 1, 0);
        assertThat(c.kinds()).extracting(KindComparison::pagesAdded).containsExactly(0, 0, 2);
        assertThat(c.pagesReleased()).isEqualTo(3);
        assertThat(c.pagesAdded()).isEqualTo(2);
        assertThat(c.kinds().get(2).before().meanOccupancy()).isNaN();
        assertThat(c.kinds().get(2).occupancyChangePoints()).isNaN();
        assertThat(c.meanOccupancyBefore()).isEqualTo(250.0 / 4);
        assertThat(c.meanOccupancyAfter()).isEqualTo(100.0);
        CompactionEstimate before = c.compactionBefore();
        // a: 250% -> 3 pages, b: 0% -> 0 pages
        assertThat(before.pages()).isEqualTo(4);
        assertThat(before.pagesNeeded()).isEqualTo(3);
        assertThat(before.bytesSaved()).isEqualTo(1000);
        assertThat(before.liveBytes()).isEqualTo(2500);
    }

    @Test
    void anEmptyAfterBlockHasNoMean() throws IOException {
        MergedTimeline t = Inputs.parse(Inputs.file("", "--before GC 1--\na: (10%)\n--after GC 1--\n"));
        GcPairComparison c = GcPairComparison.of(t.pairs().get(0), 4096);
        assertThat(c.pagesAfter()).isZero();
        assertThat(c.meanOccupancyAfter()).isNaN();
        assertThat(c.occupancyChangePoints()).isNaN();
        assertThat(c.totalBefore().partialPages()).isEqualTo(1);
        assertThat(c.totalBefore().freePagesInPartialPages()).isEqualTo(0.9);
    }
}
