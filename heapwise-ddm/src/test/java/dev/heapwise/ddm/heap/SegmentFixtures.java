package dev.heapwise.ddm.heap;

import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.SegmentRuns;
import java.io.ByteArrayOutputStream;

/** Builds heap segment pieces from a per-unit state array: the brute-force side of the tests. */
final class SegmentFixtures {
    private SegmentFixtures() {}

    /** Run pairs for {@code states[from, to)}, ART-style: runs over 256 units set the partial bit. */
    static byte[] runs(int[] states, int from, int to) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = from;
        while (i < to) {
            int j = i;
            while (j < to && states[j] == states[i]) {
                j++;
            }
            int left = j - i;
            while (left > 0) {
                int take = Math.min(left, SegmentRuns.MAX_RUN);
                left -= take;
                out.write(states[i] | (left > 0 ? SegmentRuns.PARTIAL : 0));
                out.write(take - 1);
            }
            i = j;
        }
        return out.toByteArray();
    }

    static DdmMessage.HeapSegment piece(int type, int unit, long address, long offsetUnits, int[] states, int from, int to) {
        byte[] r = runs(states, from, to);
        return new DdmMessage.HeapSegment(type, 1, unit, address, offsetUnits, to - from, r, 0, r.length);
    }

    static DdmMessage.HeapSegment hpsg(int unit, long address, long offsetUnits, int[] states, int from, int to) {
        return piece(ChunkType.HPSG, unit, address, offsetUnits, states, from, to);
    }
}
