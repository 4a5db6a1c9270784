package dev.heapwise.analysis.dominators.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.internal.Parallel;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * {@link ChildScan} against sorting every child list by brute force, on random trees with many
 * retained-size ties (ties go to the lower object), sizes in the overflow table, unreachable
 * objects, the virtual root among the parents, the scan split in two parts or not, and blocks
 * smaller than the tree.
 */
class ChildScanPropertyTest {

    @Property(tries = 500)
    void childrenAndLargestMatchASort(@ForAll long seed) {
        Random rnd = new Random(seed);
        // Few parents among many objects on half the tries: the scan's filter of low bits then has
        // false hits (objects whose low bits match a parent's).
        boolean few = rnd.nextBoolean();
        int n = rnd.nextInt(few ? 20_000 : 200);
        int[] idom = new int[n];
        long[] retained = new long[n];
        List<Long> overIndex = new ArrayList<>();
        List<Long> overValue = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            int kind = rnd.nextInt(10);
            idom[v] = kind == 0 ? SemiNca.UNREACHABLE : kind < 3 || v == 0 ? SemiNca.ROOT : rnd.nextInt(v);
            retained[v] = idom[v] == SemiNca.UNREACHABLE ? 0
                    : rnd.nextInt(8) == 0 ? TreeArrays.OVERFLOW + rnd.nextInt(3) : rnd.nextInt(5);
            if (retained[v] >= TreeArrays.OVERFLOW) {
                overIndex.add((long) v);
                overValue.add(retained[v]);
            }
        }
        MemorySegment idomSeg = MemorySegment.ofArray(new int[Math.max(1, n)]);
        MemorySegment retSeg = MemorySegment.ofArray(new int[Math.max(1, n)]);
        for (int v = 0; v < n; v++) {
            idomSeg.setAtIndex(dev.heapwise.analysis.internal.NativeInts.INT, v, idom[v]);
            retSeg.setAtIndex(dev.heapwise.analysis.internal.NativeInts.INT, v,
                    (int) Math.min(retained[v], TreeArrays.OVERFLOW));
        }
        TreeArrays tree = new TreeArrays(idomSeg, retSeg, overIndex.stream().mapToLong(Long::longValue).toArray(),
                overValue.stream().mapToLong(Long::longValue).toArray());
        // Parents: the virtual root sometimes, and some objects (leaves and unreachable ones included).
        List<Integer> parents = new ArrayList<>();
        if (rnd.nextBoolean()) {
            parents.add(SemiNca.ROOT);
        }
        if (few && n > 0) {
            for (int k = 1 + rnd.nextInt(3); k > 0; k--) {
                int v = rnd.nextInt(n);
                if (!parents.contains(v)) {
                    parents.add(v);
                }
            }
        } else {
            for (int v = 0; v < n; v++) {
                if (rnd.nextInt(4) == 0) {
                    parents.add(v);
                }
            }
        }
        java.util.Collections.shuffle(parents, rnd);
        int[] asked = parents.stream().mapToInt(Integer::intValue).toArray();
        int limit = rnd.nextInt(6);
        boolean split = rnd.nextBoolean();
        Parallel.splitEverythingForTests(split);
        ChildScan.Kids[] found;
        try {
            found = ChildScan.scan(tree, n, asked, limit, split ? 2 : 1, 1 + rnd.nextInt(40));
        } finally {
            Parallel.splitEverythingForTests(false);
        }
        assertThat(found).hasSize(asked.length);
        for (int j = 0; j < asked.length; j++) {
            int p = asked[j];
            Integer[] kids = java.util.stream.IntStream.range(0, n).filter(v -> idom[v] == p).boxed()
                    .toArray(Integer[]::new);
            Arrays.sort(kids, Comparator.comparingLong((Integer v) -> -retained[v]).thenComparingInt(v -> v));
            int[] expected = Arrays.stream(kids).limit(limit).mapToInt(Integer::intValue).toArray();
            assertThat(found[j].count()).as("children of %d", p).isEqualTo(kids.length);
            assertThat(found[j].largest()).as("largest children of %d", p).containsExactly(expected);
        }
        // All children of one node in object order, as the top level is kept.
        int parent = rnd.nextBoolean() ? SemiNca.ROOT : rnd.nextInt(Math.max(1, n));
        int[] inOrder = java.util.stream.IntStream.range(0, n).filter(v -> idom[v] == parent).toArray();
        Parallel.splitEverythingForTests(split);
        try {
            assertThat(ChildScan.childrenInOrder(tree, n, parent, split ? 2 : 1, 1 + rnd.nextInt(40)))
                    .containsExactly(inOrder);
        } finally {
            Parallel.splitEverythingForTests(false);
        }
    }
}
