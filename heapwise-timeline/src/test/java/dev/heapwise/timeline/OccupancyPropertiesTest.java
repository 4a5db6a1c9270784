package dev.heapwise.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Occupancy, fragmentation and compaction figures against direct counts. */
class OccupancyPropertiesTest {

    private static byte[] bytes(List<Integer> percents) {
        byte[] b = new byte[percents.size()];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (int) percents.get(i);
        }
        return b;
    }

    @Property(tries = 1000)
    void distributionCountsEveryPage(@ForAll @Size(max = 200) List<@IntRange(min = 0, max = 100) Integer> percents) {
        OccupancyDistribution d = OccupancyDistribution.of(bytes(percents));
        assertThat(d.pages()).isEqualTo(percents.size());
        assertThat(d.emptyPages()).isEqualTo(percents.stream().filter(p -> p == 0).count());
        assertThat(d.fullPages()).isEqualTo(percents.stream().filter(p -> p == 100).count());
        assertThat(d.partialPages()).isEqualTo(percents.stream().filter(p -> p > 0 && p < 100).count());
        assertThat(d.occupancySum()).isEqualTo(percents.stream().mapToLong(Integer::longValue).sum());
        int[] histogram = d.histogram();
        for (int b = 0; b < OccupancyDistribution.BUCKETS; b++) {
            int lo = b * 10;
            int hi = b == OccupancyDistribution.BUCKETS - 1 ? 100 : lo + 9;
            assertThat(histogram[b]).isEqualTo(percents.stream().filter(p -> p >= lo && p <= hi).count());
        }
        double strandedFree = percents.stream().filter(p -> p > 0 && p < 100).mapToDouble(p -> (100 - p) / 100.0).sum();
        assertThat(d.freePagesInPartialPages()).isCloseTo(strandedFree, within(1e-9));
        if (!percents.isEmpty()) {
            assertThat(d.meanOccupancy()).isCloseTo(percents.stream().mapToInt(Integer::intValue).average().orElseThrow(),
                    within(1e-9));
        }
    }

    @Property(tries = 1000)
    void compactionNeedsTheSmallestPageCountThatHoldsTheData(
            @ForAll @Size(max = 200) List<@IntRange(min = 0, max = 100) Integer> percents,
            @ForAll @IntRange(min = 1, max = 1 << 20) int pageSize) {
        CompactionEstimate c = CompactionEstimate.of(OccupancyDistribution.of(bytes(percents)), pageSize);
        long sum = percents.stream().mapToLong(Integer::longValue).sum();
        // brute force: the smallest k with 100k >= sum
        long k = 0;
        while (100 * k < sum) {
            k++;
        }
        assertThat(c.pagesNeeded()).isEqualTo(k);
        assertThat(c.pagesSaved()).isEqualTo(percents.size() - k).isNotNegative();
        assertThat(c.bytesSaved()).isEqualTo((percents.size() - k) * pageSize);
    }

    @Property(tries = 300)
    void plusIsTheDistributionOfTheConcatenation(@ForAll @Size(max = 50) List<@IntRange(min = 0, max = 100) Integer> a,
                                                 @ForAll @Size(max = 50) List<@IntRange(min = 0, max = 100) Integer> b) {
        List<Integer> both = new java.util.ArrayList<>(a);
        both.addAll(b);
        assertThat(OccupancyDistribution.of(bytes(a)).plus(OccupancyDistribution.of(bytes(b))))
                .isEqualTo(OccupancyDistribution.of(bytes(both)));
    }
}
