package dev.heapwise.analysis.suspects;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LeakSuspectsTest {

    @Test
    void theCacheMapIsTheAccumulationPoint(@TempDir Path dir) throws Exception {
        try (HeapGraph g = Hprof.open(PlantedDump.copyTo(dir)); DominatorTree t = DominatorTree.of(g)) {
            List<Suspect> s = LeakSuspects.find(t, 0.10, ProgressListener.NONE);
            assertThat(s).isNotEmpty();
            Suspect top = s.getFirst();
            assertThat(top.fraction()).isGreaterThanOrEqualTo(0.10);
            // 2000 entries of 1 KB under PlantedProgram$Planted.cache: the table of the map is where it piles up.
            assertThat(top.accumulationClassName()).isEqualTo("java.util.HashMap$Node[]");
            assertThat(top.accumulationRetainedSize()).isGreaterThan(2000L * 1024);
            assertThat(top.description()).contains("The memory is accumulated in one instance of \"java.util.HashMap$Node[]\"");
            assertThat(top.path().target().object()).isEqualTo(top.accumulationPoint());
            assertThat(top.path().steps()).extracting(x -> x.reference()).contains("cache", "entries", "table");
            // Every suspect is above the threshold; a higher threshold keeps fewer.
            assertThat(s).allSatisfy(x -> assertThat(x.fraction()).isGreaterThanOrEqualTo(0.10));
            assertThat(LeakSuspects.find(t, 0.99, ProgressListener.NONE)).isEmpty();
        }
    }

    @Test
    void manySmallTopLevelInstancesOfOneClassFormAGroup(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long item = h.cls("app.Item", "data");
        long holder = h.cls("app.Registry", "items");
        long other = h.cls("app.Other", "x");
        long[] items = new long[50];
        for (int i = 0; i < items.length; i++) {
            long data = h.primitiveArray(FieldType.BYTE, 1000, new byte[1000]);
            items[i] = h.obj(item, data);
        }
        long array = h.objectArray(items);
        long reg = h.obj(holder, array);
        // Each item is also held by a second root object, so each is a top-level subtree of its own.
        long[] second = new long[50];
        for (int i = 0; i < items.length; i++) {
            second[i] = h.obj(other, items[i]);
            h.root(SyntheticHeap.ROOT_UNKNOWN, second[i]);
        }
        long small = h.obj(other, 0);
        h.root(SyntheticHeap.ROOT_UNKNOWN, reg);
        h.root(SyntheticHeap.ROOT_UNKNOWN, small);
        suspects(h, dir.resolve("group.hprof"), (g, t, s) -> {
            assertThat(s).hasSize(1);
            Suspect grp = s.getFirst();
            assertThat(grp.kind()).isEqualTo("group");
            assertThat(grp.className()).isEqualTo("app.Item");
            assertThat(grp.instances()).isEqualTo(50);
            assertThat(grp.description()).startsWith("50 instances of \"app.Item\"");
        });
        suspects(new SyntheticHeap(), dir.resolve("empty.hprof"), (g, t, s) -> assertThat(s).isEmpty());
    }

    /**
     * Two suspects whose walks to their accumulation points have different lengths (they are walked
     * side by side, a level per pass): each stops at its own point and counts that point's children.
     */
    @Test
    void walksOfDifferentLengthsStopAtTheirOwnPoints(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long holder = h.cls("app.Holder", "next");
        long b = h.objectArray(byteArrays(h, 30));
        long a = h.obj(holder, b);
        long e = h.objectArray(byteArrays(h, 20));
        long d = h.obj(holder, e);
        long c = h.obj(holder, d);
        h.root(SyntheticHeap.ROOT_UNKNOWN, a);
        h.root(SyntheticHeap.ROOT_UNKNOWN, c);
        suspects(h, dir.resolve("walks.hprof"), (g, t, s) -> {
            assertThat(s).extracting(Suspect::object).containsExactly(g.indexOf(a), g.indexOf(c));
            assertThat(s).extracting(Suspect::accumulationPoint).containsExactly(g.indexOf(b), g.indexOf(e));
            assertThat(s.get(0).description()).contains("It holds 30 objects directly");
            assertThat(s.get(1).description()).contains("It holds 20 objects directly");
            assertThat(LeakSuspects.accumulationPoint(t, g.indexOf(c))).isEqualTo(g.indexOf(e));
        });
    }

    /** {@code n} byte arrays of 1,000 bytes. */
    private static long[] byteArrays(SyntheticHeap h, int n) {
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = h.primitiveArray(FieldType.BYTE, 1000, new byte[1000]);
        }
        return ids;
    }

    private interface Check {
        void accept(HeapGraph g, DominatorTree t, List<Suspect> suspects) throws Exception;
    }

    /** Writes the heap, opens it, and hands the graph, its tree and its suspects at 10% to {@code check}. */
    private static void suspects(SyntheticHeap h, Path file, Check check) throws Exception {
        h.write(file);
        try (HeapGraph g = Hprof.open(file); DominatorTree t = DominatorTree.of(g)) {
            check.accept(g, t, LeakSuspects.find(t, 0.10, ProgressListener.NONE));
        }
    }
}
