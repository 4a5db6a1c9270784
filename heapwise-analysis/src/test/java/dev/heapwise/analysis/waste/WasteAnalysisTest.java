package dev.heapwise.analysis.waste;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.Heaps;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.analysis.internal.NativeMemory;
import dev.heapwise.analysis.internal.Parallel;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Waste in the planted dump, where the duplicates and collections were made on purpose. */
class WasteAnalysisTest {
    static final String P = "dev.heapwise.analysis.fixture.PlantedProgram$";
    @TempDir
    static Path dir;
    static HeapGraph g;
    static DominatorTree tree;
    static WasteReport r;

    @BeforeAll
    static void analyze() throws Exception {
        g = Hprof.open(PlantedDump.copyTo(dir));
        tree = DominatorTree.of(g);
        r = WasteAnalysis.analyze(g, tree, ProgressListener.NONE);
    }

    @AfterAll
    static void close() {
        tree.close();
        g.close();
    }

    @Test
    void arraysReadOnSeveralCoresGiveTheSameReport() {
        // The planted dump has too few arrays for the pass to be split unless told to.
        Parallel.splitEverythingForTests(true);
        try {
            assertThat(Parallel.parts(1000, Parallel.THREADS)).isEqualTo(Parallel.THREADS);
            assertThat(WasteAnalysis.analyze(g, tree, ProgressListener.NONE)).isEqualTo(r);
        } finally {
            Parallel.splitEverythingForTests(false);
        }
    }

    @Test
    void arraysHashedInTheBackgroundGiveTheSameReport() {
        try (WasteAnalysis.Prefetch early = WasteAnalysis.prefetch(g)) {
            assertThat(WasteAnalysis.analyze(g, tree, ProgressListener.NONE, early)).isEqualTo(r);
        }
        WasteAnalysis.prefetch(g).close(); // stopped before it is used: nothing left running or held
    }

    @Test
    void aPrefetchStartsEarlyOnlyWithRoomInMemory() {
        NativeMemory.budgetForTesting(1024);
        try (WasteAnalysis.Prefetch tight = WasteAnalysis.prefetchLater(g)) {
            tight.startIfRoom();
            assertThat(tight.isStarted()).isFalse();
        } finally {
            NativeMemory.budgetForTesting(-1);
        }
        try (WasteAnalysis.Prefetch ample = WasteAnalysis.prefetchLater(g)) {
            ample.startIfRoom();
            assertThat(ample.isStarted()).isTrue();
            assertThat(WasteAnalysis.analyze(g, tree, ProgressListener.NONE, ample)).isEqualTo(r);
        }
    }

