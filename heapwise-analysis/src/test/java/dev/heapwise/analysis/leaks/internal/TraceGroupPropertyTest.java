package dev.heapwise.analysis.leaks.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.leaks.LeakTrace;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;

/** A group keeps exactly the traces a full sort would put first, and counts the rest. */
class TraceGroupPropertyTest {

    @Property(tries = 300)
    void keepsTheBiggestAndCountsTheRest(@ForAll @Size(max = 60) List<@LongRange(max = 5) Long> sizes,
            @ForAll @IntRange(min = 1, max = 10) int limit) {
        List<LeakTrace> all = new ArrayList<>();
        for (int i = 0; i < sizes.size(); i++) {
            // few distinct sizes, objects out of order: ties are decided by the object
            all.add(new LeakTrace((i * 37) % 101, "s", null, sizes.get(i), 1, List.of(), List.of(), List.of()));
        }
        TraceGroup group = new TraceGroup(limit);
        all.forEach(group::add);
        List<LeakTrace> sorted = new ArrayList<>(all);
        sorted.sort(TraceGroup.ORDER);
        int kept = Math.min(limit, all.size());
        assertThat(group.traces()).containsExactlyElementsOf(sorted.subList(0, kept));
        assertThat(group.omitted()).isEqualTo(all.size() - kept);
        assertThat(group.omittedRetainedSize())
                .isEqualTo(sorted.subList(kept, sorted.size()).stream().mapToLong(LeakTrace::retainedSize).sum());
    }
}
