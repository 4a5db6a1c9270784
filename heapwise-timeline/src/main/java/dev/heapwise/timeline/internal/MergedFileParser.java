package dev.heapwise.timeline.internal;

import dev.heapwise.timeline.GcBlock;
import dev.heapwise.timeline.GcPair;
import dev.heapwise.timeline.GcPhase;
import dev.heapwise.timeline.PageDump;
import dev.heapwise.timeline.ParseReport;
import dev.heapwise.timeline.TimelineFormatException;
import dev.heapwise.timeline.UnpairedBlock;
import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongConsumer;
import java.util.regex.Pattern;

/**
 * The state machine behind {@link dev.heapwise.timeline.TimelineParser}: preamble, then phase 1
 * (heap samples, parsed in place from the read buffer), then phase 2 (page dump blocks), in one
 * pass over the input. Memory: the samples' chunked primitive columns, the page dumps (one byte per
 * page) and one read buffer; never the whole file. One instance per parse; not thread-safe.
 */
public final class MergedFileParser {
    /** Where a phase marker may appear: anywhere in its line, any case, any spacing. */
    static final Pattern PHASE1 = Pattern.compile("phase1\\s*:\\s*heap\\s+use", Pattern.CASE_INSENSITIVE);
    static final Pattern PHASE2 = Pattern.compile("phase2\\s*:\\s*page\\s+dump", Pattern.CASE_INSENSITIVE);
    static final String PHASE1_TEXT = "'phase1: heap use'";
    static final String PHASE2_TEXT = "'phase2: page dump'";

    /** Read buffer size; lines may grow it up to {@link #MAX_LINE_BYTES}. */
    static final int BUFFER_BYTES = 1 << 20;
    /** Longer lines are skipped (their head is still reported). */
    public static final int MAX_LINE_BYTES = 16 << 20;

    private enum State { PREAMBLE, HEAP, PAGES }

    private final String source;
    private final IssueCollector issues = new IssueCollector();
    private final SampleLineParser sampleParser = new SampleLineParser();
    private final PageLineParser pageParser = new PageLineParser();

    private State state = State.PREAMBLE;
    private long phase1Line;
    private long phase2Line;

    // phase 1
    private final DoubleColumn heapBytes = new DoubleColumn();
    private DoubleColumn timestamps;
    private final IntArrayBuilder markers = new IntArrayBuilder(64);
    private final LongArrayBuilder markerLines = new LongArrayBuilder(64);
    private SampleLineParser.Shape shape;
    private long firstSampleLine;

    // phase 2
    private final List<GcBlock> blocks = new ArrayList<>();
    private PageLineParser.Header openHeader;
    private long openHeaderLine;
    private Map<String, byte[]> openPages;
    private Map<String, Long> openKindLines;

    private MergedFileParser(String source) {
        this.source = source;
    }

    /**
     * Reads the whole channel (without closing it).
     *
     * @param progress told the bytes read so far, about once per megabyte; may be null
     */
    public static Parsed parse(ReadableByteChannel in, String source, LongConsumer progress) throws IOException {
        return new MergedFileParser(source).run(in, progress);
    }

    /**
     * What a parse produced, for {@link dev.heapwise.timeline.TimelineParser} to assemble.
     *
     * @param timestamps null when the samples have none
     */
    public record Parsed(String source, DoubleColumn heapBytes, DoubleColumn timestamps, int[] markers,
                         long[] markerLines, List<GcBlock> blocks, List<GcPair> pairs, List<UnpairedBlock> unpaired,
                         ParseReport report) {}

    private Parsed run(ReadableByteChannel in, LongConsumer progress) throws IOException {
        LineReader lines = new LineReader(in, BUFFER_BYTES, MAX_LINE_BYTES, progress);
        while (lines.next()) {
            switch (state) {
                case PREAMBLE -> preambleLine(lines);
                case HEAP -> heapLine(lines);
                case PAGES -> pageLine(lines);
            }
        }
        long lastLine = Math.max(1, lines.lineNumber());
        if (state == State.PREAMBLE) {
            throw new TimelineFormatException(source, lastLine, "reached the end of the file without a " + PHASE1_TEXT
                    + " marker line" + (lines.lineNumber() == 0 ? " (the file is empty)" : ""));
        }
        if (state == State.HEAP) {
            throw new TimelineFormatException(source, lastLine, "reached the end of the file without a " + PHASE2_TEXT
                    + " marker line after " + PHASE1_TEXT + " at line " + phase1Line);
        }
        // A file cut short (a copy interrupted, a full disk) ends inside a line: what came before is
        // sound, but say so. (A last block without page lines is legal, so it is not a sign.)
        if (lines.lastLineUnterminated()) {
            issues.warn(lastLine, "the file ends inside this line (no line end): it may have been cut short");
        }
        closeBlock();
        List<GcPair> pairs = new ArrayList<>();
        List<UnpairedBlock> unpaired = new ArrayList<>();
        BlockPairer.pair(blocks, pairs, unpaired, issues);
        return new Parsed(source, heapBytes, timestamps, markers.toArray(), markerLines.toArray(), blocks, pairs, unpaired,
                issues.report(lines.lineNumber(), lines.bytesRead(), phase1Line, phase2Line));
    }

