package dev.heapwise.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.GrowingProgram;
import dev.heapwise.analysis.fixture.LeakyProgram;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.analysis.internal.Parallel;
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
    /** The defaults, listing unchanged classes too: the tests below look some up. */
    static final HeapComparison.Options ALL = new HeapComparison.Options(null, 100, true);

    /** Version {@code v} of a small heap: ids are fixed by creation order, as in MicroEJ dumps. */
    static Path version(Path dir, int v) throws Exception {
        return version(dir, v, false);
    }

    /** With {@code classesMoved}, the class objects have other ids than in version 1 (a moving GC ran). */
    static Path version(Path dir, int v, boolean classesMoved) throws Exception {
        return version(dir, v, classesMoved, "value");
    }

    /** With {@code itemField}, app.Item's int field has that name (a new version of the class renamed it). */
    static Path version(Path dir, int v, boolean classesMoved, String itemField) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        if (classesMoved) {
            h.cls("app.Unrelated"); // takes the first class id: every class object after it moves
        }
        long item = h.cls("app.Item", h.javaLangObject, List.of(new FieldDef(itemField, FieldType.INT),
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
        // One array whose reference moves among nulls: {1, null, 2} in v1, {null, 1, 2} in v2.
        h.root(SyntheticHeap.ROOT_UNKNOWN, v == 1 ? h.objectArray(ids[1], 0, ids[2]) : h.objectArray(0, ids[1], ids[2]));
        // A short[] of the same length whose elements 1 and 3 change: {1, 2, 3, -4} then {1, 7, 3, -5}.
        short[] values = v == 1 ? new short[] {1, 2, 3, -4} : new short[] {1, 7, 3, -5};
        java.nio.ByteBuffer bytes = java.nio.ByteBuffer.allocate(2 * values.length); // big-endian, as HPROF
        for (short x : values) {
            bytes.putShort(x);
        }
        h.root(SyntheticHeap.ROOT_UNKNOWN, h.primitiveArray(FieldType.SHORT, values.length, bytes.array()));
        Path p = dir.resolve("v" + v + (classesMoved ? "m" : "") + (itemField.equals("value") ? "" : "-" + itemField)
                + ".hprof");
        h.write(p);
        return p;
    }

    @Test
    void instanceLevelWithStableIds(@TempDir Path dir) throws Exception {
        try (HeapGraph a = Hprof.open(version(dir, 1)); HeapGraph b = Hprof.open(version(dir, 2))) {
            ComparisonReport r = HeapComparison.compare(a, null, b, null, ALL,
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
            // The index holds an array's references in order but not where the nulls are: read, it shows.
            assertThat(r.changed()).filteredOn(c -> c.className().equals("java.lang.Object[]")).singleElement()
                    .extracting(ComparisonReport.ChangedObject::fields).asInstanceOf(
                            org.assertj.core.api.InstanceOfAssertFactories.LIST).containsExactly(
                            new ComparisonReport.FieldChange("[0]", "0x1010", "null"),
                            new ComparisonReport.FieldChange("[1]", "null", "0x1010"));
            // A primitive array's elements are compared too, not only its length.
            assertThat(r.changed()).filteredOn(c -> c.className().equals("short[]")).singleElement()
                    .extracting(ComparisonReport.ChangedObject::fields).asInstanceOf(
                            org.assertj.core.api.InstanceOfAssertFactories.LIST).containsExactly(
                            new ComparisonReport.FieldChange("[1]", "2", "7"),
                            new ComparisonReport.FieldChange("[3]", "-4", "-5"));
            // The id merge split in ranges on several threads gives the same report, lists in the same order.
            Parallel.splitEverythingForTests(true);
            try {
                assertThat(HeapComparison.compare(a, null, b, null, ALL,
                        ProgressListener.NONE)).isEqualTo(r);
                // Only the first changed objects are listed, in merge order, however the merge was split.
                ComparisonReport few = HeapComparison.compare(a, null, b, null, new HeapComparison.Options(null, 3, true),
                        ProgressListener.NONE);
                assertThat(few.changed()).isEqualTo(r.changed().subList(0, 3));
            } finally {
                Parallel.splitEverythingForTests(false);
            }
        }
    }

    /**
     * The quick check lines the two classes' field names up before it trusts equal values: a field
     * renamed between the dumps, holding the same value, is still listed as a change.
     */
    @Test
    void aRenamedFieldIsAChangeEvenWithTheSameValue(@TempDir Path dir) throws Exception {
        try (HeapGraph a = Hprof.open(version(dir, 1)); HeapGraph b = Hprof.open(version(dir, 1, false, "weight"))) {
            ComparisonReport r = HeapComparison.compare(a, null, b, null, HeapComparison.Options.defaults(),
                    ProgressListener.NONE);
            assertThat(r.instanceLevel()).isTrue();
            ComparisonReport.InstanceDelta items = r.instances().stream()
                    .filter(d -> d.className().equals("app.Item")).findFirst().orElseThrow();
            assertThat(items.persistent()).isEqualTo(15);
            assertThat(items.changed()).isEqualTo(15);
            ComparisonReport.ChangedObject three = r.changed().stream().filter(c -> c.id() == 0x1000L + 16 * 3)
                    .findFirst().orElseThrow();
            assertThat(three.fields()).containsExactly(new ComparisonReport.FieldChange("value", "3", "3"));
            // Nothing else differs between the two dumps.
            assertThat(r.changed()).allMatch(c -> c.className().equals("app.Item"));
        }
    }

    /**
     * Most ids are the same, but the class objects moved: in a HotSpot dump that means a moving GC
     * ran between the dumps and ids no longer name the same objects, so only classes are compared.
     */
    @Test
    void classObjectsThatMovedTurnTheInstanceLevelOff(@TempDir Path dir) throws Exception {
        try (HeapGraph a = Hprof.open(version(dir, 1)); HeapGraph b = Hprof.open(version(dir, 2, true))) {
            ComparisonReport r = HeapComparison.compare(a, null, b, null, HeapComparison.Options.defaults(),
                    ProgressListener.NONE);
            assertThat(r.idOverlap()).isGreaterThan(HeapComparison.STABLE);
            assertThat(r.movedClassObjects()).isPositive();
            assertThat(r.instanceLevel()).isFalse();
            assertThat(r.instances()).isEmpty();
        }
    }

    /** Garbage still in a dump is left out of the class counts, as it is of the retained sizes. */
    @Test
    void classCountsAreOfReachableObjects(@TempDir Path dir) throws Exception {
        try (HeapGraph a = Hprof.open(version(dir, 1)); HeapGraph b = Hprof.open(version(dir, 2));
                DominatorTree ta = DominatorTree.of(a); DominatorTree tb = DominatorTree.of(b)) {
            ComparisonReport r = HeapComparison.compare(a, ta, b, tb, ALL,
                    ProgressListener.NONE);
            // Only item 0 is held (Holder.first; next is null), and items 1 and 2 from the array.
            ComparisonReport.ClassDelta d = r.classes().stream().filter(c -> c.className().equals("app.Item"))
                    .findFirst().orElseThrow();
            assertThat(d.oldCount()).isEqualTo(3);
            assertThat(d.newCount()).isEqualTo(3);
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
                    new HeapComparison.Options(false, 100, false), ProgressListener.NONE);
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
            // The place that grows: the entries, held by GrowingProgram's static LEAK list (its array is
            // the list's inside: the path ends at the field that holds the list).
            GrowthReport.GrowingPath p = growth.paths().stream().filter(x -> x.className().equals(entry)).findFirst()
                    .orElseThrow();
            assertThat(p.counts()).containsExactly(1000L, 2000L, 3000L);
            assertThat(p.steps()).extracting(GrowthReport.Step::className)
                    .endsWith("java.util.ArrayList").doesNotContain("java.lang.Object[]", entry);
            assertThat(p.steps().get(p.steps().size() - 2).className()).endsWith("class " + GrowingProgram.class.getName());
            assertThat(p.steps().getLast().reference()).isEqualTo("LEAK");
            // The entries' payloads grow too, but below a growing place: not reported on their own.
            assertThat(growth.paths()).noneMatch(x -> x.className().equals("byte[]")
                    && x.steps().stream().anyMatch(step -> step.className().equals(entry)));
        } finally {
            ts.forEach(DominatorTree::close);
            gs.forEach(HeapGraph::close);
        }
    }
    /**
     * A static HashMap that grows: the place is the map, held by {@code LeakyProgram.CACHE}, not the
     * bucket of its table an example entry sits in ({@code HashMap$Node[][123]}).
     */
    @Test
    void aGrowingMapIsShownByTheFieldThatHoldsIt(@TempDir Path dir) throws Exception {
        List<Path> dumps = List.of(dir.resolve("l1.hprof"), dir.resolve("l2.hprof"), dir.resolve("l3.hprof"));
        ChildJvm.run(PlantedDump.JVM, LeakyProgram.class, dumps.stream().map(Path::toString).toArray(String[]::new));
        List<HeapGraph> gs = new ArrayList<>();
        try {
            for (Path p : dumps) {
                gs.add(Hprof.open(p));
            }
            GrowthReport growth = HeapGrowth.analyze(gs, null);
            GrowthReport.GrowingPath p = growth.paths().stream()
                    .filter(x -> x.className().equals("java.util.HashMap$Node")).findFirst().orElseThrow();
            assertThat(p.counts()).containsExactly(1000L, 2000L, 3000L);
            // The root (the class loader, or the class), the class, its field.
            assertThat(p.steps().get(p.steps().size() - 2).className()).endsWith("class " + LeakyProgram.class.getName());
            assertThat(p.steps().getLast()).isEqualTo(new GrowthReport.Step("java.util.HashMap", "CACHE"));
            assertThat(growth.warnings()).isEmpty();
        } finally {
            gs.forEach(HeapGraph::close);
        }
    }

    /**
     * Only classes that changed are listed, biggest change in bytes first (retained, then shallow,
     * then count); the unchanged ones are counted, and listed when asked for.
     */
    @Test
    void onlyChangedClassesAreListedBiggestFirst(@TempDir Path dir) throws Exception {
        Path d1 = dir.resolve("g1.hprof");
        Path d2 = dir.resolve("g2.hprof");
        ChildJvm.run(PlantedDump.JVM, GrowingProgram.class, d1.toString(), d2.toString());
        try (HeapGraph a = Hprof.open(d1); HeapGraph b = Hprof.open(d2); DominatorTree ta = DominatorTree.of(a);
                DominatorTree tb = DominatorTree.of(b)) {
            ComparisonReport r = HeapComparison.compare(a, ta, b, tb, new HeapComparison.Options(false, 100, false),
                    ProgressListener.NONE);
            assertThat(r.classes()).isNotEmpty().allMatch(ComparisonReport.ClassDelta::changed);
            assertThat(r.classes()).extracting(ComparisonReport.ClassDelta::className)
                    .contains(GrowingProgram.Entry.class.getName());
            assertThat(r.unchangedClasses()).isGreaterThan(r.classes().size()); // most of the JDK's classes
            assertThat(r.classes()).isSortedAccordingTo(java.util.Comparator
                    .comparingLong((ComparisonReport.ClassDelta d) -> -Math.abs(d.retainedDelta()))
                    .thenComparingLong(d -> -Math.abs(d.shallowDelta())).thenComparingLong(d -> -Math.abs(d.countDelta())));
            assertThat(r.classesInCommon()).isGreaterThan(0.9);
            assertThat(r.warnings()).isEmpty();
            ComparisonReport all = HeapComparison.compare(a, ta, b, tb, new HeapComparison.Options(false, 100, true),
                    ProgressListener.NONE);
            assertThat(all.classes()).hasSize(r.classes().size() + (int) r.unchangedClasses());
            assertThat(all.classes().subList(0, r.classes().size())).isEqualTo(r.classes());
            assertThat(all.unchangedClasses()).isEqualTo(r.unchangedClasses());
            // The per-object rows likewise: only classes with new, collected or changed objects.
            ComparisonReport objects = HeapComparison.compare(a, ta, b, tb, new HeapComparison.Options(true, 100, false),
                    ProgressListener.NONE);
            assertThat(objects.instances()).isNotEmpty().allMatch(ComparisonReport.InstanceDelta::anyChange);
            assertThat(objects.unchangedInstanceClasses()).isPositive();
        }
    }

    /** A small heap of its own classes, as a program other than the JDK's would leave. */
    static Path program(Path dir, String name, String... classes) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        for (String c : classes) {
            long k = h.cls(c);
            for (int i = 0; i < 3; i++) {
                h.root(SyntheticHeap.ROOT_UNKNOWN, h.obj(k));
            }
        }
        Path p = dir.resolve(name);
        h.write(p);
        return p;
    }

    @Test
    void dumpsOfDifferentProgramsAreWarnedAbout(@TempDir Path dir) throws Exception {
        Path one = program(dir, "one.hprof", "app.A", "app.B", "app.C", "app.D", "app.E", "app.F", "app.G");
        Path other = program(dir, "other.hprof", "web.S", "web.T", "web.U", "web.V", "web.W", "web.X", "app.A");
        Path grown = program(dir, "grown.hprof", "app.A", "app.B", "app.C", "app.D", "app.E", "app.F", "app.G", "app.H",
                "app.I");
        try (HeapGraph a = Hprof.open(one); HeapGraph b = Hprof.open(other); HeapGraph c = Hprof.open(grown)) {
            ComparisonReport r = HeapComparison.compare(a, null, b, null, HeapComparison.Options.defaults(),
                    ProgressListener.NONE);
            assertThat(r.classesInCommon()).isLessThan(HeapComparison.FEW_IN_COMMON);
            assertThat(r.warnings()).singleElement().asString().contains("different programs");
            // One program that loaded more classes: all of the smaller one's are in the bigger one.
            ComparisonReport same = HeapComparison.compare(a, null, c, null, HeapComparison.Options.defaults(),
                    ProgressListener.NONE);
            assertThat(same.classesInCommon()).isEqualTo(1.0);
            assertThat(same.warnings()).isEmpty();
            GrowthReport growth = HeapGrowth.analyze(List.of(a, c, b), null);
            assertThat(growth.warnings()).singleElement().asString().startsWith("dumps 2 and 3 ");
        }
    }
}

