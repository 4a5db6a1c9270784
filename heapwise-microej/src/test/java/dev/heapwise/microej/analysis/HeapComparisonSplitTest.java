package dev.heapwise.microej.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.microej.MicroEj;
import dev.heapwise.microej.fixture.HandWrittenDumps;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compare merge split in ranges gives the result of the merge in one piece, instance rows in
 * the same order and cut at the same place, on the two hand-written dumps of one run.
 */
class HeapComparisonSplitTest {
    @TempDir
    Path dir;

    @Test
    void anySplitGivesTheWholeMergesResult() throws Exception {
        Path first = HandWrittenDumps.write(dir, "heapdumptest.heap", HandWrittenDumps.FIRST);
        Path second = HandWrittenDumps.write(dir, "heapdumptest-1.heap", HandWrittenDumps.SECOND);
        try (HeapGraph a = MicroEj.open(first); HeapGraph b = MicroEj.open(second)) {
            List<HeapComparison.Status> all = List.of(HeapComparison.Status.values());
            for (boolean classes : new boolean[] {false, true}) {
                for (int limit : new int[] {0, 3, 1000}) {
                    HeapComparison.Result whole = HeapComparison.compare(a, b, classes, all, null, limit, 1);
                    assertThat(whole.instances()).hasSize(Math.min(limit, (int) (whole.oldInstances()
                            + whole.types().stream().mapToLong(HeapComparison.TypeRow::created).sum())));
                    for (int parts = 2; parts <= a.objectCount(); parts++) {
                        assertThat(HeapComparison.compare(a, b, classes, all, null, limit, parts))
                                .as("classes %s, limit %d, %d parts", classes, limit, parts).isEqualTo(whole);
                    }
                }
            }
        }
    }
}
