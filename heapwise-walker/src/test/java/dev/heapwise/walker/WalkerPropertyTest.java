package dev.heapwise.walker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.internal.IndexStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.ToIntFunction;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/**
 * Random heaps written as HPROF, walked with random batch sizes, null reporting, postponing and
 * aborting. The walker must make exactly the calls of {@link OracleWalk}; and, checked from the
 * calls alone: every object is visited exactly once unless aborted, each object's references are
 * its slots, the flags mean what the contract says, and nothing but END follows a FAIL.
 */
class WalkerPropertyTest {

    @Property(tries = 120)
    void walkerMatchesTheOracleAndTheContract(@ForAll @LongRange(min = 1, max = 1_000_000_000) long seed,
            @ForAll @IntRange(min = 0, max = 60) int objects, @ForAll @IntRange(min = 1, max = 5) int batch,
            @ForAll boolean includeNulls, @ForAll @IntRange(min = 0, max = 3) int postponeMode,
            @ForAll @IntRange(min = -1, max = 150) int failAt) throws IOException {
        RandomGraph model = new RandomGraph(seed, objects);
        Path dir = Files.createTempDirectory("hw-walker-prop");
        try (HeapGraph g = model.dump.open(dir)) {
            Recorder walked = new Recorder().answering(answers(seed, postponeMode, failAt));
            WalkResult result = HeapWalker.walk(g, walked,
                    WalkOptions.defaults().withBatchSize(batch).withIncludeNulls(includeNulls));

            SortedSet<Long> all = new TreeSet<>();
            for (int o = 0; o < g.objectCount(); o++) {
                all.add(g.id(o));
            }
            Map<Long, long[]> slots = slots(model, all, includeNulls);
            Recorder expected = new Recorder().answering(answers(seed, postponeMode, failAt));
            new OracleWalk(all, slots, expected, batch).run(containers(model));

            assertThat(walked.lines(model.dump, false)).isEqualTo(expected.lines(model.dump, false));
            checkContract(walked, all, slots, batch, result);
        } finally {
            IndexStore.deleteTree(dir);
        }
    }

    /** 0 never postpones, 1 postpones some objects, 2 all objects, 3 some objects and some root calls. */
    private static ToIntFunction<Recorder.Event> answers(long seed, int postponeMode, int failAt) {
        int[] calls = {0};
        return e -> {
            if (calls[0]++ == failAt) {
                return 2;
            }
            long h = switch (e) {
                case Recorder.Refs r -> mix(r.object() ^ seed);
                case Recorder.Roots r -> r.refs().length == 0 ? 0 : mix(r.refs()[0] ^ ~seed);
                case Recorder.Begin b -> 1;
            };
            boolean some = Math.floorMod(h, 3) == 0;
            return switch (postponeMode) {
                case 1 -> e instanceof Recorder.Refs && some ? 1 : 0;
                case 2 -> e instanceof Recorder.Refs ? 1 : 0;
                case 3 -> !(e instanceof Recorder.Begin) && some ? 1 : 0;
                default -> 0;
            };
        };
    }

    private static long mix(long x) {
        x *= 0x9E3779B97F4A7C15L;
        return x ^ (x >>> 29);
    }

    /** Each object's reference slots by id, from the model (class objects: the superclass link). */
    private static Map<Long, long[]> slots(RandomGraph model, Set<Long> all, boolean includeNulls) {
        Map<Long, long[]> out = new HashMap<>();
        for (int i = 0; i < model.names.size(); i++) {
            Object[] s = model.slots.get(i);
            long[] ids = new long[s.length];
            for (int k = 0; k < s.length; k++) {
                ids[k] = s[k] == null ? 0 : s[k] instanceof String n ? model.dump.id(n) : (Long) s[k];
            }
            out.put(model.dump.id(model.names.get(i)), keep(ids, all, includeNulls));
        }
        for (TestDump.Cls c : model.dump.classes()) {
            out.put(c.id, c.sup == null ? new long[0] : new long[] {c.sup.id});
        }
        return out;
    }

    private static long[] keep(long[] ids, Set<Long> all, boolean includeNulls) {
        return includeNulls ? ids : Arrays.stream(ids).filter(all::contains).toArray();
    }

