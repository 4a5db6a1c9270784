package dev.heapwise.walker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.Arena;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The block stack against a list, across block boundaries (the first of 1 Ki entries, then 64 Ki)
 * and across the boundary between Java and native blocks.
 */
class IntStackTest {

    @Property(tries = 30)
    void behavesLikeAList(@ForAll long seed, @ForAll @IntRange(min = 1, max = 300_000) int pushes,
            @ForAll @IntRange(min = 0, max = 3) int heapBlocks) {
        try (Arena arena = Arena.ofConfined()) {
            check(new IntStack(arena, heapBlocks), new Random(seed), pushes);
        }
    }

    private static void check(IntStack stack, Random r, int pushes) {
        List<Integer> model = new ArrayList<>();
        for (int i = 0; i < pushes; i++) {
            int v = r.nextInt();
            stack.push(v);
            model.add(v);
            if (r.nextInt(1000) == 0) {
                int from = r.nextInt(model.size());
                stack.reverseFrom(from);
                Collections.reverse(model.subList(from, model.size()));
            }
            if (r.nextInt(3000) == 0) {
                int keep = r.nextInt(model.size() + 1);
                stack.truncate(keep);
                model.subList(keep, model.size()).clear();
            }
        }
        assertThat(stack.size()).isEqualTo(model.size());
        for (int i = 0; i < model.size(); i++) {
            assertThat(stack.get(i)).isEqualTo(model.get(i));
        }
        while (!model.isEmpty()) {
            assertThat(stack.pop()).isEqualTo(model.removeLast());
        }
        assertThat(stack.size()).isZero();
    }
}
