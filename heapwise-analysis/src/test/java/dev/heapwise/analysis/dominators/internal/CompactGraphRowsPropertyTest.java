package dev.heapwise.analysis.dominators.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.internal.Parallel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The copied rows against the rule written out plainly: a vertex's stored successors but roots and
 * itself, then its group's target unless that is a root, a sink or itself; sorted past
 * {@link CompactGraph#SORT_FROM}. Rows of one and two targets sit in the head, longer ones are
 * stored; the copy runs in one part or two, in blocks of any size.
 */
class CompactGraphRowsPropertyTest {

    @Property(tries = 300)
    void rowsKeepExactlyTheEdgesThatMatter(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int n) {
        Random r = new Random(seed);
        List<int[]> edges = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            // Most rows short, a few past the sorting length; duplicates and self-loops allowed.
            int length = r.nextInt(10) == 0 ? CompactGraph.SORT_FROM + r.nextInt(20) : r.nextInt(5);
            for (int k = 0; k < length; k++) {
                edges.add(new int[] {v, r.nextInt(10) == 0 ? v : r.nextInt(n)});
            }
        }
        int[] roots = new int[1 + r.nextInt(Math.max(1, n / 10))];
        for (int i = 0; i < roots.length; i++) {
            roots[i] = r.nextInt(n);
        }
        int groups = 1 + r.nextInt(4);
        int[] target = new int[groups];
        for (int k = 0; k < groups; k++) {
            target[k] = r.nextInt(4) == 0 ? -1 : r.nextInt(n);
        }
        int[] groupOf = new int[n];
        for (int v = 0; v < n; v++) {
            groupOf[v] = r.nextInt(5) == 0 ? -1 : r.nextInt(groups);
        }
        ArrayDigraph g = new ArrayDigraph(n, edges, roots, new long[n], groupOf, target);
        boolean[] sink = CompactGraph.sinkGroups(g);
        boolean split = r.nextBoolean();
        int block = CompactGraph.block;
        int refsBuffer = CompactGraph.refsBuffer;
        CompactGraph.block = 1 + r.nextInt(70);
        CompactGraph.refsBuffer = r.nextInt(40);
        Parallel.splitEverythingForTests(split);
        try (CompactGraph cg = CompactGraph.build(g, g.storedEdgeCount(), split ? 2 : 1)) {
            for (int v = 0; v < n; v++) {
                List<Integer> kept = new ArrayList<>();
                for (int t : g.storedSucc[v]) {
                    if (t != v && !g.isRoot(t)) {
                        kept.add(t);
                    }
                }
                int k = groupOf[v];
                if (k >= 0 && target[k] >= 0 && target[k] != v && !g.isRoot(target[k]) && !sink[k]) {
                    kept.add(target[k]);
                }
                int[] expected = kept.stream().mapToInt(Integer::intValue).toArray();
                if (expected.length > CompactGraph.SORT_FROM) {
                    Arrays.sort(expected);
                }
                assertThat(cg.isLeaf(v)).as("leaf %d", v).isEqualTo(expected.length == 0);
                if (expected.length > 0) {
                    assertThat(cg.targets(v)).as("row of %d", v).containsExactly(expected);
                }
            }
        } finally {
            Parallel.splitEverythingForTests(false);
            CompactGraph.block = block;
            CompactGraph.refsBuffer = refsBuffer;
        }
    }
}
