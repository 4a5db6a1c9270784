package dev.heapwise.analysis.waste;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A collection that keeps its elements in another it owns is judged by that one and counted once,
 * whichever of the two comes first in the dump: sets whose maps are written before them and after
 * them, a delegate deeper down, and a map two sets share (owned by neither).
 */
class CollectionDelegationTest {

    @Test
    void delegatesAreCountedInTheirOwnersRowWhateverTheirOrder(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long map = h.cls("java.util.HashMap", h.javaLangObject,
                List.of(new FieldDef("table", FieldType.OBJECT), new FieldDef("size", FieldType.INT)), List.of());
        long set = h.cls("java.util.HashSet", "map");
        long wrapper = h.cls("app.SetOfSet", h.javaLangObject, List.of(new FieldDef("inner", FieldType.OBJECT)),
                List.of());
        long mySet = h.cls("app.MySet", set, List.of(new FieldDef("other", FieldType.OBJECT)), List.of());
        long element = h.obj(h.javaLangObject);
        long[] slots = new long[16];
        slots[3] = element;
        // A set whose map comes first in the dump, then one whose map comes after it.
        long before = h.obj(map, h.objectArray(slots), 1);
        long setAfterItsMap = h.obj(set, before);
        long setBeforeItsMap = h.obj(set, 0);
        long after = h.obj(map, h.objectArray(slots), 1);
        h.set(setBeforeItsMap, 0, after);
        // An empty map of its own, and a set (subclass) holding a set: delegation two levels down.
        long alone = h.obj(map, 0, 0);
        long innerMap = h.obj(map, h.objectArray(slots), 1);
        long innerSet = h.obj(set, innerMap);
        long outer = h.obj(mySet, innerSet, 0); // own fields first: other, then HashSet's map
        // A map two sets share: owned by neither, counted in its own row, and the sets are not empty.
        long shared = h.obj(map, h.objectArray(slots), 1);
        long sharing1 = h.obj(set, shared);
        long sharing2 = h.obj(set, shared);
        for (long o : new long[] {setAfterItsMap, setBeforeItsMap, alone, outer, sharing1, sharing2}) {
            h.root(SyntheticHeap.ROOT_UNKNOWN, h.obj(wrapper, o));
        }
        Path dump = dir.resolve("sets.hprof");
        h.write(dump);
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            WasteReport r = WasteAnalysis.analyze(g, tree, ProgressListener.NONE);
            WasteReport.CollectionWaste maps = row(r, "java.util.HashMap");
            assertThat(maps.count()).isEqualTo(2); // alone, shared
            assertThat(maps.empty()).isEqualTo(1);
            assertThat(maps.sparse()).isEqualTo(1);
            WasteReport.CollectionWaste sets = row(r, "java.util.HashSet");
            assertThat(sets.count()).isEqualTo(4); // not the set inside app.MySet
            assertThat(sets.empty()).isZero();
            assertThat(sets.sparse()).isEqualTo(2); // the sets of their own maps; the sharing ones have no slots
            long table = g.shallowSize(g.indexOf(g.field(g.indexOf(before), "table").objectId()));
            assertThat(sets.unusedSlotBytes()).isEqualTo(2 * (table * 15 / 16));
            assertThat(maps.unusedSlotBytes()).isEqualTo(table * 15 / 16);
            WasteReport.CollectionWaste mine = row(r, "app.MySet");
            assertThat(mine.count()).isEqualTo(1);
            assertThat(mine.sparse()).isEqualTo(1);
            assertThat(mine.unusedSlotBytes()).isEqualTo(table * 15 / 16);
            // Each table's unused slots counted once: four tables, one of them shared.
            assertThat(r.summary().get(3).bytes()).isEqualTo(4 * (table * 15 / 16));
        }
    }

    static WasteReport.CollectionWaste row(WasteReport r, String name) {
        return r.collections().stream().filter(c -> c.className().equals(name)).findFirst().orElseThrow(
                () -> new AssertionError("no row for " + name));
    }
}
