package dev.heapwise.timeline;

import dev.heapwise.timeline.internal.MergedFileParser;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads a merged heap timeline + page dump file (the {@code phase1: heap use} /
 * {@code phase2: page dump} format, plain or timestamped) into a {@link MergedTimeline}.
 *
 * <p>The rules, in short (docs/timeline.md has every decision):
 * <ul>
 *   <li>Both phase markers must be present, phase 1 first; they are found anywhere in a line, in
 *       any case. Otherwise a {@link TimelineFormatException} ("Invalid merged file format").</li>
 *   <li>Phase 1 lines are {@code <bytes>,<true|false>} or {@code <timestamp>,<bytes>[,<true|false>]};
 *       the first sample decides which. Numbers may be decimals. Samples are numbered from 1.
 *       Malformed lines are skipped and counted; blank lines are ignored.</li>
 *   <li>Phase 2 has {@code -+(before|after) GC N [@ ts] -+} headers followed by page lines
 *       {@code <n>: tokens} (kind {@code FixedBlockPage_<n>}) or {@code <identifier>: tokens}; the
 *       tokens are {@code +} (100%), {@code -} (0%) and {@code (NN%)}. A before immediately
 *       followed by the after of the same N is a pair; other blocks are reported unpaired.</li>
 * </ul>
 *
 * <p>Cost: one streaming pass with a 1 MiB buffer; phase 1 allocates nothing per sample and stores
 * 8 bytes per sample (16 with timestamps) in fixed-size chunks, never copied while growing.
 * Thread-safe: every call is independent.
 */
public final class TimelineParser {
    private TimelineParser() {}

    /** Parses a file; does I/O. */
    public static MergedTimeline parse(Path file) throws IOException {
        return parse(file, null);
    }

    /**
     * Parses a file, telling {@code progress} (if not null) how far it has come.
     *
     * @throws TimelineFormatException when the phase markers are missing or out of order
     * @throws IOException when the file cannot be read
     */
    public static MergedTimeline parse(Path file, ParseProgress progress) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            return assemble(MergedFileParser.parse(channel, file.toString(),
                    progress == null ? null : read -> progress.update(read, size)));
        }
    }

    /**
     * Parses everything a channel delivers (without closing it).
     *
     * @param sourceName how messages name the input, e.g. a file name
     */
    public static MergedTimeline parse(ReadableByteChannel in, String sourceName) throws IOException {
        return assemble(MergedFileParser.parse(in, sourceName, null));
    }

    private static MergedTimeline assemble(MergedFileParser.Parsed p) {
        HeapTimeline heap = new HeapTimeline(p.heapBytes(), p.timestamps(), p.markers(), p.markerLines());
        return new MergedTimeline(p.source(), heap, p.blocks(), p.pairs(), p.unpaired(), p.report());
    }
}