    private void preambleLine(LineReader lines) throws TimelineFormatException {
        String text = latin1(lines);
        if (PHASE1.matcher(text).find()) {
            state = State.HEAP;
            phase1Line = lines.lineNumber();
        } else if (PHASE2.matcher(text).find()) {
            throw new TimelineFormatException(source, lines.lineNumber(), "the " + PHASE2_TEXT
                    + " marker comes before any " + PHASE1_TEXT + " marker; phase 2 must follow phase 1");
        }
        // Anything else before phase 1 is a preamble the format does not look at.
    }

    private void heapLine(LineReader lines) {
        long line = lines.lineNumber();
        if (lines.overlong()) {
            issues.skip(line, "line is longer than " + MAX_LINE_BYTES + " bytes");
            return;
        }
        byte[] b = lines.buffer();
        SampleLineParser.Shape parsed = sampleParser.parse(b, lines.start(), lines.end());
        if (parsed != SampleLineParser.Shape.MALFORMED) {
            addSample(parsed, line);
            return;
        }
        if (isBlank(b, lines.start(), lines.end())) {
            return;
        }
        String text = latin1(lines);
        if (PHASE2.matcher(text).find()) {
            state = State.PAGES;
            phase2Line = line;
        } else if (PHASE1.matcher(text).find()) {
            issues.skip(line, "repeated " + PHASE1_TEXT + " marker (phase 1 began at line " + phase1Line + ")");
        } else {
            issues.skip(line, "heap line: " + sampleParser.problem() + ": '" + Excerpt.of(b, lines.start(), lines.end()) + "'");
        }
    }

    private void addSample(SampleLineParser.Shape parsed, long line) {
        if (shape == null) {
            shape = parsed;
            firstSampleLine = line;
            if (parsed == SampleLineParser.Shape.TIMESTAMPED) {
                timestamps = new DoubleColumn();
            }
        } else if (parsed != shape) {
            issues.skip(line, parsed == SampleLineParser.Shape.TIMESTAMPED
                    ? "heap line has a timestamp, but the first sample (line " + firstSampleLine + ") has none"
                    : "heap line has no timestamp, but the first sample (line " + firstSampleLine + ") has one");
            return;
        }
        if (heapBytes.size() == Integer.MAX_VALUE - 8) {
            issues.skip(line, "too many samples; at most " + (Integer.MAX_VALUE - 8) + " are kept");
            return;
        }
        heapBytes.add(sampleParser.heapBytes());
        if (timestamps != null) {
            timestamps.add(sampleParser.timestamp());
        }
        if (sampleParser.marker()) {
            markers.add(heapBytes.size());
            markerLines.add(line);
        }
    }

    private void pageLine(LineReader lines) {
        long line = lines.lineNumber();
        if (lines.overlong()) {
            issues.skip(line, "line is longer than " + MAX_LINE_BYTES + " bytes");
            return;
        }
        String text = new String(lines.buffer(), lines.start(), lines.end() - lines.start(), StandardCharsets.UTF_8);
        PageLineParser.Result result = pageParser.parse(text);
        switch (result) {
            case PageLineParser.Blank blank -> { }
            case PageLineParser.Header header -> {
                closeBlock();
                openHeader = header;
                openHeaderLine = line;
                openPages = new LinkedHashMap<>();
                openKindLines = new HashMap<>();
                if (header.timestampProblem() != null) {
                    issues.warn(line, header.timestampProblem());
                }
            }
            case PageLineParser.Pages pages -> addPages(pages, line);
            case PageLineParser.Malformed malformed -> {
                if (PHASE1.matcher(text).find() || PHASE2.matcher(text).find()) {
                    issues.skip(line, "repeated phase marker (phase 2 began at line " + phase2Line + ")");
                } else {
                    issues.skip(line, "page line: " + malformed.problem());
                }
            }
        }
    }

    private void addPages(PageLineParser.Pages pages, long line) {
        if (openHeader == null) {
            issues.skip(line, "page line before the first 'before/after GC <n>' header");
            return;
        }
        byte[] earlier = openPages.get(pages.kind());
        if (earlier == null) {
            openPages.put(pages.kind(), pages.percents());
            openKindLines.put(pages.kind(), line);
            return;
        }
        byte[] joined = new byte[earlier.length + pages.percents().length];
        System.arraycopy(earlier, 0, joined, 0, earlier.length);
        System.arraycopy(pages.percents(), 0, joined, earlier.length, pages.percents().length);
        openPages.put(pages.kind(), joined);
        issues.warn(line, "page kind " + pages.kind() + " appears again in this block (first at line "
                + openKindLines.get(pages.kind()) + "); its pages are appended");
    }

    private void closeBlock() {
        if (openHeader == null) {
            return;
        }
        GcPhase phase = openHeader.before() ? GcPhase.BEFORE : GcPhase.AFTER;
        blocks.add(new GcBlock(phase, openHeader.gc(), openHeader.timestamp(), openHeaderLine, new PageDump(openPages)));
        openHeader = null;
        openPages = null;
        openKindLines = null;
    }

    private static String latin1(LineReader lines) {
        return new String(lines.buffer(), lines.start(), lines.end() - lines.start(), StandardCharsets.ISO_8859_1);
    }

    private static boolean isBlank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != ' ' && b[i] != '\t') {
                return false;
            }
        }
        return true;
    }
}
