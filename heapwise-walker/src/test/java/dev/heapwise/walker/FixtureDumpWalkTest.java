package dev.heapwise.walker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.hprof.fixture.FixtureDumps;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real dump made by a child JDK ({@code FixtureProgram}): the walk visits exactly the objects the
 * graph holds, once each, and reports for every object the reference slots that the graph's
 * slow, allocating value API reads from the dump (so the walker's index shortcut is checked
 * against the dump on tens of thousands of real objects).
 */
class FixtureDumpWalkTest {
    private static FixtureDumps dumps;

    @BeforeAll
    static void dump() throws Exception {
        dumps = FixtureDumps.get();
    }

    @Test
    void theWalkVisitsEveryObjectOnceAndReportsItsSlotsAsTheDumpHoldsThem() throws Exception {
        try (HeapGraph g = Hprof.open(dumps.plain)) {
            SlotChecker check = new SlotChecker(g, true);
            WalkResult result = HeapWalker.walk(g, check, WalkOptions.defaults());
            assertThat(result.aborted()).isFalse();
            assertThat(check.mismatches).isEmpty();
            assertThat(Arrays.stream(check.visits).allMatch(v -> v == 1)).as("each object visited exactly once").isTrue();
            assertThat(result.objectsVisited()).isEqualTo(g.objectCount());
            // The index shortcut serves most objects; only those with a null slot (and arrays) read the dump.
            assertThat(result.objectsReadFromDump()).isLessThan(result.objectsVisited());
            assertThat(check.systemClassRoots).isPositive();
            // The object only a waiting thread's local variable holds is found in that thread's container.
            long holder = g.threads().stream().filter(t -> t.name().equals("heapwise-local-holder"))
                    .mapToLong(t -> g.id(t.objectIndex())).findFirst().orElseThrow();
            assertThat(check.localHeld).isNotNegative();
            assertThat(check.localHeldVisitedInThread).isEqualTo(holder);
        }
    }

    @Test
    void withoutNullsTheWalkReadsOnlyTheIndexAndStillVisitsEverything() throws Exception {
        try (HeapGraph g = Hprof.open(dumps.plain)) {
            SlotChecker check = new SlotChecker(g, false);
            WalkResult result = HeapWalker.walk(g, check, WalkOptions.defaults().withIncludeNulls(false));
            assertThat(check.mismatches).isEmpty();
            assertThat(Arrays.stream(check.visits).allMatch(v -> v == 1)).isTrue();
            assertThat(result.objectsReadFromDump()).isZero();
            assertThat(result.nullReferences()).isZero();
            // Field references only: the loaders' defined-class links of the index are not fields, nor
            // are the thread objects' references to what their stacks hold.
            long stored = g.referenceCount();
            long definedLinks = 0;
            for (HeapClass c : g.classes()) {
                if (c.loaderId() != 0 && c.objectIndex() >= 0 && g.indexOf(c.loaderId()) >= 0) {
                    definedLinks++;
                }
            }
            long localLinks = g.threads().stream().filter(t -> t.objectIndex() >= 0)
                    .mapToLong(t -> g.localReferenceCount(t.objectIndex())).sum();
            assertThat(localLinks).as("the waiting thread's locals").isPositive();
            assertThat(result.references()).isEqualTo(stored - definedLinks - localLinks);
        }
    }

    @Test
    void threadsGetOneContainerEachWithTheirThreadObjectFirst() throws Exception {
        try (HeapGraph g = Hprof.open(dumps.plain)) {
            Recorder r = new Recorder().answering(e -> e instanceof Recorder.Refs ? 1 : 0); // flat: short record
            HeapWalker.walk(g, r, WalkOptions.defaults());
            List<Recorder.Event> events = r.events;
            int threads = 0;
            for (int i = 0; i < events.size(); i++) {
                if (events.get(i) instanceof Recorder.Begin b && b.type() == ContainerType.THREAD) {
                    threads++;
                    HeapThread t = g.threads().stream().filter(x -> x.serial() == b.id2()).findFirst().orElseThrow();
                    assertThat(b.id1()).isEqualTo(g.id(t.objectIndex()));
                    Recorder.Roots roots = (Recorder.Roots) events.get(i + 1);
                    assertThat(roots.refs()[0]).isEqualTo(b.id1());
                }
            }
            assertThat(threads).isEqualTo(g.threads().size()).isGreaterThan(1);
        }
    }
}
