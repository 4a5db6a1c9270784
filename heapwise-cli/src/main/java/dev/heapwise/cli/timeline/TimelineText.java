package dev.heapwise.cli.timeline;

import dev.heapwise.timeline.CompactionEstimate;
import dev.heapwise.timeline.GcCorrelation;
import dev.heapwise.timeline.GcPair;
import dev.heapwise.timeline.GcPairComparison;
import dev.heapwise.timeline.HeapTimeline;
import dev.heapwise.timeline.KindComparison;
import dev.heapwise.timeline.MergedTimeline;
import dev.heapwise.timeline.ParseIssue;
import dev.heapwise.timeline.ParseReport;
import dev.heapwise.timeline.TimelineAnalysis;
import dev.heapwise.timeline.TimelineNumbers;
import dev.heapwise.timeline.UnpairedBlock;
import java.io.PrintStream;

/** The text report: summary, correlation table, per-GC table; with --verbose also kinds and issues. */
final class TimelineText {
    private static final int LIST_MAX = 20;

    private final TimelineAnalysis a;
    private final boolean verbose;
    private final PrintStream out;

    TimelineText(TimelineAnalysis analysis, boolean verbose, PrintStream out) {
        this.a = analysis;
        this.verbose = verbose;
        this.out = out;
    }

    void print() {
        summary();
        correlation();
        perGc();
        if (verbose) {
            perKind();
            issues();
        }
    }

    private void summary() {
        MergedTimeline t = a.timeline();
        HeapTimeline heap = t.heap();
        ParseReport r = t.report();
        out.println(t.source() + ": merged heap timeline + page dump ("
                + (heap.timestamped() ? "timestamped samples" : "plain samples") + "), " + r.lines() + " lines");
        out.println("  heap samples   " + heap.sampleCount() + " (phase 1 from line " + r.phase1Line() + "), "
                + (heap.markerCount() == 0 ? "no markers" : heap.markerCount() + " markers at samples "
                        + Format.list(heap.markerSamples(), LIST_MAX)));
        if (heap.sampleCount() > 0) {
            out.println("  heap size      min " + TimelineNumbers.bytes(heap.minHeapBytes()) + ", max " + TimelineNumbers.bytes(heap.maxHeapBytes())
                    + " (sample " + heap.peakSample() + "), mean " + TimelineNumbers.bytes(heap.meanHeapBytes())
                    + ", last " + TimelineNumbers.bytes(heap.heapBytes(heap.sampleCount())));
        }
        out.println("  page dumps     " + t.blocks().size() + " blocks (phase 2 from line " + r.phase2Line() + "): "
                + t.pairs().size() + " GC pairs, " + t.unpaired().size() + " unpaired");
        out.println("  skipped lines  " + r.skippedLines() + (r.warnings() > 0 ? ", warnings " + r.warnings() : "")
                + (!verbose && r.skippedLines() + r.warnings() > 0 ? " (--verbose lists them)" : ""));
        out.println("  page size      " + a.pageSizeBytes() + " bytes, assumed for compaction (--page-size)");
        for (UnpairedBlock u : t.unpaired()) {
            out.println("  unpaired       " + u.reason());
        }
    }

    private void correlation() {
        GcCorrelation c = a.correlation();
        HeapTimeline heap = a.timeline().heap();
        out.println();
        out.println(c.mode() == GcCorrelation.Mode.ORDER
                ? "GC correlation (by order: the Nth GC by number goes with the Nth marker sample)"
                : "GC correlation (by timestamp: a GC goes with the marker sample of the same timestamp)");
        if (c.matches().isEmpty()) {
            out.println("  no GC pairs");
        } else {
            boolean timed = c.mode() == GcCorrelation.Mode.TIMESTAMP;
            TextTable table = timed ? new TextTable("GC", "timestamp", "marker sample", "heap at marker")
                    : new TextTable("GC", "marker sample", "heap at marker");
            for (GcCorrelation.Match m : c.matches()) {
                String sample = m.hasMarker() ? Integer.toString(m.markerSample()) : "none";
                String bytes = m.hasMarker() ? TimelineNumbers.bytes(heap.heapBytes(m.markerSample())) : "";
                if (timed) {
                    table.row(m.pair().gc(), Format.plain(m.pair().timestamp()), sample, bytes);
                } else {
                    table.row(m.pair().gc(), sample, bytes);
                }
            }
            table.print(out, "  ");
        }
        int[] noGc = c.gcsWithoutMarker().stream().mapToInt(GcPair::gc).toArray();
        out.println("  GCs without a marker: " + Format.list(noGc, LIST_MAX));
        out.println("  markers without a GC: " + Format.list(c.markersWithoutGc(), LIST_MAX));
    }

    private void perGc() {
        out.println();
        out.println("Per GC pair (pages released = pages that disappeared, kind by kind; compaction packs live data"
                + " within each kind)");
        if (a.comparisons().isEmpty()) {
            out.println("  no GC pairs");
            return;
        }
        TextTable table = new TextTable("GC", "pages before", "after", "released", "occupancy before", "after", "change",
                "partial after", "compacted after: pages", "saved", "bytes saved");
        for (GcPairComparison c : a.comparisons()) {
            CompactionEstimate after = c.compactionAfter();
            table.row(c.gc(), c.pagesBefore(), c.pagesAfter(), c.pagesReleased(), Format.percent(c.meanOccupancyBefore()),
                    Format.percent(c.meanOccupancyAfter()), Format.points(c.occupancyChangePoints()),
                    c.totalAfter().partialPages(), after.pagesNeeded(), after.pagesSaved(), TimelineNumbers.bytes(after.bytesSaved()));
        }
        table.print(out, "  ");
    }

    private void perKind() {
        for (GcPairComparison c : a.comparisons()) {
            GcPair pair = c.pair();
            out.println();
            out.println("GC " + pair.gc() + " by page kind (before at line " + pair.before().line() + ", after at line "
                    + pair.after().line() + ")");
            TextTable table = new TextTable("kind", "pages before", "after", "released", "occupancy before", "after",
                    "change", "empty/partial/full after", "compacted after: pages", "saved");
            for (KindComparison k : c.kinds()) {
                table.row(k.kind(), k.before().pages(), k.after().pages(), k.pagesReleased(),
                        Format.percent(k.before().meanOccupancy()), Format.percent(k.after().meanOccupancy()),
                        Format.points(k.occupancyChangePoints()),
                        k.after().emptyPages() + "/" + k.after().partialPages() + "/" + k.after().fullPages(),
                        k.compactionAfter().pagesNeeded(), k.compactionAfter().pagesSaved());
            }
            table.print(out, "  ");
        }
    }

    private void issues() {
        ParseReport r = a.timeline().report();
        out.println();
        out.println("Skipped lines and warnings");
        if (r.issues().isEmpty()) {
            out.println("  none");
            return;
        }
        for (ParseIssue issue : r.issues()) {
            out.println("  line " + issue.line() + ": " + (issue.skipped() ? "skipped: " : "warning: ") + issue.problem());
        }
        if (r.issuesLeftOut() > 0) {
            out.println("  ... and " + r.issuesLeftOut() + " more not listed");
        }
    }
}
