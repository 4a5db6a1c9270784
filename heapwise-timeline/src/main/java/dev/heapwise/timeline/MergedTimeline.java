package dev.heapwise.timeline;

import java.util.List;

/**
 * A parsed merged file: the heap timeline of phase 1 and the GC page dumps of phase 2.
 * Immutable and thread-safe.
 *
 * @param source   the file name (or other source name) it was read from
 * @param heap     the samples of phase 1
 * @param blocks   every block of phase 2, in file order
 * @param pairs    the before/after pairs, in file order
 * @param unpaired the blocks that formed no pair, in file order
 * @param report   line counts, skipped lines and warnings
 */
public record MergedTimeline(String source, HeapTimeline heap, List<GcBlock> blocks, List<GcPair> pairs,
                             List<UnpairedBlock> unpaired, ParseReport report) {
    public MergedTimeline {
        blocks = List.copyOf(blocks);
        pairs = List.copyOf(pairs);
        unpaired = List.copyOf(unpaired);
    }
}
