package dev.heapwise.microej.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.microej.MicroEj;
import dev.heapwise.microej.fixture.HandWrittenDumps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Outline's referenced instances against a breadth-first search from every instance, on the
 * documentation's example and on random MicroEJ heaps (cycles, shared objects, chains, references to
 * classes, arrays), with the search budget ample, tight and spent.
 */
class ReferencedInstancesTest {
    @TempDir
    Path dir;

    @Test
    void theDocumentationsExample() throws Exception {
        Path dump = HandWrittenDumps.write(dir, "heap-0.heap", HandWrittenDumps.FIRST);
        try (HeapGraph g = MicroEj.open(dump)) {
            ReferencedInstances r = ReferencedInstances.count(g);
            assertThat(r.complete()).isTrue();
            Map<String, Long> byType = new HashMap<>();
            for (TypeTable.Row row : TypeTable.compute(g, Selection.ALL, false, r).rows()) {
                byType.put(row.name(), row.referencedInstances());
            }
            // #98 -> the Vector #99 -> its Object[] #100 -> three TestObj; #98 -> the String #20 -> its char[] #21
            assertThat(byType).containsEntry("com.is2t.test.HeapDumpTest", 7L).containsEntry("java.util.Vector", 4L)
                    .containsEntry("java.lang.Object[]", 3L).containsEntry("java.lang.String", 1L)
                    .containsEntry("char[]", 0L).containsEntry("com.is2t.test.HeapDumpTest$TestObj", 0L);
            assertThat(TypeTable.compute(g, Selection.ALL, false).rows()).allMatch(row -> row.referencedInstances() == -1);
        }
    }

    @Test
    void aDiamondIsCountedOnceBySearchingAndNotAtAllWithoutSteps() throws Exception {
        // a -> b -> s and a -> c -> s: a reaches b, c and s (3, not 4), which only a search can tell
        String xml = """
                <?xml version='1.0' encoding='UTF-8'?>
                <heap>
                  <class name="Ljava/lang/Object;" id="1"/>
                  <class name="Lx/Node;" id="2" superclass="1"/>
                  <object id="10" class="x/Node" tag="0"><field name="l" id="11"/><field name="r" id="12"/></object>
                  <object id="11" class="x/Node" tag="0"><field name="l" id="13"/><field name="r"/></object>
                  <object id="12" class="x/Node" tag="0"><field name="l" id="13"/><field name="r"/></object>
                  <object id="13" class="x/Node" tag="0"><field name="l"/><field name="r"/></object>
                </heap>
                """;
        try (HeapGraph g = MicroEj.open(Files.writeString(dir.resolve("diamond.heap"), xml))) {
            int a = g.indexOf(10);
            ReferencedInstances counted = ReferencedInstances.count(g);
            assertThat(counted.of(a)).isEqualTo(3);
            assertThat(counted.of(g.indexOf(11))).isEqualTo(1);
            ReferencedInstances none = ReferencedInstances.count(g, 0);
            assertThat(none.of(a)).isEqualTo(-1);
            assertThat(none.of(g.indexOf(11))).isEqualTo(1);
            assertThat(none.complete()).isFalse();
            assertThat(none.uncountedComponents()).isEqualTo(1);
        }
    }

