package dev.heapwise.cli.timeline;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.heapwise.timeline.CompactionEstimate;
import dev.heapwise.timeline.GcBlock;
import dev.heapwise.timeline.GcCorrelation;
import dev.heapwise.timeline.GcPair;
import dev.heapwise.timeline.GcPairComparison;
import dev.heapwise.timeline.HeapTimeline;
import dev.heapwise.timeline.KindComparison;
import dev.heapwise.timeline.MergedTimeline;
import dev.heapwise.timeline.OccupancyDistribution;
import dev.heapwise.timeline.PageDump;
import dev.heapwise.timeline.ParseIssue;
import dev.heapwise.timeline.ParseReport;
import dev.heapwise.timeline.TimelineAnalysis;
import dev.heapwise.timeline.UnpairedBlock;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;

/**
 * The {@code --json} document, streamed with Jackson's generator: page arrays of thousands of
 * GCs never become a tree in memory. Field names are documented in docs/timeline.md; numbers that
 * are undefined (the mean of no pages) are {@code null}.
 */
final class TimelineJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final JsonGenerator g;

    private TimelineJson(JsonGenerator g) {
        this.g = g;
    }

    static void write(TimelineAnalysis analysis, boolean verbose, OutputStream out) throws IOException {
        JsonGenerator g = MAPPER.getFactory().createGenerator(out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.setPrettyPrinter(new DefaultPrettyPrinter());
        new TimelineJson(g).document(analysis, verbose);
        g.writeRaw('\n');
        g.flush();
    }

    private void document(TimelineAnalysis a, boolean verbose) throws IOException {
        MergedTimeline t = a.timeline();
        HeapTimeline heap = t.heap();
        ParseReport report = t.report();
        g.writeStartObject();
        g.writeStringField("file", t.source());
        g.writeStringField("format", heap.timestamped() ? "timestamped" : "plain");
        g.writeNumberField("samples", heap.sampleCount());
        g.writeArrayFieldStart("markers");
        for (int i = 0; i < heap.markerCount(); i++) {
            g.writeNumber(heap.markerSample(i));
        }
        g.writeEndArray();
        g.writeNumberField("skippedLines", report.skippedLines());
        g.writeNumberField("warnings", report.warnings());
        g.writeNumberField("lines", report.lines());
        g.writeNumberField("bytes", report.bytes());
        g.writeNumberField("phase1Line", report.phase1Line());
        g.writeNumberField("phase2Line", report.phase2Line());
        heap(heap);
        g.writeNumberField("blocks", t.blocks().size());
        unpaired(t.unpaired());
        correlation(a.correlation());
        g.writeNumberField("pageSizeBytes", a.pageSizeBytes());
        g.writeArrayFieldStart("gcPairs");
        for (int i = 0; i < a.comparisons().size(); i++) {
            gcPair(a.correlation().matches().get(i), a.comparisons().get(i), heap);
        }
        g.writeEndArray();
        if (verbose) {
            g.writeArrayFieldStart("issues");
            for (ParseIssue issue : report.issues()) {
                g.writeStartObject();
                g.writeNumberField("line", issue.line());
                g.writeBooleanField("skipped", issue.skipped());
                g.writeStringField("problem", issue.problem());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeNumberField("issuesLeftOut", report.issuesLeftOut());
        }
        g.writeEndObject();
    }

    private void heap(HeapTimeline heap) throws IOException {
        g.writeObjectFieldStart("heap");
        int n = heap.sampleCount();
        number("minBytes", heap.minHeapBytes());
        number("maxBytes", heap.maxHeapBytes());
        number("meanBytes", heap.meanHeapBytes());
        number("firstBytes", n == 0 ? Double.NaN : heap.heapBytes(1));
        number("lastBytes", n == 0 ? Double.NaN : heap.heapBytes(n));
        if (n > 0) {
            g.writeNumberField("peakSample", heap.peakSample());
        } else {
            g.writeNullField("peakSample");
        }
        if (heap.timestamped()) {
            number("firstTimestamp", n == 0 ? Double.NaN : heap.timestamp(1));
            number("lastTimestamp", n == 0 ? Double.NaN : heap.timestamp(n));
        }
        g.writeEndObject();
    }

    private void unpaired(List<UnpairedBlock> unpaired) throws IOException {
        g.writeArrayFieldStart("unpairedBlocks");
        for (UnpairedBlock u : unpaired) {
            GcBlock b = u.block();
            g.writeStartObject();
            g.writeStringField("phase", b.phase().label());
            g.writeNumberField("gc", b.gc());
            g.writeNumberField("line", b.line());
            g.writeNumberField("pages", b.pages().pageCount());
            g.writeStringField("reason", u.reason());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private void correlation(GcCorrelation c) throws IOException {
        g.writeObjectFieldStart("correlation");
        g.writeStringField("mode", c.mode().name().toLowerCase(Locale.ROOT));
        g.writeArrayFieldStart("gcsWithoutMarker");
        for (GcPair p : c.gcsWithoutMarker()) {
            g.writeNumber(p.gc());
        }
        g.writeEndArray();
        g.writeArrayFieldStart("markersWithoutGc");
        for (int sample : c.markersWithoutGc()) {
            g.writeNumber(sample);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private void gcPair(GcCorrelation.Match match, GcPairComparison c, HeapTimeline heap) throws IOException {
        GcPair pair = c.pair();
        g.writeStartObject();
        g.writeNumberField("gc", pair.gc());
        if (match.hasMarker()) {
            g.writeNumberField("markerSample", match.markerSample());
            number("markerHeapBytes", heap.heapBytes(match.markerSample()));
        } else {
            g.writeNullField("markerSample");
            g.writeNullField("markerHeapBytes");
        }
        if (!Double.isNaN(pair.timestamp())) {
            number("timestamp", pair.timestamp());
        }
        g.writeNumberField("beforeLine", pair.before().line());
        g.writeNumberField("afterLine", pair.after().line());
        pages("before", pair.before().pages());
        pages("after", pair.after().pages());
        g.writeNumberField("pagesBefore", c.pagesBefore());
        g.writeNumberField("pagesAfter", c.pagesAfter());
        g.writeNumberField("pagesReleased", c.pagesReleased());
        g.writeNumberField("pagesAdded", c.pagesAdded());
        number("meanOccupancyBefore", c.meanOccupancyBefore());
        number("meanOccupancyAfter", c.meanOccupancyAfter());
        number("occupancyChangePoints", c.occupancyChangePoints());
        fragmentation("fragmentationBefore", c.totalBefore());
        fragmentation("fragmentationAfter", c.totalAfter());
        compaction("compactionBefore", c.compactionBefore());
        compaction("compactionAfter", c.compactionAfter());
        g.writeObjectFieldStart("kinds");
        for (KindComparison k : c.kinds()) {
            g.writeObjectFieldStart(k.kind());
            g.writeNumberField("pagesBefore", k.before().pages());
            g.writeNumberField("pagesAfter", k.after().pages());
            g.writeNumberField("pagesReleased", k.pagesReleased());
            g.writeNumberField("pagesAdded", k.pagesAdded());
            number("meanOccupancyBefore", k.before().meanOccupancy());
            number("meanOccupancyAfter", k.after().meanOccupancy());
            number("occupancyChangePoints", k.occupancyChangePoints());
            fragmentation("fragmentationBefore", k.before());
            fragmentation("fragmentationAfter", k.after());
            compaction("compactionBefore", k.compactionBefore());
            compaction("compactionAfter", k.compactionAfter());
            g.writeEndObject();
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    /** {@code "before": {"nextFitPages": [100, 40, 0], ...}} in the block's kind order. */
    private void pages(String field, PageDump dump) throws IOException {
        g.writeObjectFieldStart(field);
        for (String kind : dump.kinds()) {
            int[] percents = dump.occupancies(kind);
            g.writeFieldName(kind);
            g.writeArray(percents, 0, percents.length);
        }
        g.writeEndObject();
    }

    private void fragmentation(String field, OccupancyDistribution d) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeNumberField("pages", d.pages());
        g.writeNumberField("emptyPages", d.emptyPages());
        g.writeNumberField("partialPages", d.partialPages());
        g.writeNumberField("fullPages", d.fullPages());
        number("freePagesInPartialPages", d.freePagesInPartialPages());
        int[] histogram = d.histogram();
        g.writeFieldName("histogram");
        g.writeArray(histogram, 0, histogram.length);
        g.writeEndObject();
    }

    private void compaction(String field, CompactionEstimate c) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeNumberField("pages", c.pages());
        g.writeNumberField("pagesNeeded", c.pagesNeeded());
        g.writeNumberField("pagesSaved", c.pagesSaved());
        g.writeNumberField("bytesSaved", c.bytesSaved());
        g.writeNumberField("liveBytes", c.liveBytes());
        g.writeEndObject();
    }

    /** Whole numbers as integers (10000000, not 1.0E7), NaN as null. */
    private void number(String field, double v) throws IOException {
        if (Double.isNaN(v)) {
            g.writeNullField(field);
        } else if (v == Math.rint(v) && Math.abs(v) < 9.007199254740992E15) {
            g.writeNumberField(field, (long) v);
        } else {
            g.writeNumberField(field, v);
        }
    }
}