    @Test
    void aPrefetchNeverStartedIsStartedByTheAnalysis() {
        try (WasteAnalysis.Prefetch later = WasteAnalysis.prefetchLater(g)) {
            assertThat(WasteAnalysis.analyze(g, tree, ProgressListener.NONE, later)).isEqualTo(r);
            later.start(); // started already: nothing new
        }
        WasteAnalysis.Prefetch closed = WasteAnalysis.prefetchLater(g);
        closed.close();
        closed.start(); // closed first: nothing starts
        assertThatThrownBy(() -> WasteAnalysis.analyze(g, tree, ProgressListener.NONE, closed))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void duplicateStringsShareTheirArray() {
        // new String(literal) shares the literal's value array: 50 extra String objects, no extra array.
        WasteReport.StringGroup same = r.strings().top().stream()
                .filter(s -> s.value().equals("the same text, many times over")).findFirst().orElseThrow();
        assertThat(same.count()).isEqualTo(51);
        assertThat(same.distinctArrays()).isEqualTo(1);
        long stringSize = g.shallowSize(Heaps.instances(g, "java.lang.String").getFirst());
        assertThat(same.wastedBytes()).isEqualTo(50 * stringSize);
    }

    @Test
    void duplicateArraysKeepOneCopy() {
        WasteReport.ArrayGroup top = r.arrays().top().getFirst();
        assertThat(top.className()).isEqualTo("byte[]");
        assertThat(top.length()).isEqualTo(1024);
        assertThat(top.count()).isEqualTo(2000);
        assertThat(top.wastedBytes()).isEqualTo(1999L * (16 + 1024));
        assertThat(top.preview()).startsWith("[0, 0");
    }

    @Test
    void collectionsFillRatios() {
        WasteReport.CollectionWaste lists = find("java.util.ArrayList");
        assertThat(lists.empty()).isGreaterThanOrEqualTo(1); // Cache.emptyList
        assertThat(lists.sparse()).isGreaterThanOrEqualTo(1); // Cache.sparseList: 1 of 1000
        // The sparse list alone leaves 999 of 1000 slots of an Object[1000] (16 + 4000 bytes) unused.
        assertThat(lists.unusedSlotBytes()).isGreaterThanOrEqualTo(4016L * 999 / 1000);
        WasteReport.CollectionWaste sets = find("java.util.HashSet");
        assertThat(sets.sparse()).isGreaterThanOrEqualTo(1);
        WasteReport.CollectionWaste maps = find("java.util.HashMap");
        assertThat(maps.count()).isGreaterThanOrEqualTo(1);
        assertThat(maps.meanFillRatio()).isBetween(0.0, 1.0);
        WasteReport.CollectionWaste deques = find("java.util.ArrayDeque");
        assertThat(deques.count()).isGreaterThanOrEqualTo(1);
    }

    @Test
    void summaryFiguresArePercentagesOfTheHeap() {
        assertThat(r.heapSize()).isEqualTo(tree.reachableSize());
        assertThat(r.summary()).extracting(WasteReport.Finding::kind).containsExactly("duplicate strings",
                "duplicate primitive arrays", "empty collections", "unused collection slots", "boxed primitives",
                "zero-length arrays");
        for (WasteReport.Finding f : r.summary()) {
            assertThat(f.fraction()).isEqualTo((double) f.bytes() / r.heapSize());
        }
        assertThat(r.zeroLengthArrays()).isNotEmpty();
        assertThat(r.boxes()).extracting(WasteReport.BoxWaste::className).contains("java.lang.Integer");
    }

    /** Every class with two or more reachable empty arrays; one alone is the shared constant, no overhead. */
    @Test
    void zeroLengthArraysAreEveryReachableEmptyArray() {
        // The oracle reads every array's length from the dump; the analysis reads only the smallest object arrays.
        Map<String, Long> expected = new TreeMap<>();
        for (int o = 0; o < g.objectCount(); o++) {
            ObjectKind k = g.kind(o);
            if ((k == ObjectKind.OBJECT_ARRAY || k == ObjectKind.PRIMITIVE_ARRAY) && tree.isReachable(o)
                    && g.arrayLength(o) == 0) {
                expected.merge(g.heapClass(g.classOf(o)).name(), 1L, Long::sum);
            }
        }
        assertThat(expected).containsKeys("java.lang.Object[]", "byte[]").containsValue(1L);
        expected.values().removeIf(n -> n == 1);
        Map<String, Long> found = new TreeMap<>();
        for (WasteReport.EmptyArrays e : r.zeroLengthArrays()) {
            found.merge(e.className(), e.count(), Long::sum);
            assertThat(e.overheadBytes()).isPositive();
        }
        assertThat(found).isEqualTo(expected);
    }

    @Test
    void emptyHeap(@TempDir Path d) throws Exception {
        Path empty = d.resolve("empty.hprof");
        new SyntheticHeap().write(empty);
        try (HeapGraph e = Hprof.open(empty); DominatorTree t = DominatorTree.of(e)) {
            WasteReport w = WasteAnalysis.analyze(e, t, ProgressListener.NONE);
            assertThat(w.summary()).allSatisfy(f -> assertThat(f.bytes()).isZero());
        }
    }

    static WasteReport.CollectionWaste find(String name) {
        return r.collections().stream().filter(c -> c.className().equals(name)).findFirst().orElseThrow();
    }
}