    @Property(tries = 60)
    void everyCountIsTheInstancesABreadthFirstSearchReaches(@ForAll long seed, @ForAll @IntRange(min = 1, max = 120) int objects)
            throws Exception {
        Path folder = Files.createTempDirectory("heapwise-referenced"); // jqwik tries get no @TempDir
        Path dump = Files.writeString(folder.resolve("random.heap"), randomHeap(new Random(seed), objects));
        try (HeapGraph g = MicroEj.open(dump)) {
            long[] expected = bruteForce(g);
            ReferencedInstances ample = ReferencedInstances.count(g);
            assertThat(ample.complete()).isTrue();
            for (int o = 0; o < g.objectCount(); o++) {
                assertThat(ample.of(o)).as("object %d", o).isEqualTo(expected[o]);
            }
            for (long steps : new long[] {0, 1, 5}) {
                ReferencedInstances tight = ReferencedInstances.count(g, steps);
                for (int o = 0; o < g.objectCount(); o++) {
                    long got = tight.of(o);
                    assertThat(got == -1 || got == expected[o]).as("object %d with %d steps: %d", o, steps, got).isTrue();
                }
                assertThat(tight.complete()).isEqualTo(tight.uncountedComponents() == 0);
            }
        } finally {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /** For each object, the instances (not class objects) it reaches, itself excluded, by a search per object. */
    static long[] bruteForce(HeapGraph g) {
        int n = g.objectCount();
        boolean[] classObject = new boolean[n];
        for (HeapClass c : g.classes()) {
            if (c.objectIndex() >= 0) {
                classObject[c.objectIndex()] = true;
            }
        }
        long[] out = new long[n];
        RefCursor refs = g.outRefs();
        for (int o = 0; o < n; o++) {
            if (classObject[o]) {
                continue;
            }
            boolean[] seen = new boolean[n];
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            seen[o] = true;
            queue.add(o);
            long count = 0;
            while (!queue.isEmpty()) {
                int v = queue.poll();
                refs.reset(v);
                for (int t; (t = refs.next()) >= 0; ) {
                    if (!seen[t] && !classObject[t]) {
                        seen[t] = true;
                        count++;
                        queue.add(t);
                    }
                }
            }
            out[o] = count;
        }
        return out;
    }

    /**
     * A MicroEJ dump of {@code n} objects: nodes with three reference fields and reference arrays, wired
     * as a mix of chains, back references (cycles), shared targets, self references and class references.
     */
    static String randomHeap(Random r, int n) {
        StringBuilder x = new StringBuilder("<?xml version='1.0' encoding='UTF-8'?>\n<heap>\n");
        x.append("<class name=\"Ljava/lang/Object;\" id=\"1\"/>\n");
        x.append("<class name=\"Lx/Node;\" id=\"2\" superclass=\"1\"/>\n");
        x.append("<class name=\"Lx/Leaf;\" id=\"3\" superclass=\"1\"/>\n");
        x.append("<class name=\"[Ljava/lang/Object;\" id=\"4\" superclass=\"1\"/>\n");
        x.append("<class name=\"Lx/Holder;\" id=\"5\" superclass=\"1\"><field name=\"root\" id=\"")
                .append(100).append("\"/></class>\n");
        int shared = 1 + r.nextInt(Math.max(1, n / 8));
        for (int i = 0; i < n; i++) {
            int id = 100 + i;
            int kind = r.nextInt(10);
            if (kind < 2) {
                x.append("<object id=\"").append(id).append("\" class=\"x/Leaf\" tag=\"0\"/>\n");
            } else if (kind < 4) {
                int length = r.nextInt(5);
                x.append("<array id=\"").append(id).append("\" class=\"4\" length=\"").append(length)
                        .append("\" elementsType=\"Ljava/lang/Object;\">");
                for (int k = 0; k < length; k++) {
                    x.append(k == 0 ? "" : " ").append(target(r, i, n, shared));
                }
                x.append("</array>\n");
            } else {
                x.append("<object id=\"").append(id).append("\" class=\"x/Node\" tag=\"0\">");
                for (String f : new String[] {"next", "other", "up"}) {
                    x.append("<field name=\"").append(f).append("\" id=\"").append(target(r, i, n, shared)).append("\"/>");
                }
                x.append("</object>\n");
            }
        }
        return x.append("</heap>\n").toString();
    }

    /** A reference from object {@code i}: null, the next one, one before (a cycle), a shared one, itself, a class. */
    private static long target(Random r, int i, int n, int shared) {
        return switch (r.nextInt(8)) {
            case 0, 1 -> 0;
            case 2, 3 -> i + 1 < n ? 100 + i + 1 : 0;
            case 4 -> 100 + r.nextInt(i + 1);
            case 5 -> 100 + r.nextInt(shared);
            case 6 -> 100 + r.nextInt(n);
            default -> r.nextBoolean() ? 100 + i : 2 + r.nextInt(4);
        };
    }
}
