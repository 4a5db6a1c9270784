package dev.heapwise.analysis.waste.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.analysis.internal.Parallel;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The one pass that lists the waste passes' objects gives, per role, exactly the reachable objects
 * of the classes with that role, in object order: against a loop over all objects, on random heaps
 * where some objects of each class are garbage, in one part and split in two.
 */
class ObjectsByRolePropertyTest {

    @Property(tries = 25)
    void listsTheReachableObjectsOfEachRoleInOrder(@ForAll long seed, @ForAll @IntRange(min = 0, max = 600) int n)
            throws Exception {
        Random r = new Random(seed);
        Path dir = Files.createTempDirectory("roles");
        try {
            SyntheticHeap h = new SyntheticHeap();
            long[] classes = {h.cls("app.A"), h.cls("app.B"), h.cls("app.C")};
            for (int i = 0; i < n; i++) {
                long o = r.nextInt(5) == 0 ? h.objectArray() : h.obj(classes[r.nextInt(classes.length)]);
                if (r.nextInt(3) > 0) {
                    h.root(SyntheticHeap.ROOT_UNKNOWN, o);
                }
            }
            Path dump = dir.resolve("h.hprof");
            h.write(dump);
            try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
                byte[] roles = new byte[g.classCount()];
                roles[g.classesNamed("app.A").getFirst().index()] = ObjectsByRole.STRING;
                roles[g.classesNamed("app.B").getFirst().index()] = ObjectsByRole.COLLECTION;
                roles[g.classesNamed("java.lang.Object[]").getFirst().index()] = ObjectsByRole.OBJECT_ARRAY;
                for (boolean split : new boolean[] {false, true}) {
                    Parallel.splitEverythingForTests(split);
                    try (ObjectsByRole found = ObjectsByRole.find(g, tree, roles)) {
                        for (int role = ObjectsByRole.STRING; role <= ObjectsByRole.OBJECT_ARRAY; role++) {
                            List<Integer> expected = new ArrayList<>();
                            for (int o = 0; o < g.objectCount(); o++) {
                                if (roles[g.classOf(o)] == role && tree.isReachable(o)) {
                                    expected.add(o);
                                }
                            }
                            List<Integer> listed = new ArrayList<>();
                            for (int i = 0; i < found.count(role); i++) {
                                listed.add(found.get(role, i));
                            }
                            assertThat(listed).as("role %d, split %s", role, split).isEqualTo(expected);
                        }
                    } finally {
                        Parallel.splitEverythingForTests(false);
                    }
                }
            }
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
