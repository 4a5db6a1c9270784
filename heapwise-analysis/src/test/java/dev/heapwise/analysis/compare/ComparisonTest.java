package dev.heapwise.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.GrowingProgram;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.hprof.fixture.ChildJvm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Comparing two dumps, and growth over several, on written heaps with stable ids and on real dumps. */
class ComparisonTest {

    /** Version {@code v} of a small heap: ids are fixed by creation order, as in MicroEJ dumps. */
    static Path version(Path dir, int v) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long item = h.cls("app.Item", h.javaLangObject, List.of(new FieldDef("value", FieldType.INT),
                new FieldDef("next", FieldType.OBJECT)), List.of());
        long holder = h.cls("app.Holder", "first");
        // Items 0..9 always; item 3 changes its value in v2; item 9 is gone in v2; v2 adds items 10..14.
        long[] ids = new long[15];
        for (int i = 0; i < 15; i++) {
            ids[i] = 0x1000L + 16L * i;
        }
        for (int i = 0; i < 15; i++) {
            boolean present = v == 1 ? i < 10 : i != 9;
            long value = (v == 2 && i == 3) ? 333 : i;
            if (present) {
                h.obj(item, value, 0);
            } else {
                h.obj(item, -1, 0); // keep ids aligned: written, then unreferenced
            }
        }
        long hold = h.obj(holder, ids[0]);
        h.root(SyntheticHeap.ROOT_UNKNOWN, hold);
        Path p = dir.resolve("v" + v + ".hprof");
        h.write(p);
        return p;
    }

    @Test
    void instanceLevelWithStableIds(@TempDir Path dir) throws Exception {
        try (HeapGraph a = Hprof.open(version(dir, 1)); HeapGraph b = Hprof.open(version(dir, 2))) {
            ComparisonReport r = HeapComparison.compare(a, null, b, null, HeapComparison.Options.defaults(),
                    ProgressListener.NONE);
            assertThat(r.idOverlap()).isEqualTo(1.0);
            assertThat(r.instanceLevel()).isTrue();
            ComparisonReport.InstanceDelta items = r.instances().stream()
                    .filter(d -> d.className().equals("app.Item")).findFirst().orElseThrow();
            assertThat(items.persistent()).isEqualTo(15);
            // v1 wrote 15 items too (values -1 for the absent ones): item 3 changed, items 9..14 changed value.
            assertThat(items.changed()).isEqualTo(1 + 6);
            ComparisonReport.ChangedObject three = r.changed().stream().filter(c -> c.id() == 0x1000L + 16 * 3)
                    .findFirst().orElseThrow();
            assertThat(three.fields()).containsExactly(new ComparisonReport.FieldChange("value", "3", "333"));
            ComparisonReport.ClassDelta d = r.classes().stream().filter(c -> c.className().equals("app.Item"))
                    .findFirst().orElseThrow();
            assertThat(d.countDelta()).isZero();
        }
    }

    @Test
    void idsThatMovedGiveClassDeltasOnly(@TempDir Path dir) throws Exception {
        Path d1 = dir.resolve("g1.hprof");
        Path d2 = dir.resolve("g2.hprof");
        Path d3 = dir.resolve("g3.hprof");
        ChildJvm.run(PlantedDump.JVM, GrowingProgram.class, d1.toString(), d2.toString(), d3.toString());
        List<HeapGraph> gs = new ArrayList<>();
        List<DominatorTree> ts = new ArrayList<>();
        try {
            for (Path p : List.of(d1, d2, d3)) {
                HeapGraph g = Hprof.open(p);
                gs.add(g);
                ts.add(DominatorTree.of(g));
            }
            String entry = GrowingProgram.Entry.class.getName();
            ComparisonReport r = HeapComparison.compare(gs.get(0), ts.get(0), gs.get(1), ts.get(1),
                    new HeapComparison.Options(false, 100), ProgressListener.NONE);
            ComparisonReport.ClassDelta e = r.classes().stream().filter(c -> c.className().equals(entry)).findFirst()
                    .orElseThrow();
            assertThat(e.oldCount()).isEqualTo(1000);
            assertThat(e.newCount()).isEqualTo(2000);
            assertThat(e.retainedDelta()).isPositive();
            assertThat(r.instances()).isEmpty();

            GrowthReport growth = HeapGrowth.analyze(gs, ts);
            GrowthReport.GrowingClass gc = growth.classes().stream().filter(c -> c.className().equals(entry)).findFirst()
                    .orElseThrow();
            assertThat(gc.counts()).containsExactly(1000L, 2000L, 3000L);
            assertThat(growth.classes()).noneMatch(c -> c.className().equals(GrowingProgram.Stable.class.getName()));
            // The place that grows: GrowingProgram's static LEAK list's array, holding the entries.
            GrowthReport.GrowingPath p = growth.paths().stream()
                    .filter(x -> x.steps().getLast().className().equals(entry)).findFirst().orElseThrow();
            assertThat(p.counts()).containsExactly(1000L, 2000L, 3000L);
            assertThat(p.steps()).extracting(GrowthReport.Step::className)
                    .contains("class " + GrowingProgram.class.getName(), "java.util.ArrayList", "java.lang.Object[]");
            assertThat(p.steps()).extracting(GrowthReport.Step::reference).contains("LEAK", "elementData");
            // The entries' payloads grow too, but below a growing place: not reported on their own.
            assertThat(growth.paths()).noneMatch(x -> x.steps().getLast().className().equals("byte[]")
                    && x.steps().get(x.steps().size() - 2).className().equals(entry));
        } finally {
            ts.forEach(DominatorTree::close);
            gs.forEach(HeapGraph::close);
        }
    }
}
