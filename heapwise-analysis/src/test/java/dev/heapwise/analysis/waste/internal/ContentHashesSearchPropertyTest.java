package dev.heapwise.analysis.waste.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.internal.NativeInts;
import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** The galloping search from a hint answers as {@link Arrays#binarySearch} does, hits and misses alike. */
class ContentHashesSearchPropertyTest {

    @Property(tries = 300)
    void gallopingFromAnyHintIsABinarySearch(@ForAll long seed, @ForAll @IntRange(min = 0, max = 2000) int n) {
        Random r = new Random(seed);
        int[] values = new int[n];
        for (int i = 0, v = r.nextInt(5); i < n; i++, v += 1 + r.nextInt(r.nextBoolean() ? 3 : 300)) {
            values[i] = v;
        }
        int top = n == 0 ? 10 : values[n - 1] + 10;
        try (NativeInts sorted = NativeInts.allocate(Math.max(1, n))) {
            for (int i = 0; i < n; i++) {
                sorted.set(i, values[i]);
            }
            for (int q = 0; q < 200; q++) {
                int key = n > 0 && r.nextBoolean() ? values[r.nextInt(n)] : r.nextInt(top + 5) - 5;
                int hint = r.nextInt(n + 20) - 10; // also outside the array
                int expected = Arrays.binarySearch(values, key);
                assertThat(ContentHashes.indexOf(sorted, n, key, hint))
                        .as("key %d from hint %d", key, hint)
                        .isEqualTo(expected);
            }
        }
    }
}
