package dev.heapwise.ddm.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.codec.DdmMessage.HeapEnd;
import dev.heapwise.ddm.codec.DdmMessage.HeapSegment;
import dev.heapwise.ddm.codec.DdmMessage.HeapStart;
import dev.heapwise.ddm.codec.Direction;
import dev.heapwise.ddm.codec.MessageCodec;
import dev.heapwise.ddm.codec.SegmentRuns;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The seed's example: a heap at 0x10000, 0x2000 bytes long, 8-byte units (0x400 units), sent as
 * one piece (offset 0, length 0x400) or two (offset 0, length 0x300; offset 0x300, length 0x100)
 * must decode to the same bitmap. Pieces go through the wire codec on the way.
 */
class SeedHeapExampleTest {
    private static final int UNITS = 0x400;
    private static final int[] STATES = new int[UNITS];

    static {
        // Runs that cross the 0x300 split point, a long free stretch and several kinds.
        for (int u = 0; u < UNITS; u++) {
            if (u < 0x40) {
                STATES[u] = SegmentRuns.state(1, 1); // class objects
            } else if (u < 0x2f0) {
                STATES[u] = u % 7 == 0 ? SegmentRuns.state(0, 0) : SegmentRuns.state(0, 1);
            } else if (u < 0x320) {
                STATES[u] = SegmentRuns.state(2, 1); // a byte[] across the split
            } else if (u < 0x330) {
                STATES[u] = SegmentRuns.state(4, 3); // weakly reachable Object[]
            } else {
                STATES[u] = SegmentRuns.state(0, 0); // free to the end
            }
        }
    }

    @Test
    void onePieceAndTwoPiecesGiveTheSameBitmap() {
        HeapBitmap one = assemble(List.of(SegmentFixtures.hpsg(8, 0x10000, 0, STATES, 0, UNITS)));
        HeapBitmap two = assemble(List.of(
                SegmentFixtures.hpsg(8, 0x10000, 0, STATES, 0, 0x300),
                SegmentFixtures.hpsg(8, 0x10000, 0x300, STATES, 0x300, UNITS)));
        HeapBitmap twoReversed = assemble(List.of(
                SegmentFixtures.hpsg(8, 0x10000, 0x300, STATES, 0x300, UNITS),
                SegmentFixtures.hpsg(8, 0x10000, 0, STATES, 0, 0x300)));
        // ART's way: each piece carries its own address and offset 0.
        HeapBitmap artStyle = assemble(List.of(
                SegmentFixtures.hpsg(8, 0x10000, 0, STATES, 0, 0x300),
                SegmentFixtures.hpsg(8, 0x10000 + 0x300 * 8, 0, STATES, 0x300, UNITS)));
        assertThat(two).isEqualTo(one);
        assertThat(twoReversed).isEqualTo(one);
        assertThat(artStyle).isEqualTo(one);

        assertThat(one.totalBytes()).isEqualTo(0x2000);
        assertThat(one.runAddress(0)).isEqualTo(0x10000);
        assertThat(one.segmentCount()).isEqualTo(1);
        // Unit by unit, the bitmap is the state array.
        int u = 0;
        for (int i = 0; i < one.runCount(); i++) {
            assertThat(one.runAddress(i)).isEqualTo(0x10000 + 8L * u);
            for (long b = 0; b < one.runBytes(i); b += 8, u++) {
                assertThat(one.runState(i)).as("unit " + u).isEqualTo(STATES[u]);
            }
        }
        assertThat(u).isEqualTo(UNITS);
        HeapStatistics s = one.statistics();
        assertThat(s.bytes(1, 1)).isEqualTo(0x40 * 8);
        assertThat(s.bytes(2, 1)).isEqualTo(0x30 * 8);
        assertThat(s.bytes(4, 3)).isEqualTo(0x10 * 8);
        assertThat(s.largestFreeBlock()).isEqualTo((UNITS - 0x330) * 8);
    }

    @Test
    void aPieceThatOverlapsAnotherIsRejectedAndTheRestSurvives() {
        HeapSegmentAssembler a = new HeapSegmentAssembler();
        a.start(new HeapStart(false, 1));
        a.add(SegmentFixtures.hpsg(8, 0x10000, 0, STATES, 0, 0x300));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> a.add(SegmentFixtures.hpsg(8, 0x10000, 0x2ff, STATES, 0, 2)))
                .hasMessageContaining("overlaps");
        a.add(SegmentFixtures.hpsg(8, 0x10000, 0x300, STATES, 0x300, UNITS));
        assertThat(a.end(new HeapEnd(false, 1))).isEqualTo(assemble(List.of(SegmentFixtures.hpsg(8, 0x10000, 0, STATES, 0, UNITS))));
    }

    private static HeapBitmap assemble(List<HeapSegment> pieces) {
        HeapSegmentAssembler a = new HeapSegmentAssembler();
        a.start(new HeapStart(false, 1));
        for (HeapSegment p : pieces) {
            Chunk wire = MessageCodec.encode(p);
            a.add((HeapSegment) MessageCodec.decode(wire, Direction.FROM_VM));
        }
        return a.end(new HeapEnd(false, 1));
    }
}
