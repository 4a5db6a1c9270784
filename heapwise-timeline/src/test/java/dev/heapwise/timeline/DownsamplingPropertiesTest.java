package dev.heapwise.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** What both downsamplers promise, for any series, any markers and any budget. */
class DownsamplingPropertiesTest {

    /** A series of 0..400 values (with runs of equal values) and a sorted set of marker positions. */
    record Series(double[] y, int[] keep) {}

    @Provide
    Arbitrary<Series> series() {
        Arbitrary<List<Double>> values = Arbitraries.oneOf(
                Arbitraries.doubles().between(0, 1e9),
                Arbitraries.of(0.0, 1.0, 5.0)).list().ofMaxSize(400);
        return values.flatMap(v -> {
            double[] y = v.stream().mapToDouble(Double::doubleValue).toArray();
            if (y.length == 0) {
                return Arbitraries.just(new Series(y, new int[0]));
            }
            return Arbitraries.integers().between(0, y.length - 1).set().ofMaxSize(Math.min(30, y.length))
                    .map(s -> new Series(y, new TreeSet<>(s).stream().mapToInt(Integer::intValue).toArray()));
        });
    }

    @Provide
    Arbitrary<DownsampleMethod> methods() {
        return Arbitraries.of(DownsampleMethod.class);
    }

    private static int[] run(DownsampleMethod method, Series s, int target) {
        return method == DownsampleMethod.LTTB
                ? Downsampling.lttb(null, s.y(), s.y().length, s.keep(), target)
                : Downsampling.minMax(s.y(), s.y().length, s.keep(), target);
    }

    @Property(tries = 2000)
    void outputIsAnAscendingSubsetOfTheInput(@ForAll("series") Series s, @ForAll("methods") DownsampleMethod m,
                                            @ForAll @IntRange(min = 2, max = 120) int target) {
        int[] out = run(m, s, target);
        for (int i = 0; i < out.length; i++) {
            assertThat(out[i]).isBetween(0, s.y().length - 1);
            if (i > 0) {
                assertThat(out[i]).isGreaterThan(out[i - 1]);
            }
        }
    }

    @Property(tries = 2000)
    void keepsMarkersFirstAndLast(@ForAll("series") Series s, @ForAll("methods") DownsampleMethod m,
                                  @ForAll @IntRange(min = 2, max = 120) int target) {
        int[] out = run(m, s, target);
        TreeSet<Integer> kept = new TreeSet<>();
        for (int p : out) {
            kept.add(p);
        }
        for (int k : s.keep()) {
            assertThat(kept).contains(k);
        }
        if (s.y().length > 0) {
            assertThat(kept).contains(0, s.y().length - 1);
        }
    }

    @Property(tries = 2000)
    void staysWithinTheBudgetPlusMarkers(@ForAll("series") Series s, @ForAll("methods") DownsampleMethod m,
                                         @ForAll @IntRange(min = 2, max = 120) int target) {
        int[] out = run(m, s, target);
        assertThat(out.length).isLessThanOrEqualTo(target + s.keep().length);
        if (s.y().length <= target) {
            assertThat(out).hasSize(s.y().length);
        }
    }

    @Property(tries = 1000)
    void minMaxKeepsEveryBucketsExtremes(@ForAll("series") Series s, @ForAll @IntRange(min = 6, max = 60) int target) {
        int n = s.y().length;
        int[] out = Downsampling.minMax(s.y(), n, s.keep(), target);
        if (n <= target) {
            return;
        }
        int buckets = (target - 2) / 2;
        // brute force: every bucket's min and max value appear among the kept points of that bucket
        for (int b = 0; b < buckets; b++) {
            int from = 1 + (int) ((long) b * (n - 2) / buckets);
            int to = 1 + (int) ((long) (b + 1) * (n - 2) / buckets);
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (int i = from; i < to; i++) {
                min = Math.min(min, s.y()[i]);
                max = Math.max(max, s.y()[i]);
            }
            double keptMin = Double.POSITIVE_INFINITY;
            double keptMax = Double.NEGATIVE_INFINITY;
            for (int p : out) {
                if (p >= from && p < to) {
                    keptMin = Math.min(keptMin, s.y()[p]);
                    keptMax = Math.max(keptMax, s.y()[p]);
                }
            }
            assertThat(keptMin).isEqualTo(min);
            assertThat(keptMax).isEqualTo(max);
        }
    }

    @Property(tries = 1000)
    void lttbPicksOnePointInEveryBucket(@ForAll("series") Series s, @ForAll @IntRange(min = 3, max = 60) int target) {
        int n = s.y().length;
        int[] out = Downsampling.lttb(null, s.y(), n, new int[0], target);
        if (n <= target) {
            return;
        }
        assertThat(out).hasSize(target);
        int buckets = target - 2;
        for (int b = 0; b < buckets; b++) {
            int from = 1 + (int) ((long) b * (n - 2) / buckets);
            int to = 1 + (int) ((long) (b + 1) * (n - 2) / buckets);
            assertThat(out[b + 1]).isBetween(from, to - 1);
        }
    }

    @Property(tries = 300)
    void lttbWithAscendingXBehavesLikePositionsWhenXIsThePosition(@ForAll("series") Series s,
                                                                  @ForAll @IntRange(min = 2, max = 60) int target) {
        double[] x = new double[s.y().length];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        assertThat(Downsampling.lttb(x, s.y(), x.length, s.keep(), target))
                .isEqualTo(Downsampling.lttb(null, s.y(), x.length, s.keep(), target));
    }

    @Property(tries = 200)
    void timelineDownsamplingReturnsSampleNumbers(@ForAll("series") Series s, @ForAll("methods") DownsampleMethod m,
                                                  @ForAll @IntRange(min = 2, max = 50) int target) {
        int[] markers = java.util.Arrays.stream(s.keep()).map(k -> k + 1).toArray();
        HeapTimeline heap = new HeapTimeline(s.y().clone(), null, markers, new long[markers.length]);
        int[] samples = heap.downsample(m, target);
        int[] positions = run(m, s, target);
        assertThat(samples).hasSize(positions.length);
        for (int i = 0; i < samples.length; i++) {
            assertThat(samples[i]).isEqualTo(positions[i] + 1);
        }
    }
}
