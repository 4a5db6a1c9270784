package dev.heapwise.analysis.dominators.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.internal.Parallel;
import dev.heapwise.graph.build.ProgressListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Semi-NCA against the definition on thousands of random graphs: cycles, self-loops, duplicate
 * edges, unreachable parts, many (and repeated) roots, from dense to sparse, with and without
 * group edges (MAT's class edges: sink targets, targets that are roots, targets in their own
 * group), on one thread and with every loop split in two.
 */
class SemiNcaPropertyTest {

    static ArrayDigraph randomGraph(long seed, int n) {
        Random r = new Random(seed);
        ArrayDigraph plain = randomPlainGraph(r, n);
        if (n == 0 || r.nextInt(3) == 0) {
            return plain;
        }
        // Groups: some vertices are "class objects"; every vertex may belong to a group.
        int groups = 1 + r.nextInt(Math.max(1, n / 3));
        int[] target = new int[groups];
        for (int k = 0; k < groups; k++) {
            target[k] = r.nextInt(5) == 0 ? -1 : r.nextInt(n);
        }
        int[] groupOf = new int[n];
        for (int v = 0; v < n; v++) {
            groupOf[v] = r.nextInt(6) == 0 ? -1 : r.nextInt(groups);
        }
        List<int[]> edges = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            for (int t : plain.storedSucc[v]) {
                // Targets often have few stored edges of their own (sinks), sometimes only to roots.
                boolean isTarget = false;
                for (int x : target) {
                    isTarget |= x == v;
                }
                if (!isTarget || r.nextInt(3) == 0) {
                    edges.add(new int[] {v, t});
                }
            }
        }
        return new ArrayDigraph(n, edges, plain.roots, plain.sizes, groupOf, target);
    }

    static ArrayDigraph randomPlainGraph(Random r, int n) {
        List<int[]> edges = new ArrayList<>();
        if (n > 0) {
            int shape = r.nextInt(4);
            double density = switch (shape) {
                case 0 -> 0.5;
                case 1 -> 1.5;
                case 2 -> 3;
                default -> 0.2 + r.nextDouble() * 5;
            };
            int m = (int) (n * density);
            for (int i = 0; i < m; i++) {
                int a = r.nextInt(n);
                // Mostly local edges (chains, trees), some long ones, some self-loops.
                int b = r.nextInt(10) < 6 ? Math.min(n - 1, Math.max(0, a + r.nextInt(5) - 1)) : r.nextInt(n);
                edges.add(new int[] {a, b});
                if (r.nextInt(20) == 0) {
                    edges.add(new int[] {a, a});
                }
                if (r.nextInt(30) == 0) {
                    edges.add(new int[] {a, b});
                }
            }
        }
        int rootCount = n == 0 ? 0 : r.nextInt(4) == 0 ? r.nextInt(n) + 1 : 1 + r.nextInt(3);
        int[] roots = new int[rootCount];
        for (int i = 0; i < rootCount; i++) {
            roots[i] = r.nextInt(n);
        }
        long[] sizes = new long[n];
        boolean huge = r.nextInt(4) == 0; // retained sizes past 4 GB go to the overflow table
        for (int i = 0; i < n; i++) {
            sizes[i] = huge && r.nextInt(3) == 0 ? 3_000_000_000L + 8L * r.nextInt(20) : 8 + 8L * r.nextInt(20);
        }
        return new ArrayDigraph(n, edges, roots, sizes);
    }

    static SemiNca.Result compute(ArrayDigraph g, boolean keep, long seed) {
        boolean split = (seed & 1) != 0;
        Parallel.splitEverythingForTests(split);
        // Track crowded vertices (no lists) on most graphs: any vertex with two predecessors or more.
        PredecessorLists.crowded = (seed & 6) != 0 ? 2 : 4096;
        // Log the search's edges in chunks of one to four pairs on half the graphs, so that both the log
        // and its halves cross chunk boundaries.
        int chunk = EdgeLog.chunkPairs;
        EdgeLog.chunkPairs = (seed & 8) != 0 ? 1 + (int) ((seed >>> 4) & 3) : chunk;
        // Copy the rows in blocks of one to eight vertices with a buffer of up to three references on
        // half the graphs, so that reads stop early and a row longer than the buffer makes it grow.
        int block = CompactGraph.block;
        int refsBuffer = CompactGraph.refsBuffer;
        if ((seed & 16) != 0) {
            CompactGraph.block = 1 + (int) ((seed >>> 6) & 7);
            CompactGraph.refsBuffer = (int) ((seed >>> 9) & 3);
        }
        try {
            // Half the graphs without the per-group sizes: their results are packed by number during
            // the sum (overflow table included), the others' are read from the tree by number.
            return SemiNca.compute(g, keep, ProgressListener.NONE, SemiNca.nativeOutputs(), withGroups(seed),
                    split ? 2 : 1);
        } finally {
            Parallel.splitEverythingForTests(false);
            PredecessorLists.crowded = 4096;
            EdgeLog.chunkPairs = chunk;
            CompactGraph.block = block;
            CompactGraph.refsBuffer = refsBuffer;
        }
    }

    static boolean withGroups(long seed) {
        return (seed & 32) != 0;
    }

    @Property(tries = 3000)
    void matchesTheDefinition(@ForAll long seed, @ForAll @IntRange(min = 0, max = 40) int n) {
        ArrayDigraph g = randomGraph(seed, n);
        BruteForceDominators oracle = new BruteForceDominators(g, g.roots);
        try (SemiNca.Result r = compute(g, false, seed)) {
            int reachable = 0;
            for (int v = 0; v < n; v++) {
                assertThat(r.idom(v)).as("idom of %d", v).isEqualTo(oracle.idom[v]);
                assertThat(r.retainedSize(v)).as("retained of %d", v).isEqualTo(oracle.retained[v]);
                if (oracle.idom[v] != SemiNca.UNREACHABLE) {
                    reachable++;
                }
            }
            assertThat(r.reachable()).isEqualTo(reachable);
            assertRetainedIsSubtreeSum(g, r);
            assertTopLevel(r, oracle);
            assertUnreachableTotals(g, r, oracle);
            if (withGroups(seed)) {
                assertGroupRetained(g, r, oracle);
            } else {
                assertThat(r.groupRetained()).isNull();
            }
        }
    }

    @Property(tries = 1000)
    void keptUnreachableObjectsHangUnderPseudoRoots(@ForAll long seed, @ForAll @IntRange(min = 0, max = 30) int n) {
        ArrayDigraph g = randomGraph(seed, n);
        int[] roots = pseudoRootsByTheRule(g);
        BruteForceDominators oracle = new BruteForceDominators(g, roots);
        try (SemiNca.Result r = compute(g, true, seed)) {
            for (int v = 0; v < n; v++) {
                assertThat(r.idom(v)).as("idom of %d", v).isEqualTo(oracle.idom[v]);
                assertThat(r.idom(v)).isNotEqualTo(SemiNca.UNREACHABLE);
                assertThat(r.retainedSize(v)).isEqualTo(oracle.retained[v]);
            }
            assertThat(r.reachable()).isEqualTo(n);
            assertRetainedIsSubtreeSum(g, r);
            assertTopLevel(r, oracle);
        }
    }

    /** The top level the results pass collects: the vertices the oracle puts under the virtual root, ascending. */
    static void assertTopLevel(SemiNca.Result r, BruteForceDominators oracle) {
        int[] expected = IntStream.range(0, oracle.idom.length).filter(v -> oracle.idom[v] == SemiNca.ROOT).toArray();
        assertThat(r.topLevel()).containsExactly(expected);
    }

    /**
     * The documented rule, applied literally: the real roots, then every unreachable vertex no other
     * vertex refers to, then repeatedly the lowest vertex still unreachable.
     */
    static int[] pseudoRootsByTheRule(ArrayDigraph g) {
        List<Integer> roots = new ArrayList<>();
        for (int r : g.roots) {
            roots.add(r);
        }
        boolean[] reach = BruteForceDominators.reach(g, g.roots, -1);
        for (int v = 0; v < g.n; v++) {
            final int vv = v;
            if (!reach[v] && Arrays.stream(g.pred[v]).allMatch(u -> u == vv)) {
                roots.add(v);
            }
        }
        while (true) {
            int[] rs = roots.stream().mapToInt(Integer::intValue).toArray();
            boolean[] now = BruteForceDominators.reach(g, rs, -1);
            int missing = IntStream.range(0, g.n).filter(v -> !now[v]).findFirst().orElse(-1);
            if (missing < 0) {
                return rs;
            }
            roots.add(missing);
        }
    }

    /** MAT's class retained size: members no other member of the group dominates, summed. */
    static void assertGroupRetained(ArrayDigraph g, SemiNca.Result r, BruteForceDominators oracle) {
        long[] expected = new long[g.groupCount()];
        for (int v = 0; v < g.n; v++) {
            int k = g.groupOf[v];
            if (k < 0 || oracle.idom[v] == SemiNca.UNREACHABLE) {
                continue;
            }
            boolean nested = false;
            for (int x = 0; x < g.n && !nested; x++) {
                nested = x != v && g.groupOf[x] == k && oracle.dominates[x][v];
            }
            if (!nested) {
                expected[k] += oracle.retained[v];
            }
        }
        assertThat(r.groupRetained().join()).containsExactly(expected);
    }

    static void assertUnreachableTotals(ArrayDigraph g, SemiNca.Result r, BruteForceDominators oracle) {
        long[] count = new long[g.groupCount()];
        long[] size = new long[g.groupCount()];
        long reachableSize = 0;
        for (int v = 0; v < g.n; v++) {
            if (oracle.idom[v] == SemiNca.UNREACHABLE) {
                if (g.groupOf[v] >= 0) {
                    count[g.groupOf[v]]++;
                    size[g.groupOf[v]] += g.sizes[v];
                }
            } else {
                reachableSize += g.sizes[v];
            }
        }
        assertThat(r.unreachableCount()).containsExactly(count);
        assertThat(r.unreachableSize()).containsExactly(size);
        assertThat(r.reachableSize()).isEqualTo(reachableSize);
    }

    /** Retained size = own size + the retained sizes of the immediately dominated. */
    static void assertRetainedIsSubtreeSum(ArrayDigraph g, SemiNca.Result r) {
        long[] sum = new long[g.n];
        for (int v = 0; v < g.n; v++) {
            if (r.idom(v) != SemiNca.UNREACHABLE) {
                sum[v] += g.sizes[v];
                int d = r.idom(v);
                if (d >= 0) {
                    sum[d] += r.retainedSize(v);
                }
            }
        }
        for (int v = 0; v < g.n; v++) {
            assertThat(r.retainedSize(v)).isEqualTo(sum[v]);
        }
    }

    /** The graph of Lengauer and Tarjan's paper (and of MAT's DominatorTestData), by hand. */
    @Test
    void lengauerTarjanPaperGraph() {
        // R=0 A=1 B=2 C=3 D=4 E=5 F=6 G=7 H=8 I=9 J=10 K=11 L=12
        int[][] e = {{0, 1}, {0, 2}, {0, 3}, {1, 4}, {2, 1}, {2, 4}, {2, 5}, {3, 6}, {3, 7}, {4, 12}, {5, 8},
                {6, 9}, {7, 9}, {7, 10}, {8, 5}, {8, 11}, {9, 11}, {10, 9}, {11, 9}, {11, 0}, {12, 8}};
        long[] sizes = new long[13];
        Arrays.fill(sizes, 1);
        ArrayDigraph g = new ArrayDigraph(13, Arrays.asList(e), new int[] {0}, sizes);
        try (SemiNca.Result r = SemiNca.compute(g, false, ProgressListener.NONE)) {
            int[] expected = {-1, 0, 0, 0, 0, 0, 3, 3, 0, 0, 7, 0, 4};
            for (int v = 0; v < 13; v++) {
                assertThat(r.idom(v)).as("idom of %d", v).isEqualTo(expected[v]);
            }
            assertThat(r.retainedSize(0)).isEqualTo(13);
        }
    }

    @Test
    void longChainDoesNotRecurse() {
        int n = 500_000;
        List<int[]> edges = new ArrayList<>();
        for (int i = 0; i + 1 < n; i++) {
            edges.add(new int[] {i, i + 1});
        }
        edges.add(new int[] {n - 1, 0});
        long[] sizes = new long[n];
        Arrays.fill(sizes, 16);
        ArrayDigraph g = new ArrayDigraph(n, edges, new int[] {0}, sizes);
        try (SemiNca.Result r = SemiNca.compute(g, false, ProgressListener.NONE)) {
            assertThat(r.idom(n - 1)).isEqualTo(n - 2);
            assertThat(r.retainedSize(0)).isEqualTo(16L * n);
            assertThat(r.retainedSize(n / 2)).isEqualTo(16L * (n - n / 2));
        }
    }
}
