package dev.heapwise.timeline.internal;

import dev.heapwise.timeline.GcBlock;
import dev.heapwise.timeline.GcPair;
import dev.heapwise.timeline.GcPhase;
import dev.heapwise.timeline.TimelineNumbers;
import dev.heapwise.timeline.UnpairedBlock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pairs blocks as the format specifies: a {@code before GC n} immediately followed by an
 * {@code after GC n} forms a pair; every other block is left unpaired, with the reason. Also warns
 * about a GC number paired twice and about pairs whose two headers disagree on the timestamp.
 * O(blocks). Stateless and thread-safe.
 */
public final class BlockPairer {
    private BlockPairer() {}

    public static void pair(List<GcBlock> blocks, List<GcPair> pairs, List<UnpairedBlock> unpaired, IssueCollector issues) {
        Map<Integer, Long> firstPairLine = new HashMap<>();
        int i = 0;
        while (i < blocks.size()) {
            GcBlock block = blocks.get(i);
            GcBlock next = i + 1 < blocks.size() ? blocks.get(i + 1) : null;
            if (block.phase() == GcPhase.BEFORE && next != null && next.phase() == GcPhase.AFTER && next.gc() == block.gc()) {
                Long earlier = firstPairLine.putIfAbsent(block.gc(), block.line());
                if (earlier != null) {
                    issues.warn(block.line(), "GC " + block.gc() + " is paired a second time (first pair at line " + earlier
                            + "); both pairs are kept");
                }
                if (block.hasTimestamp() && next.hasTimestamp() && block.timestamp() != next.timestamp()) {
                    issues.warn(next.line(), "the headers of GC " + block.gc() + " carry different timestamps ("
                            + TimelineNumbers.plain(block.timestamp()) + " and " + TimelineNumbers.plain(next.timestamp())
                            + "); the 'before' one is used");
                }
                pairs.add(new GcPair(block.gc(), block, next));
                i += 2;
                continue;
            }
            unpaired.add(new UnpairedBlock(block, reason(block, i > 0 ? blocks.get(i - 1) : null, next)));
            i++;
        }
    }

    private static String reason(GcBlock block, GcBlock previous, GcBlock next) {
        String self = block.label() + " (line " + block.line() + ")";
        if (block.phase() == GcPhase.BEFORE) {
            String expected = "after GC " + block.gc();
            return next == null
                    ? self + " is the last block; no " + expected + " follows it"
                    : self + " is followed by " + next.label() + " (line " + next.line() + "), not by " + expected;
        }
        String expected = "before GC " + block.gc();
        return previous == null
                ? self + " is the first block; no " + expected + " comes right before it"
                : self + " comes right after " + previous.label() + " (line " + previous.line() + "), not after " + expected;
    }
}
