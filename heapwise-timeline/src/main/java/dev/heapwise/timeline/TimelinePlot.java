package dev.heapwise.timeline;

import dev.heapwise.timeline.internal.NiceScale;
import dev.heapwise.timeline.internal.OccupancyColors;
import dev.heapwise.timeline.internal.SvgDocument;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.stream.XMLStreamException;

/**
 * Draws a parsed timeline as a standalone SVG document: the heap curve (downsampled) with the GC
 * markers, then for each GC pair its before and after pages as grids of cells coloured by
 * occupancy (light = empty, dark = full; hover a cell for its kind, number and percentage).
 *
 * <p>Cost: O(samples) to downsample plus O(curvePoints + markers + pages drawn) output; the
 * output is written as it is produced. Stateless and thread-safe.
 */
public final class TimelinePlot {
    private static final double WIDTH = 1200;
    private static final double LEFT = 90;
    private static final double RIGHT = 30;
    private static final double CHART_TOP = 80;
    private static final double CHART_HEIGHT = 300;
    private static final double CHART_BOTTOM = CHART_TOP + CHART_HEIGHT;
    private static final double CHART_WIDTH = WIDTH - LEFT - RIGHT;
    private static final double PANELS_TOP = CHART_BOTTOM + 100;
    private static final double COLUMN_GAP = 20;
    private static final double COLUMN_WIDTH = (CHART_WIDTH - COLUMN_GAP) / 2;
    private static final double LABEL_WIDTH = 150;
    private static final double CELL = 9;
    private static final double CELL_STEP = 11;
    private static final int CELLS_PER_ROW = (int) ((COLUMN_WIDTH - LABEL_WIDTH) / CELL_STEP);
    private static final double PANEL_HEADER = 58;
    private static final double PANEL_GAP = 26;
    private static final int MAX_MARKER_LABELS = 40;
    private static final String CURVE = "#2563eb";
    private static final String MATCHED = "#dc2626";
    private static final String UNMATCHED = "#f59e0b";
    private static final String MUTED = "#475569";
    private static final String GRID = "#e2e8f0";

    private TimelinePlot() {}

    /** Writes the SVG to {@code out} (which stays open). */
    public static void write(TimelineAnalysis analysis, OutputStream out, PlotOptions options) throws IOException {
        try {
            new Drawing(analysis, options).draw(out);
        } catch (XMLStreamException e) {
            throw new IOException("cannot write SVG: " + e.getMessage(), e);
        }
    }

    /** One drawing; holds the scales. */
    private static final class Drawing {
        private final TimelineAnalysis analysis;
        private final PlotOptions options;
        private final HeapTimeline heap;
        private final boolean timeAxis;
        private final double xMin;
        private final double xMax;
        private final NiceScale yScale;
        private final double yUnit;
        private final String yUnitName;
        private final int panels;
        private final int[] kept;

        Drawing(TimelineAnalysis analysis, PlotOptions options) {
            this.analysis = analysis;
            this.options = options;
            this.heap = analysis.timeline().heap();
            int n = heap.sampleCount();
            this.timeAxis = heap.timestampsAscending() && n > 0;
            double lo = n == 0 ? 1 : xValue(1);
            double hi = n == 0 ? 1 : xValue(n);
            if (hi <= lo) {
                lo -= 0.5;
                hi += 0.5;
            }
            this.xMin = lo;
            this.xMax = hi;
            // Ticks at round numbers of the unit the labels use (KiB, MiB...), not of bytes.
            int power = 0;
            double top = n == 0 ? 0 : Math.abs(heap.maxHeapBytes());
            while (power < 4 && top >= Math.pow(1024, power + 1)) {
                power++;
            }
            this.yUnit = Math.pow(1024, power);
            this.yUnitName = new String[] {"B", "KiB", "MiB", "GiB", "TiB"}[power];
            this.yScale = NiceScale.of(heap.minHeapBytes() / yUnit, heap.maxHeapBytes() / yUnit, 5);
            this.panels = Math.min(options.maxGcPanels(), analysis.comparisons().size());
            this.kept = heap.downsample(options.method(), options.curvePoints());
        }

        void draw(OutputStream out) throws XMLStreamException {
            double height = PANELS_TOP;
            for (int i = 0; i < panels; i++) {
                height += panelHeight(analysis.comparisons().get(i));
            }
            height += 40;
            try (SvgDocument svg = new SvgDocument(out, WIDTH, height)) {
                svg.rect(0, 0, WIDTH, height, "#ffffff", null);
                title(svg);
                chart(svg);
                legend(svg);
                double y = PANELS_TOP;
                for (int i = 0; i < panels; i++) {
                    y = panel(svg, i, y);
                }
                int left = analysis.comparisons().size() - panels;
                if (left > 0) {
                    svg.text(LEFT, y + 14, left + " more GC pair" + (left == 1 ? " is" : "s are")
                            + " not drawn (raise the panel limit to see them)", "font-size", "12", "fill", MUTED);
                }
            }
        }

