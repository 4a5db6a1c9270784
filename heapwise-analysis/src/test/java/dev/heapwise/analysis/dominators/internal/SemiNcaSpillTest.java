package dev.heapwise.analysis.dominators.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.internal.NativeMemory;
import dev.heapwise.graph.build.ProgressListener;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With no memory budget at all, every big array of the computation is a scratch file: the tree
 * must come out the same as in memory (which the property test checks against the definition).
 */
class SemiNcaSpillTest {
    @TempDir
    Path folder;

    @Test
    void aComputationInScratchFilesGivesTheSameTree() {
        int n = 1_200_000; // per-vertex int arrays of 4.8 MB: past the size that is mapped on its own
        ArrayDigraph g = ArrayDigraph.randomChains(7, n, 200);
        int[] idom = new int[n];
        long[] retained = new long[n];
        int reachable;
        try (SemiNca.Result inMemory = SemiNca.compute(g, false, ProgressListener.NONE)) {
            for (int v = 0; v < n; v++) {
                idom[v] = inMemory.idom(v);
                retained[v] = inMemory.retainedSize(v);
            }
            reachable = inMemory.reachable();
        }
        assertThat(reachable).as("a test that exercises something").isGreaterThan(n / 10);
        NativeMemory.trim();
        NativeMemory.spillTo(folder);
        NativeMemory.budgetForTesting(0);
        long before = NativeMemory.spilledBytes();
        try (SemiNca.Result spilled = SemiNca.compute(g, false, ProgressListener.NONE)) {
            assertThat(NativeMemory.spilledBytes() - before).as("bytes in scratch files").isGreaterThan(20L * n);
            assertThat(spilled.reachable()).isEqualTo(reachable);
            for (int v = 0; v < n; v++) {
                if (spilled.idom(v) != idom[v] || spilled.retainedSize(v) != retained[v]) {
                    assertThat(spilled.idom(v)).as("idom of %d", v).isEqualTo(idom[v]);
                    assertThat(spilled.retainedSize(v)).as("retained size of %d", v).isEqualTo(retained[v]);
                }
            }
        } finally {
            NativeMemory.budgetForTesting(-1);
            NativeMemory.spillTo(null);
            NativeMemory.trim();
        }
    }
}
