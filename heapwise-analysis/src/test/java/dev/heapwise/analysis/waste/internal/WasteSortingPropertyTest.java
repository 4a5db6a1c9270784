package dev.heapwise.analysis.waste.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The radix sort and the best-groups selection against a plain sort of everything. */
class WasteSortingPropertyTest {

    @Property(tries = 200)
    void keySortIsAStableUnsignedSort(@ForAll long seed, @ForAll @IntRange(min = 0, max = 3000) int n,
            @ForAll @IntRange(min = 1, max = 40) int bucketLimit, @ForAll boolean defaultLimit) {
        Random r = new Random(seed);
        long[] pool = {0, -1, Long.MIN_VALUE, Long.MAX_VALUE, 1, 0xFFFF, 0x10000, r.nextLong()};
        long[][] pairs = new long[n][];
        try (NativeLongs keys = NativeLongs.allocate(Math.max(1, n)); NativeInts values = NativeInts.allocate(Math.max(1, n))) {
            for (int i = 0; i < n; i++) {
                long k = r.nextInt(3) == 0 ? pool[r.nextInt(pool.length)] : r.nextLong() >>> r.nextInt(64);
                keys.set(i, k);
                values.set(i, i);
                pairs[i] = new long[] {k, i};
            }
            // A small bucket limit sends most buckets through the further scatters (and equal keys to the end).
            KeySort.sort(keys, values, n, defaultLimit ? KeySort.BUCKET_LIMIT : bucketLimit);
            List<long[]> expected = new ArrayList<>(List.of(pairs));
            expected.sort((a, b) -> Long.compareUnsigned(a[0], b[0])); // List.sort is stable
            for (int i = 0; i < n; i++) {
                assertThat(keys.get(i)).as("key %d", i).isEqualTo(expected.get(i)[0]);
                assertThat(values.get(i)).as("value %d", i).isEqualTo((int) expected.get(i)[1]);
            }
        }
    }

    @Property(tries = 300)
    void bestGroupsAreTheFirstOfAFullSort(@ForAll long seed, @ForAll @IntRange(min = 0, max = 200) int n,
            @ForAll @IntRange(min = 0, max = 25) int k) {
        Random r = new Random(seed);
        BestGroups best = new BestGroups(k);
        List<long[]> all = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long waste = r.nextInt(10) * 100L; // many ties
            long tie = r.nextInt(50);
            best.offer(waste, tie, i, 2L * i, 3L * i);
            all.add(new long[] {waste, tie, i, 2L * i, 3L * i});
        }
        all.sort(Comparator.comparingLong((long[] a) -> -a[0]).thenComparingLong(a -> a[1]));
        List<long[]> got = best.best();
        assertThat(got).hasSize(Math.min(k, n));
        for (int i = 0; i < got.size(); i++) {
            assertThat(got.get(i)[0]).isEqualTo(all.get(i)[0]);
            assertThat(got.get(i)[1]).isEqualTo(all.get(i)[1]);
            assertThat(got.get(i)[3]).isEqualTo(2 * got.get(i)[2]);
        }
    }
}
