package dev.heapwise.analysis.dominators.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompactGraphSplitTest {
    /** Work as {@link CompactGraph#balancedSplit} weighs it: 3 per vertex, 2 per stored edge. */
    private static long work(Digraph g, int from, int to) {
        return 3L * (to - from) + 2L * (g.storedEdgesBefore(to) - g.storedEdgesBefore(from));
    }

    @Test
    void splitEvensTheWorkWhereTheEdgesCrowdIntoOnePart() {
        int n = 100_000;
        List<int[]> edges = new ArrayList<>();
        for (int v = n / 2; v < n; v++) { // the second half holds every edge, ten per vertex
            for (int k = 1; k <= 10; k++) {
                edges.add(new int[] {v, (v + k) % n});
            }
        }
        ArrayDigraph g = new ArrayDigraph(n, edges, new int[] {0}, new long[n]);
        int split = CompactGraph.balancedSplit(g, n);
        assertThat(split % 64).isZero();
        assertThat(split).isGreaterThan(n / 2);
        long before = work(g, 0, split);
        long after = work(g, split, n);
        // Within one word of vertices (64 of them, 23 work units each) of even.
        assertThat(Math.abs(before - after)).isLessThanOrEqualTo(2L * 64 * 23);
    }

    @Test
    void splitOfAGraphWithoutEdgesIsTheMiddle() {
        int n = 6400;
        ArrayDigraph g = new ArrayDigraph(n, List.of(), new int[] {0}, new long[n]);
        assertThat(CompactGraph.balancedSplit(g, n)).isEqualTo(3200);
        // Fewer vertices than a word of leaf bits: no split point inside, so the second part takes them all.
        assertThat(CompactGraph.balancedSplit(g, 10)).isZero();
    }
}
