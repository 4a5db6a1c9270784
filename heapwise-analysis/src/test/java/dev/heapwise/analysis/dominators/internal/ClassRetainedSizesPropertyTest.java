package dev.heapwise.analysis.dominators.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeMemory;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The per-class walk against a brute-force oracle on random forests, with its link arrays full of
 * garbage first: {@link ClassRetainedSizes#links} hands them out uncleared (a recycled block holds
 * whatever its last user wrote), so the walk must clear what it needs itself.
 */
class ClassRetainedSizesPropertyTest {

    @Property(tries = 500)
    void sumsTheMembersNoOtherMemberDominates(@ForAll long seed, @ForAll @IntRange(min = 0, max = 60) int n) {
        Random r = new Random(seed);
        int groups = 1 + r.nextInt(5);
        int[] parent = new int[n];
        int[] group = new int[n];
        long[] retained = new long[n];
        for (int x = 0; x < n; x++) {
            // Parents come before children (any tree can be numbered so); some vertices are not in the tree.
            int kind = r.nextInt(8);
            parent[x] = kind == 0 ? SemiNca.UNREACHABLE : kind == 1 || x == 0 ? SemiNca.ROOT : r.nextInt(x);
            if (parent[x] >= 0 && parent[parent[x]] == SemiNca.UNREACHABLE) {
                parent[x] = SemiNca.UNREACHABLE; // under an unreachable vertex: unreachable too
            }
            group[x] = r.nextInt(groups);
            retained[x] = 1 + r.nextInt(1000);
        }
        NativeInts[] links = ClassRetainedSizes.links(n);
        try {
            for (NativeInts a : links) {
                a.segment().fill((byte) 0x5A);
            }
            long[] sizes = ClassRetainedSizes.sum(x -> parent[x], x -> group[x], x -> retained[x], n, groups, links);
            assertThat(sizes).containsExactly(expected(parent, group, retained, groups));
        } finally {
            NativeMemory.closeAll(links);
        }
    }

    private static long[] expected(int[] parent, int[] group, long[] retained, int groups) {
        long[] sizes = new long[groups];
        for (int x = 0; x < parent.length; x++) {
            if (parent[x] == SemiNca.UNREACHABLE) {
                continue;
            }
            boolean nested = false;
            for (int a = parent[x]; a >= 0 && !nested; a = parent[a]) {
                nested = group[a] == group[x];
            }
            if (!nested) {
                sizes[group[x]] += retained[x];
            }
        }
        return sizes;
    }
}
