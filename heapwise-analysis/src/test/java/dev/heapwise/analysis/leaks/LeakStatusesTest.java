package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.leaks.LeakTrace.Status;
import dev.heapwise.analysis.leaks.internal.LeakStatuses;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Shark's status propagation and suspect rules, node by node. */
class LeakStatusesTest {

    static LeakStatuses.Entry e(String name, String leaking, String notLeaking) {
        return new LeakStatuses.Entry(name, leaking == null ? List.of() : List.of(leaking),
                notLeaking == null ? List.of() : List.of(notLeaking));
    }

    @Test
    void propagatesAroundTheLastNotLeakingAndFirstLeakingNodes() {
        List<LeakStatuses.Entry> nodes = new ArrayList<>(List.of(
                e("Root", null, null),           // 0 -> NO (App↓ is not leaking)
                e("App", null, "singleton"),     // 1 NO
                e("Holder", null, null),         // 2 UNKNOWN, suspect
                e("Activity", "destroyed", null),// 3 YES
                e("View", null, null),           // 4 -> YES (Activity↑ is leaking)
                e("Leak", "watched", null)));    // 5 YES
        LeakStatuses.resolve(nodes);
        assertThat(nodes).extracting(n -> n.status).containsExactly(Status.NO, Status.NO, Status.UNKNOWN, Status.YES,
                Status.YES, Status.YES);
        assertThat(nodes.get(0).reason).isEqualTo("App↓ is not leaking");
        assertThat(nodes.get(1).reason).isEqualTo("singleton");
        assertThat(nodes.get(4).reason).isEqualTo("Activity↑ is leaking");
        // Suspects: from the last not-leaking node down to the first leaking one.
        assertThat(nodes).extracting(n -> n.suspect).containsExactly(false, true, true, false, false, false);
    }

    /** As Shark words it: a node's own reason follows the one its neighbours give it. */
    @Test
    void ownReasonsFollowThePropagatedOnes() {
        List<LeakStatuses.Entry> nodes = new ArrayList<>(List.of(
                e("Loader", null, "A ClassLoader is never leaking"),
                e("Arr", null, null),
                e("App", null, "singleton"),
                e("Activity", "destroyed", null),
                e("Wrapper", "wraps a destroyed activity", null),
                e("Leak", "watched", null)));
        LeakStatuses.resolve(nodes);
        assertThat(nodes.get(0).reason).isEqualTo("App↓ is not leaking and A ClassLoader is never leaking");
        assertThat(nodes.get(1).reason).isEqualTo("App↓ is not leaking");
        assertThat(nodes.get(4).status).isEqualTo(Status.YES);
        assertThat(nodes.get(4).reason).isEqualTo("Activity↑ is leaking and wraps a destroyed activity");
    }

    @Test
    void conflictsKeepNotLeakingWithTheReason() {
        List<LeakStatuses.Entry> nodes = new ArrayList<>(List.of(e("A", "x", "y"), e("B", null, null)));
        LeakStatuses.resolve(nodes);
        assertThat(nodes.get(0).status).isEqualTo(Status.NO);
        assertThat(nodes.get(0).reason).isEqualTo("y. Conflicts with x");
        assertThat(nodes.get(0).suspect).isTrue();
    }
}