        private void title(SvgDocument svg) throws XMLStreamException {
            MergedTimeline t = analysis.timeline();
            svg.text(LEFT, 28, "Heap timeline: " + t.source(), "font-size", "16", "font-weight", "bold");
            String summary = heap.sampleCount() + " samples, " + heap.markerCount() + " markers, "
                    + t.pairs().size() + " GC pairs, " + t.unpaired().size() + " unpaired blocks, "
                    + t.report().skippedLines() + " skipped lines; correlation by "
                    + analysis.correlation().mode().name().toLowerCase(Locale.ROOT)
                    + "; curve drawn through " + kept.length + " of " + heap.sampleCount() + " samples ("
                    + options.method().name().toLowerCase(Locale.ROOT).replace('_', '/') + ")";
            svg.text(LEFT, 48, summary, "font-size", "12", "fill", MUTED);
        }

        private void chart(SvgDocument svg) throws XMLStreamException {
            svg.startGroup("class", "heap-curve");
            for (double tick : yScale.ticks()) {
                double y = yPos(tick * yUnit);
                svg.line(LEFT, y, LEFT + CHART_WIDTH, y, GRID);
                svg.text(LEFT - 6, y + 4, TimelineNumbers.plain(round(tick, yScale.step())) + " " + yUnitName,
                        "text-anchor", "end", "font-size", "11", "fill", MUTED);
            }
            NiceScale xScale = NiceScale.of(xMin, xMax, 8);
            for (double tick : xScale.ticks()) {
                if (tick < xMin || tick > xMax) {
                    continue;
                }
                double x = xPos(tick);
                svg.line(x, CHART_BOTTOM, x, CHART_BOTTOM + 4, MUTED);
                svg.text(x, CHART_BOTTOM + 18, TimelineNumbers.plain(round(tick, xScale.step())), "text-anchor", "middle", "font-size", "11", "fill", MUTED);
            }
            svg.line(LEFT, CHART_BOTTOM, LEFT + CHART_WIDTH, CHART_BOTTOM, MUTED);
            svg.line(LEFT, CHART_TOP, LEFT, CHART_BOTTOM, MUTED);
            svg.text(LEFT + CHART_WIDTH / 2, CHART_BOTTOM + 36, timeAxis ? "timestamp" : "sample",
                    "text-anchor", "middle", "font-size", "12", "fill", MUTED);
            if (heap.sampleCount() == 0) {
                svg.text(LEFT + CHART_WIDTH / 2, CHART_TOP + CHART_HEIGHT / 2, "no heap samples",
                        "text-anchor", "middle", "font-size", "14", "fill", MUTED);
                svg.endGroup();
                return;
            }
            markers(svg);
            double[] xs = new double[kept.length];
            double[] ys = new double[kept.length];
            for (int i = 0; i < kept.length; i++) {
                xs[i] = xPos(xValue(kept[i]));
                ys[i] = yPos(heap.heapBytes(kept[i]));
            }
            svg.polyline(xs, ys, kept.length, CURVE, "stroke-width", "1.5", "stroke-linejoin", "round");
            svg.endGroup();
        }

        private void markers(SvgDocument svg) throws XMLStreamException {
            Map<Integer, List<String>> gcsByMarker = new HashMap<>();
            for (GcCorrelation.Match m : analysis.correlation().matches()) {
                if (m.hasMarker()) {
                    gcsByMarker.computeIfAbsent(m.markerSample(), k -> new ArrayList<>()).add(Integer.toString(m.pair().gc()));
                }
            }
            boolean labels = heap.markerCount() <= MAX_MARKER_LABELS;
            svg.startGroup("class", "gc-markers");
            for (int i = 0; i < heap.markerCount(); i++) {
                int sample = heap.markerSample(i);
                List<String> gcNumbers = gcsByMarker.get(sample);
                String color = gcNumbers == null ? UNMATCHED : MATCHED;
                String gcs = gcNumbers == null ? null : "GC " + String.join(",", gcNumbers);
                String label = gcs == null ? "marker without GC" : gcs;
                double x = xPos(xValue(sample));
                svg.line(x, CHART_TOP, x, CHART_BOTTOM, color, "stroke-dasharray", "4 3", "stroke-width", "1");
                svg.circle(x, yPos(heap.heapBytes(sample)), 3.5, color, label + " at sample " + sample + ": "
                        + TimelineNumbers.bytes(heap.heapBytes(sample)));
                if (labels) {
                    svg.text(x, CHART_TOP - 8 - (i % 2) * 12, gcs == null ? "?" : gcs,
                            "text-anchor", "middle", "font-size", "10", "fill", color);
                }
            }
            svg.endGroup();
        }