    /** The root containers as issue 4 groups them, built from the model independently. */
    private static List<OracleWalk.Container> containers(RandomGraph model) {
        List<OracleWalk.Container> out = new ArrayList<>();
        if (!model.threadRoots.isEmpty()) {
            out.add(new OracleWalk.Container(ContainerType.THREAD, model.dump.id(model.threadRoots.getFirst()), 1,
                    model.threadRoots.stream().mapToLong(model.dump::id).toArray()));
        }
        for (RootKind k : RootKind.values()) {
            List<Long> ids = new ArrayList<>();
            for (int i = 0; i < model.rootKinds.size(); i++) {
                if (model.rootKinds.get(i) == k) {
                    ids.add(model.dump.id(model.rootObjects.get(i)));
                }
            }
            if (!ids.isEmpty()) {
                out.add(new OracleWalk.Container(ContainerType.ROOTS, k.ordinal(), ids.size(),
                        ids.stream().mapToLong(Long::longValue).toArray()));
            }
        }
        return out;
    }

    /** The contract checked from the recorded calls alone, with sets: no knowledge of the walk order. */
    private static void checkContract(Recorder r, SortedSet<Long> all, Map<Long, long[]> slots, int batch,
            WalkResult result) {
        List<Recorder.Event> events = r.events;
        assertThat(events.getFirst()).isEqualTo(new Recorder.Begin(ContainerType.BEGIN, 0, 0));
        assertThat(events.getLast()).isEqualTo(new Recorder.Begin(ContainerType.END, 0, 0));
        assertThat(events.stream().filter(e -> e instanceof Recorder.Begin b && b.type() == ContainerType.END))
                .hasSize(1);
        Set<Long> reported = new HashSet<>();
        Set<Long> visited = new HashSet<>();
        Map<Long, List<Long>> refsOf = new HashMap<>();
        long current = 0;
        boolean more = false;
        boolean inHeap = false;
        for (Recorder.Event e : events.subList(0, events.size() - 1)) {
            switch (e) {
                case Recorder.Begin b -> {
                    assertThat(more).as("a container began inside an object's calls").isFalse();
                    inHeap = b.type() == ContainerType.HEAP;
                }
                case Recorder.Roots roots -> {
                    assertThat(inHeap).as("the heap container has no root references").isFalse();
                    assertThat(roots.refs().length).isBetween(1, batch);
                    for (int i = 0; i < roots.refs().length; i++) {
                        long t = roots.refs()[i];
                        assertThat(roots.flags()[i]).isEqualTo(expectedFlags(t, reported, visited));
                        reported.add(t);
                    }
                }
                case Recorder.Refs c -> {
                    if (more) {
                        assertThat(c.object()).as("calls of one object are consecutive").isEqualTo(current);
                    } else {
                        assertThat(visited.add(c.object())).as("visited twice: %x", c.object()).isTrue();
                        current = c.object();
                        assertThat(c.flags() & ObjectFlags.ALREADY_REPORTED)
                                .isEqualTo(reported.contains(current) ? ObjectFlags.ALREADY_REPORTED : 0);
                    }
                    more = (c.flags() & ObjectFlags.MORE_REFERENCES) != 0;
                    assertThat(c.refs().length).isLessThanOrEqualTo(batch);
                    if (more) {
                        assertThat(c.refs().length).isEqualTo(batch);
                    }
                    for (int i = 0; i < c.refs().length; i++) {
                        long t = c.refs()[i];
                        int expected = t == 0 ? 0 : all.contains(t) ? expectedFlags(t, reported, visited)
                                : ObjectFlags.MISSING;
                        assertThat(c.refFlags()[i]).as("flags of reference %d of %x", i, current).isEqualTo(expected);
                        if (all.contains(t)) {
                            reported.add(t);
                        }
                        refsOf.computeIfAbsent(current, k -> new ArrayList<>()).add(t);
                    }
                }
            }
        }
        if (!result.aborted()) {
            assertThat(new TreeSet<>(visited)).as("every object visited exactly once").isEqualTo(all);
            for (long o : all) {
                assertThat(refsOf.getOrDefault(o, List.of())).as("references of %x", o)
                        .containsExactly(Arrays.stream(slots.get(o)).boxed().toArray(Long[]::new));
            }
            assertThat(result.objectsVisited()).isEqualTo(all.size());
        }
    }

    private static int expectedFlags(long t, Set<Long> reported, Set<Long> visited) {
        return (reported.contains(t) ? ObjectFlags.ALREADY_REPORTED : 0)
                | (visited.contains(t) ? ObjectFlags.ALREADY_VISITED : 0);
    }
}
