package dev.heapwise.ddm.heap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.codec.DdmMessage;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Bitmap statistics against a brute-force oracle that looks at every allocation unit. */
class HeapStatisticsPropertyTest {

    @Provide
    Arbitrary<int[]> unitStates() {
        // Few states so that equal neighbours and long runs are common.
        Arbitrary<Integer> state = Arbitraries.of(0, 0, 0, 1, 1, 9, 17, 18, 33, 0x3a);
        return state.array(int[].class).ofMinSize(1).ofMaxSize(3000);
    }

    @Property(tries = 300, seed = "424242")
    void statisticsMatchAUnitByUnitCount(@ForAll("unitStates") int[] states,
                                         @ForAll("pieceCounts") int pieces,
                                         @ForAll("units") int unit,
                                         @ForAll boolean objects) {
        int type = objects ? ChunkType.HPSO : ChunkType.HPSG;
        HeapSegmentAssembler a = new HeapSegmentAssembler();
        a.start(new DdmMessage.HeapStart(false, 1));
        int per = Math.max(1, states.length / pieces);
        for (int from = 0; from < states.length; from += per) {
            int to = Math.min(states.length, from + per);
            a.add(SegmentFixtures.piece(type, unit, 0x1000, from, states, from, to));
        }
        HeapBitmap b = a.end(new DdmMessage.HeapEnd(false, 1));
        HeapStatistics s = b.statistics();

        long[] byState = new long[64];
        long free = 0;
        long largest = 0;
        long freeBlocks = 0;
        long current = 0;
        long[] histogram = new long[64];
        for (int st : states) {
            byState[st] += unit;
            if ((st & 7) == 0) {
                free += unit;
                current += unit;
            } else if (current > 0) {
                freeBlocks++;
                largest = Math.max(largest, current);
                histogram[63 - Long.numberOfLeadingZeros(current)]++;
                current = 0;
            }
        }
        if (current > 0) {
            freeBlocks++;
            largest = Math.max(largest, current);
            histogram[63 - Long.numberOfLeadingZeros(current)]++;
        }
        assertThat(s.totalBytes()).isEqualTo((long) states.length * unit);
        assertThat(s.freeBytes()).isEqualTo(free);
        assertThat(s.largestFreeBlock()).isEqualTo(largest);
        assertThat(s.freeBlocks()).isEqualTo(freeBlocks);
        for (int st = 0; st < 64; st++) {
            assertThat(s.bytesOfState(st)).as("state " + st).isEqualTo(byState[st]);
        }
        List<HeapStatistics.FreeBlockClass> h = s.freeBlockHistogram();
        for (HeapStatistics.FreeBlockClass c : h) {
            assertThat(c.blocks()).isEqualTo(histogram[63 - Long.numberOfLeadingZeros(c.minBytes())]);
        }
        assertThat(h.stream().mapToLong(HeapStatistics.FreeBlockClass::blocks).sum()).isEqualTo(freeBlocks);
        assertThat(s.fragmentationIndex()).isEqualTo(free == 0 ? 0.0 : 1.0 - (double) largest / free);
        if (!objects) {
            // HPSG runs are maximal: neighbours never share a state.
            for (int i = 1; i < b.runCount(); i++) {
                assertThat(b.runState(i)).isNotEqualTo(b.runState(i - 1));
            }
        }
    }

    @Provide
    Arbitrary<Integer> pieceCounts() {
        return Arbitraries.integers().between(1, 7);
    }

    @Provide
    Arbitrary<Integer> units() {
        return Arbitraries.of(1, 8, 16, 255);
    }
}
