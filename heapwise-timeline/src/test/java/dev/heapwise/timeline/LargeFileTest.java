package dev.heapwise.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Generated files at scale: every count exact. No timing assertions (see docs/timeline.md). */
class LargeFileTest {

    @Test
    void tenMillionSamples(@TempDir Path dir) throws IOException {
        int samples = 10_000_000;
        TimelineFileGenerator gen = new TimelineFileGenerator(samples, 1000, 1_000_000, false, 5, 50);
        Path file = dir.resolve("ten-million.txt");
        gen.write(file);

        MergedTimeline t = TimelineParser.parse(file);

        HeapTimeline heap = t.heap();
        assertThat(heap.sampleCount()).isEqualTo(samples);
        assertThat(heap.markerCount()).isEqualTo(gen.markers()).isEqualTo(10_000);
        assertThat(heap.markerSample(0)).isEqualTo(1000);
        assertThat(heap.markerSample(9_999)).isEqualTo(samples);
        // line = 2 header lines + the sample number + one garbage line per million samples before it
        assertThat(heap.markerLine(9_999)).isEqualTo(2 + samples + 9);
        assertThat(t.report().skippedLines()).isEqualTo(gen.garbageLines()).isEqualTo(10);
        assertThat(t.report().issues()).extracting(ParseIssue::line).startsWith(2L + 1_000_000 + 1);
        double sum = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long i = 1; i <= samples; i++) {
            long v = TimelineFileGenerator.heapBytes(i);
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        assertThat(heap.minHeapBytes()).isEqualTo(min);
        assertThat(heap.maxHeapBytes()).isEqualTo(max);
        assertThat(heap.meanHeapBytes()).isEqualTo(sum / samples);
        for (int s : new int[] {1, 2, 999_999, 5_000_000, samples}) {
            assertThat(heap.heapBytes(s)).isEqualTo(TimelineFileGenerator.heapBytes(s));
        }
        assertThat(t.pairs()).hasSize(5);
        assertThat(t.report().bytes()).isEqualTo(Files.size(file));

        int[] curve = heap.downsample(DownsampleMethod.LTTB, 2000);
        assertThat(curve.length).isLessThanOrEqualTo(2000 + heap.markerCount());
        assertThat(curve).contains(1, samples, 1000, 5_000_000);
    }

    @Test
    void timestampedVariantAtScaleCorrelatesByTime(@TempDir Path dir) throws IOException {
        int samples = 2_000_000;
        TimelineFileGenerator gen = new TimelineFileGenerator(samples, 500, 0, true, 300, 20);
        Path file = dir.resolve("timestamped.txt");
        gen.write(file);

        TimelineAnalysis a = TimelineAnalysis.of(TimelineParser.parse(file), 4096);

        HeapTimeline heap = a.timeline().heap();
        assertThat(heap.sampleCount()).isEqualTo(samples);
        assertThat(heap.timestampsAscending()).isTrue();
        assertThat(heap.timestamp(samples)).isEqualTo(TimelineFileGenerator.timestamp(samples));
        assertThat(a.correlation().mode()).isEqualTo(GcCorrelation.Mode.TIMESTAMP);
        assertThat(a.correlation().matches()).hasSize(300).allSatisfy(m ->
                assertThat(m.markerSample()).isEqualTo(m.pair().gc() * 500));
        assertThat(a.correlation().markersWithoutGc()).hasSize(gen.markers() - 300);
    }

    @Test
    void thousandsOfPageDumps(@TempDir Path dir) throws IOException {
        int pairs = 2000;
        int pages = 400;
        TimelineFileGenerator gen = new TimelineFileGenerator(10_000, 5, 0, false, pairs, pages);
        Path file = dir.resolve("pages.txt");
        gen.write(file);

        TimelineAnalysis a = TimelineAnalysis.of(TimelineParser.parse(file), 4096);

        assertThat(a.timeline().pairs()).hasSize(pairs);
        assertThat(a.timeline().report().skippedLines()).isZero();
        GcPairComparison last = a.comparisons().get(pairs - 1);
        assertThat(last.gc()).isEqualTo(pairs);
        assertThat(last.pagesBefore()).isEqualTo(TimelineFileGenerator.KINDS.length * pages);
        long sumAfter = 0;
        for (int k = 0; k < TimelineFileGenerator.KINDS.length; k++) {
            for (int p = 0; p < pages; p++) {
                sumAfter += TimelineFileGenerator.occupancy(pairs, k, p, false);
            }
        }
        assertThat(last.totalAfter().occupancySum()).isEqualTo(sumAfter);
        assertThat(last.kinds()).extracting(KindComparison::kind)
                .containsExactly("nextFitPages", "singleObjectPages", "FixedBlockPage_16", "FixedBlockPage_64");
    }
}
