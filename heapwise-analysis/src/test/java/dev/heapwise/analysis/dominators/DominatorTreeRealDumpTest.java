package dev.heapwise.analysis.dominators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.fixture.Heaps;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dominators and retained sizes on real dumps whose structure is known. */
class DominatorTreeRealDumpTest {
    static final String P = "dev.heapwise.analysis.fixture.PlantedProgram$";

    @Test
    void plantedStructureFromAChildJvm(@TempDir Path dir) throws Exception {
        Path dump = PlantedDump.copyTo(dir);
        try (HeapGraph g = Hprof.open(dump); DominatorTree t = DominatorTree.of(g)) {
            assertThat(t.loadedFromIndex()).isTrue(); // computed, saved, and mapped back
            int a = Heaps.staticTarget(g, P + "Planted", "root");
            int b = Heaps.fieldTarget(g, a, "a");
            int c = Heaps.fieldTarget(g, a, "b");
            int d = Heaps.fieldTarget(g, a, "c");
            int e = Heaps.fieldTarget(g, b, "a");
            int gg = Heaps.fieldTarget(g, b, "b");
            int f1 = Heaps.fieldTarget(g, c, "a");
            int f2 = Heaps.fieldTarget(g, f1, "a");
            int plantedClass = Heaps.onlyClass(g, P + "Planted").objectIndex();

            assertThat(t.immediateDominator(a)).isEqualTo(plantedClass);
            assertThat(t.immediateDominator(b)).isEqualTo(a);
            assertThat(t.immediateDominator(c)).isEqualTo(a);
            assertThat(t.immediateDominator(d)).isEqualTo(a);
            assertThat(t.immediateDominator(e)).isEqualTo(b);
            assertThat(t.immediateDominator(f1)).isEqualTo(c);
            assertThat(t.immediateDominator(f2)).isEqualTo(f1);
            assertThat(t.immediateDominator(gg)).isEqualTo(plantedClass);

            // Node: 12-byte header + 4 compressed references = 28, aligned to 32; byte[100]: 16 + 100 -> 120.
            assertThat(g.shallowSize(a)).isEqualTo(32);
            assertThat(g.shallowSize(e)).isEqualTo(120);
            assertThat(t.retainedSize(f2)).isEqualTo(32);
            assertThat(t.retainedSize(f1)).isEqualTo(64);
            assertThat(t.retainedSize(c)).isEqualTo(96);
            assertThat(t.retainedSize(b)).isEqualTo(32 + 120);
            assertThat(t.retainedSize(d)).isEqualTo(32);
            assertThat(t.retainedSize(a)).isEqualTo(6 * 32 + 120);
            // a, b, c, d, e, f1, f2; b and e (g is held from elsewhere too); c, f1 and f2; f2
            assertThat(t.retainedCounts(new int[] {a, b, c, f2})).containsExactly(7, 2, 3, 1);
            assertThat(t.retainedCounts(new int[] {f2, b})).containsExactly(1, 2);
            // Every object's count against its definition, itself and the objects it dominates: asked
            // for all objects at once (each nested in its dominators), and for a sample.
            long[] dominated = new long[g.objectCount()];
            for (int o = 0; o < g.objectCount(); o++) {
                for (int dom : t.dominatorsOf(o)) {
                    dominated[dom]++;
                }
            }
            int[] all = java.util.stream.IntStream.range(0, g.objectCount()).toArray();
            long[] counts = t.retainedCounts(all);
            int[] sample = java.util.stream.IntStream.range(0, g.objectCount()).filter(o -> o % 7 == 3).toArray();
            long[] sampled = t.retainedCounts(sample);
            for (int o = 0; o < g.objectCount(); o++) {
                assertThat(counts[o]).as("object %d", o).isEqualTo(t.isReachable(o) ? 1 + dominated[o] : 0);
            }
            for (int k = 0; k < sample.length; k++) {
                assertThat(sampled[k]).as("object %d", sample[k]).isEqualTo(counts[sample[k]]);
            }
            assertThat(t.children(a)).containsExactly(b, c, d); // by retained size: 152, 96, 32
            // Asked often enough, the tree builds a children index: the same answers from it.
            List<Integer> topByScan = t.largestChildren(DominatorTree.ROOT, 5);
            for (int i = 0; i < 20; i++) {
                assertThat(t.children(a)).as("call %d", i).containsExactly(b, c, d);
                assertThat(t.largestChildren(a, 2)).containsExactly(b, c);
            }
            assertThat(t.largestChildren(DominatorTree.ROOT, 5)).isEqualTo(topByScan);

            // The whole tree: retained = own + children, and the root level sums to the reachable size.
            long top = 0;
            for (int o = 0; o < g.objectCount(); o++) {
                if (t.immediateDominator(o) == DominatorTree.ROOT) {
                    top += t.retainedSize(o);
                }
            }
            assertThat(top).isEqualTo(t.reachableSize());
            // Every object is in the tree or counted as unreachable, by class.
            assertThat(t.reachableCount() + t.unreachableTotalCount()).isEqualTo(g.objectCount());
            long unreachableSize = 0;
            for (int o = 0; o < g.objectCount(); o++) {
                if (!t.isReachable(o)) {
                    unreachableSize += g.shallowSize(o);
                }
            }
            assertThat(t.unreachableTotalSize()).isEqualTo(unreachableSize);
            assertThat(t.reachableSize() + unreachableSize).isEqualTo(g.info().totalShallowSize());
            // Class retained sizes by MAT's definition: the instances no other instance of the class dominates.
            long[] expected = new long[g.classCount()];
            for (int o = 0; o < g.objectCount(); o++) {
                if (!t.isReachable(o)) {
                    continue;
                }
                int k = g.classOf(o);
                boolean nested = false;
                for (int up = t.immediateDominator(o); up >= 0 && !nested; up = t.immediateDominator(up)) {
                    nested = g.classOf(up) == k;
                }
                if (!nested) {
                    expected[k] += t.retainedSize(o);
                }
            }
            for (int k = 0; k < g.classCount(); k++) {
                assertThat(t.classRetainedSize(k)).as("class %s", g.heapClass(k).name()).isEqualTo(expected[k]);
            }
        }
        // A reopen maps the saved tree instead of computing it.
        try (HeapGraph g = Hprof.open(dump); DominatorTree t = DominatorTree.of(g)) {
            assertThat(t.loadedFromIndex()).isTrue();
            int a = Heaps.staticTarget(g, P + "Planted", "root");
            assertThat(t.retainedSize(a)).isEqualTo(6 * 32 + 120);
            // ... and equals a fresh computation everywhere.
            try (DominatorTree fresh = DominatorTree.compute(g, DominatorTree.Options.DEFAULT, ProgressListener.NONE)) {
                assertThat(fresh.loadedFromIndex()).isFalse();
                for (int o = 0; o < g.objectCount(); o++) {
                    assertThat(t.immediateDominator(o)).isEqualTo(fresh.immediateDominator(o));
                    assertThat(t.retainedSize(o)).isEqualTo(fresh.retainedSize(o));
                }
                for (int k = 0; k < g.classCount(); k++) {
                    assertThat(t.classRetainedSize(k)).isEqualTo(fresh.classRetainedSize(k));
                }
            }
        }
    }

