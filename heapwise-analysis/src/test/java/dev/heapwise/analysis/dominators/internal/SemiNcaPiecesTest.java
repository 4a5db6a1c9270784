package dev.heapwise.analysis.dominators.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.graph.build.ProgressListener;
import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;

/**
 * Results handed over in pieces (as the dominator file is written) must be those kept in memory,
 * every vertex written once: full pieces on each thread, then a partial one.
 */
class SemiNcaPiecesTest {
    @Test
    void resultsWrittenInPiecesAreTheResultsKeptInMemory() {
        // Two halves of several pieces each, the last one partial. Results in pieces leave a core idle
        // in the semi-dominator pass, so that run has the forest read ahead (ForestReadAhead); the run in
        // memory does not.
        int n = 300_001;
        ArrayDigraph g = ArrayDigraph.randomChains(11, n, 100);
        int[] idom = new int[n];
        int[] retained = new int[n];
        int[] writes = new int[n];
        SemiNca.Outputs pieces = new SemiNca.Outputs() {
            @Override
            public MemorySegment[] arrays(int count) {
                return null;
            }

            @Override
            public void write(long from, MemorySegment idomPiece, MemorySegment retainedPiece, int count) {
                for (int k = 0; k < count; k++) {
                    int v = (int) from + k;
                    idom[v] = NativeInts.get(idomPiece, k);
                    retained[v] = NativeInts.get(retainedPiece, k);
                    writes[v]++;
                }
            }

            @Override
            public AutoCloseable owner() {
                return () -> { };
            }
        };
        int reachable;
        int[] topLevel;
        try (SemiNca.Result written = SemiNca.compute(g, false, ProgressListener.NONE, pieces, false, 2)) {
            reachable = written.reachable();
            topLevel = written.topLevel();
        }
        assertThat(reachable).as("a test that exercises something").isGreaterThan(n / 10);
        try (SemiNca.Result inMemory = SemiNca.compute(g, false, ProgressListener.NONE, SemiNca.nativeOutputs(),
                false, 2)) {
            assertThat(inMemory.reachable()).isEqualTo(reachable);
            for (int v = 0; v < n; v++) {
                if (writes[v] != 1 || idom[v] != inMemory.idom(v) || retained[v] != inMemory.retainedSize(v)) {
                    assertThat(writes[v]).as("writes of %d", v).isEqualTo(1);
                    assertThat(idom[v]).as("idom of %d", v).isEqualTo(inMemory.idom(v));
                    assertThat((long) retained[v]).as("retained size of %d", v).isEqualTo(inMemory.retainedSize(v));
                }
            }
            int[] under = java.util.stream.IntStream.range(0, n).filter(v -> idom[v] == SemiNca.ROOT).toArray();
            assertThat(topLevel).as("the top level, written in pieces").containsExactly(under);
            assertThat(inMemory.topLevel()).containsExactly(under);
        }
    }
}
