package dev.heapwise.walker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.Reference;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.internal.LongList;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.hprof.fixture.FixtureDumps;
import java.util.ArrayList;
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

    /** Checks each object's reported slots against an expectation as soon as its last call arrives. */
    private static final class SlotChecker implements HeapInfoCallback {
        final HeapGraph g;
        final boolean includeNulls;
        final long[] visits;
        LongList current = new LongList();
        final List<String> mismatches = new ArrayList<>();
        ContainerType container;
        long containerId1;
        long localHeldVisitedInThread = -1;
        int systemClassRoots;
        int localHeld = -1;

        SlotChecker(HeapGraph g, boolean includeNulls) {
            this.g = g;
            this.includeNulls = includeNulls;
            this.visits = new long[g.objectCount()];
            List<HeapClass> lh = g.classesNamed("dev.heapwise.hprof.fixture.FixtureProgram$LocalHeld");
            if (!lh.isEmpty()) {
                for (int o = 0; o < g.objectCount(); o++) {
                    if (g.classOf(o) == lh.getFirst().index() && g.kind(o) != dev.heapwise.graph.ObjectKind.CLASS) {
                        localHeld = o;
                    }
                }
            }
        }

        @Override
        public WalkAction beginContainer(ContainerType type, long id1, long id2) {
            container = type;
            containerId1 = id1;
            if (type == ContainerType.ROOTS && ContainerType.rootKind(id1) == RootKind.STICKY_CLASS) {
                systemClassRoots = (int) id2;
            }
            return WalkAction.CONTINUE;
        }

        @Override
        public WalkAction rootReferences(long[] refs, int[] refFlags, int count) {
            return WalkAction.CONTINUE;
        }

        @Override
        public WalkAction objectReferences(long objectId, int flags, long[] refs, int[] refFlags, int count) {
            for (int i = 0; i < count; i++) {
                current.add(refs[i]);
            }
            if ((flags & ObjectFlags.MORE_REFERENCES) == 0) {
                int o = g.indexOf(objectId);
                visits[o]++;
                if (o == localHeld && container == ContainerType.THREAD) {
                    localHeldVisitedInThread = containerId1;
                }
                long[] expected = expected(o);
                long[] got = current.toArray();
                if (!Arrays.equals(expected, got) && mismatches.size() < 10) {
                    mismatches.add(g.heapClass(g.classOf(o)).name() + " " + Long.toHexString(objectId) + ": expected "
                            + Arrays.toString(expected) + " got " + Arrays.toString(got));
                }
                current = new LongList();
            }
            return WalkAction.CONTINUE;
        }

        /** The object's slots from the dump (fields, elements) or, for class objects, its stored links. */
        private long[] expected(int o) {
            LongList out = new LongList();
            switch (g.kind(o)) {
                case INSTANCE -> {
                    for (FieldValue v : g.fields(o)) {
                        if (v.isReference() && keep(v.raw())) {
                            out.add(v.raw());
                        }
                    }
                }
                case OBJECT_ARRAY -> {
                    for (long id : g.readObjectArray(o, 0, (int) g.arrayLength(o))) {
                        if (keep(id)) {
                            out.add(id);
                        }
                    }
                }
                case CLASS -> {
                    for (Reference r : g.references(o)) {
                        out.add(g.id(r.to()));
                    }
                }
                case PRIMITIVE_ARRAY -> { }
            }
            return out.toArray();
        }

        private boolean keep(long id) {
            return includeNulls || (id != 0 && g.indexOf(id) >= 0);
        }
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
            // Field references only: the loaders' defined-class links of the index are not fields.
            long stored = g.referenceCount();
            long definedLinks = 0;
            for (HeapClass c : g.classes()) {
                if (c.loaderId() != 0 && c.objectIndex() >= 0 && g.indexOf(c.loaderId()) >= 0) {
                    definedLinks++;
                }
            }
            assertThat(result.references()).isEqualTo(stored - definedLinks);
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