    /**
     * MAT's own test data: CreateSampleDump$DominatorTestData builds the graph of Lengauer and
     * Tarjan's paper under R. MAT's DominatorTreeTest expects, for this 32-bit dump, R to retain
     * 224 bytes and 13 objects and to immediately dominate A, B, C, D, E, H, I and K; C dominates
     * F and G, D dominates L, G dominates J.
     */
    @Test
    void matDominatorTestData(@TempDir Path indexDir) throws Exception {
        Path dump = Heaps.shared("haha_sun_jdk6_32bit.hprof");
        try (HeapGraph g = Heaps.open(dump, indexDir); DominatorTree t = DominatorTree.of(g)) {
            String base = "org.eclipse.mat.tests.CreateSampleDump$DominatorTestData$";
            int r = Heaps.onlyInstance(g, base + "R");
            assertThat(t.retainedSize(r)).isEqualTo(224);
            Map<String, String> parent = new HashMap<>();
            Map<String, Integer> byName = new HashMap<>();
            for (String s : List.of("A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L")) {
                byName.put(s, Heaps.onlyInstance(g, base + s));
            }
            for (String s : List.of("A", "B", "C", "D", "E", "H", "I", "K")) {
                parent.put(s, "R");
            }
            parent.put("F", "C");
            parent.put("G", "C");
            parent.put("L", "D");
            parent.put("J", "G");
            for (var en : parent.entrySet()) {
                int expected = en.getValue().equals("R") ? r : byName.get(en.getValue());
                assertThat(t.immediateDominator(byName.get(en.getKey()))).as(en.getKey()).isEqualTo(expected);
            }
            Set<String> kids = t.children(r).stream().map(o -> g.heapClass(g.classOf(o)).name())
                    .map(n -> n.substring(n.length() - 1)).collect(Collectors.toSet());
            assertThat(kids).containsExactlyInAnyOrder("A", "B", "C", "D", "E", "H", "I", "K");
            // 13 objects retained: R and its 12 letters.
            int retained = 0;
            for (int o = 0; o < g.objectCount(); o++) {
                if (o == r || t.dominatorsOf(o).contains(r)) {
                    retained++;
                }
            }
            assertThat(retained).isEqualTo(13);
        }
    }
}