        private void legend(SvgDocument svg) throws XMLStreamException {
            double y = CHART_BOTTOM + 62;
            svg.startGroup("class", "legend", "font-size", "11", "fill", MUTED);
            svg.line(LEFT, y - 4, LEFT + 20, y - 4, CURVE, "stroke-width", "2");
            svg.text(LEFT + 26, y, "heap size");
            svg.line(LEFT + 110, y - 12, LEFT + 110, y + 2, MATCHED, "stroke-dasharray", "4 3");
            svg.text(LEFT + 116, y, "marker with its GC");
            svg.line(LEFT + 250, y - 12, LEFT + 250, y + 2, UNMATCHED, "stroke-dasharray", "4 3");
            svg.text(LEFT + 256, y, "marker without GC");
            double x = LEFT + 420;
            svg.text(x, y, "page occupancy:");
            x += 105;
            for (int p = 0; p <= 100; p += 25) {
                svg.rect(x, y - 9, CELL, CELL, OccupancyColors.fill(p), p + "%", "stroke", "#94a3b8", "stroke-width", "0.5");
                svg.text(x + CELL + 3, y, p + "%");
                x += 48;
            }
            svg.endGroup();
        }

        private static double panelHeight(GcPairComparison c) {
            double h = PANEL_HEADER;
            for (KindComparison k : c.kinds()) {
                h += kindHeight(k);
            }
            return h + PANEL_GAP;
        }

        private static double kindHeight(KindComparison k) {
            int rows = Math.max(1, (Math.max(k.before().pages(), k.after().pages()) + CELLS_PER_ROW - 1) / CELLS_PER_ROW);
            return rows * CELL_STEP + 5;
        }

        private double panel(SvgDocument svg, int index, double top) throws XMLStreamException {
            GcPairComparison c = analysis.comparisons().get(index);
            GcCorrelation.Match match = analysis.correlation().matches().get(index);
            GcPair pair = c.pair();
            svg.startGroup("class", "gc-pair", "data-gc", Integer.toString(pair.gc()));
            String marker = match.hasMarker()
                    ? "marker sample " + match.markerSample() + " (" + TimelineNumbers.bytes(heap.heapBytes(match.markerSample())) + ")"
                    : "no marker";
            String time = Double.isNaN(pair.timestamp()) ? "" : " · @ " + TimelineNumbers.plain(pair.timestamp());
            svg.text(LEFT, top + 14, "GC " + pair.gc() + " · " + marker + time, "font-size", "13", "font-weight", "bold");
            CompactionEstimate after = c.compactionAfter();
            svg.text(LEFT, top + 32, "pages " + c.pagesBefore() + " → " + c.pagesAfter() + " (released " + c.pagesReleased()
                    + ") · mean occupancy " + percent(c.meanOccupancyBefore()) + " → " + percent(c.meanOccupancyAfter())
                    + " (" + points(c.occupancyChangePoints()) + ") · compacted after GC: " + after.pagesNeeded()
                    + " pages needed, " + after.pagesSaved() + " saved (" + TimelineNumbers.bytes(after.bytesSaved()) + ")",
                    "font-size", "11", "fill", MUTED);
            double afterX = LEFT + COLUMN_WIDTH + COLUMN_GAP;
            svg.text(LEFT + LABEL_WIDTH, top + 50, "before (line " + pair.before().line() + ")", "font-size", "11", "fill", MUTED);
            svg.text(afterX + LABEL_WIDTH, top + 50, "after (line " + pair.after().line() + ")", "font-size", "11", "fill", MUTED);
            double y = top + PANEL_HEADER;
            for (KindComparison k : c.kinds()) {
                grid(svg, LEFT, y, k.kind(), pair.before().pages());
                grid(svg, afterX, y, k.kind(), pair.after().pages());
                y += kindHeight(k);
            }
            svg.endGroup();
            return y + PANEL_GAP;
        }

        private static void grid(SvgDocument svg, double x, double y, String kind, PageDump dump) throws XMLStreamException {
            int pages = dump.pageCount(kind);
            svg.text(x, y + CELL, kind + " (" + pages + ")", "font-size", "11");
            if (pages == 0) {
                svg.text(x + LABEL_WIDTH, y + CELL, "no pages", "font-size", "10", "fill", MUTED);
                return;
            }
            svg.startGroup("stroke", "#94a3b8", "stroke-width", "0.5");
            for (int i = 0; i < pages; i++) {
                int p = dump.occupancy(kind, i);
                double cx = x + LABEL_WIDTH + (i % CELLS_PER_ROW) * CELL_STEP;
                double cy = y + (i / CELLS_PER_ROW) * CELL_STEP;
                svg.rect(cx, cy, CELL, CELL, OccupancyColors.fill(p), kind + " page " + (i + 1) + ": " + p + "%");
            }
            svg.endGroup();
        }

        private double xValue(int sample) {
            return timeAxis ? heap.timestamp(sample) : sample;
        }

        private double xPos(double value) {
            return LEFT + (value - xMin) / (xMax - xMin) * CHART_WIDTH;
        }

        private double yPos(double bytes) {
            double v = bytes / yUnit;
            return CHART_BOTTOM - (v - yScale.lo()) / (yScale.hi() - yScale.lo()) * CHART_HEIGHT;
        }

        /** A tick value without the float noise of lo + i * step (0.30000000000000004). */
        private static double round(double tick, double step) {
            double decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
            double scale = Math.pow(10, decimals);
            return Math.round(tick * scale) / scale;
        }

        private static String percent(double v) {
            return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", v);
        }

        private static String points(double v) {
            return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%+.1f pp", v);
        }
    }
}
