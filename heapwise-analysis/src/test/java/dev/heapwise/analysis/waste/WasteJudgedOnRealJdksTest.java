package dev.heapwise.analysis.waste;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.Heaps;
import dev.heapwise.analysis.fixture.OtherJdk;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.analysis.fixture.WasteProgram;
import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.hprof.fixture.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Waste in dumps of {@link WasteProgram} made by JDK 25 and JDK 17: what looks empty from the
 * outside but keeps its elements elsewhere is not empty, the JDK's shared boxes are no overhead,
 * and nothing without an overhead is listed; the real waste planted beside them still is.
 */
class WasteJudgedOnRealJdksTest {
    record Analyzed(HeapGraph g, DominatorTree tree, WasteReport r) {}

    /** By JDK: "25" (no class data sharing, as the planted dump), "25-cds" (its archived heap), "17" (with it). */
    private static final Map<String, Analyzed> BY_JDK = new HashMap<>();
    private static Path dir;

    static synchronized Analyzed on(String jdk) throws Exception {
        Analyzed a = BY_JDK.get(jdk);
        if (a == null) {
            if (dir == null) {
                dir = Files.createTempDirectory("heapwise-waste-jdks");
                dir.toFile().deleteOnExit();
            }
            Path dump = dir.resolve("waste-" + jdk + ".hprof");
            switch (jdk) {
                case "17" -> OtherJdk.run17(WasteProgram.class, List.of("-Xmx128m", "-XX:+UseSerialGC"), dump.toString());
                case "25-cds" -> ChildJvm.run(List.of("-Xmx128m", "-XX:+UseSerialGC", "-Xshare:auto"), WasteProgram.class,
                        dump.toString());
                default -> ChildJvm.run(PlantedDump.JVM, WasteProgram.class, dump.toString());
            }
            HeapGraph g = Hprof.open(dump, Hprof.Options.defaults().withIndexDir(dir.resolve("index-" + jdk)));
            DominatorTree tree = DominatorTree.of(g);
            a = new Analyzed(g, tree, WasteAnalysis.analyze(g, tree, ProgressListener.NONE));
            BY_JDK.put(jdk, a);
        }
        return a;
    }

    @AfterAll
    static void close() throws Exception {
        for (Analyzed a : BY_JDK.values()) {
            a.tree().close();
            a.g().close();
        }
        BY_JDK.clear();
        if (dir != null) {
            try (var files = Files.walk(dir)) {
                for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    /**
     * Since JDK 9 a Properties keeps its entries in its {@code map}, a ConcurrentHashMap, and leaves
     * the Hashtable it extends empty: it is empty when that map is (oracle: the map's
     * {@code baseCount}, read field by field).
     */
    @ParameterizedTest
    @ValueSource(strings = {"25", "25-cds", "17"})
    void propertiesAreEmptyOnlyWhenTheirMapIs(String jdk) throws Exception {
        Analyzed a = on(jdk);
        HeapGraph g = a.g();
        long empty = 0;
        long all = 0;
        for (int p : Heaps.instances(g, "java.util.Properties")) {
            if (a.tree().isReachable(p)) {
                all++;
                int map = Heaps.fieldTarget(g, p, "map");
                empty += g.field(map, "baseCount").raw() == 0 ? 1 : 0;
            }
        }
        assertThat(all).isGreaterThan(2);
        assertThat(empty).isPositive().isLessThan(all); // EMPTY_PROPERTIES; FULL_PROPERTIES and the system's are not
        assertThat(row(a.r(), "java.util.Properties").empty()).isEqualTo(empty);
    }

    /** A Provider is a Properties: its entries are in its maps; none is empty. */
    @ParameterizedTest
    @ValueSource(strings = {"25", "25-cds", "17"})
    void providersAreNotEmpty(String jdk) throws Exception {
        Analyzed a = on(jdk);
        boolean[] provider = new Hierarchy(a.g()).subclasses("java.security.Provider");
        assertThat(Heaps.staticTarget(a.g(), WasteProgram.class.getName(), "SUN")).isNotNegative();
        for (WasteReport.CollectionWaste c : a.r().collections()) {
            for (HeapClass k : a.g().classesNamed(c.className())) {
                if (provider[k.index()]) {
                    assertThat(c.empty()).as(c.className()).isZero();
                }
            }
        }
    }

    /**
     * Boxes the JDK's caches hold ({@code Integer$IntegerCache.cache}, ..., {@code Boolean.TRUE})
     * are no overhead: the oracle tells them by their inbound references (a box class object, or an
     * array that a box class's nested class holds, or that the archived heap's roots hold: JDK 25
     * archives the Byte cache even when {@code Byte$ByteCache} is never loaded), the analysis by the
     * caches' static fields and contents.
     */
    @ParameterizedTest
    @ValueSource(strings = {"25", "25-cds", "17"})
    void theJdksCachedBoxesAreNotOverhead(String jdk) throws Exception {
        Analyzed a = on(jdk);
        HeapGraph g = a.g();
        RefCursor in = g.inRefs();
        RefCursor in2 = g.inRefs();
        // The archived heap's roots: Object[] arrays that are JNI global roots.
        java.util.Set<Integer> archiveRoots = new java.util.HashSet<>();
        for (var root : g.roots()) {
            int o = root.object();
            if (root.kind() == dev.heapwise.graph.RootKind.JNI_GLOBAL && o >= 0 && g.kind(o) == ObjectKind.OBJECT_ARRAY) {
                archiveRoots.add(o);
            }
        }
        Map<String, Long> expected = new TreeMap<>();
        long cached = 0;
        for (String box : List.of("java.lang.Integer", "java.lang.Long", "java.lang.Short", "java.lang.Byte",
                "java.lang.Character", "java.lang.Boolean", "java.lang.Float", "java.lang.Double")) {
            for (int o : Heaps.instances(g, box)) {
                if (!a.tree().isReachable(o)) {
                    continue;
                }
                boolean inCache = false;
                in.reset(o);
                for (int r; (r = in.next()) >= 0 && !inCache; ) {
                    if (g.kind(r) == ObjectKind.CLASS) {
                        inCache = g.heapClass(g.classIndexOfClassObject(r)).name().startsWith(box);
                    } else if (g.kind(r) == ObjectKind.OBJECT_ARRAY) {
                        in2.reset(r);
                        for (int h; (h = in2.next()) >= 0 && !inCache; ) {
                            inCache = g.kind(h) == ObjectKind.CLASS
                                    ? g.heapClass(g.classIndexOfClassObject(h)).name().startsWith(box + "$")
                                    : archiveRoots.contains(h) && g.heapClass(g.classOf(r)).name().equals(box + "[]");
                        }
                    }
                }
                if (inCache) {
                    cached++;
                } else {
                    expected.merge(box, 1L, Long::sum);
                }
            }
        }
        assertThat(cached).isGreaterThanOrEqualTo(256 + 2); // IntegerCache's -128..127 at least, TRUE and FALSE
        Map<String, Long> found = new TreeMap<>();
        for (WasteReport.BoxWaste b : a.r().boxes()) {
            found.put(b.className(), b.count());
        }
        assertThat(found).isEqualTo(expected);
        assertThat(found.get("java.lang.Integer")).isGreaterThanOrEqualTo(1000); // WasteProgram's own boxes
        assertThat(found).doesNotContainKeys("java.lang.Short", "java.lang.Byte", "java.lang.Boolean");
    }

    @ParameterizedTest
    @ValueSource(strings = {"25", "25-cds", "17"})
    void nothingWithoutOverheadIsListed(String jdk) throws Exception {
        WasteReport r = on(jdk).r();
        assertThat(r.collections()).allSatisfy(c -> assertThat(c.emptyRetainedBytes() + c.unusedSlotBytes()).isPositive());
        assertThat(r.boxes()).allSatisfy(b -> assertThat(b.overheadBytes()).isPositive());
        assertThat(r.zeroLengthArrays()).allSatisfy(e -> assertThat(e.overheadBytes()).isPositive());
        assertThat(r.zeroLengthArrays()).extracting(WasteReport.EmptyArrays::className)
                .doesNotContain(WasteProgram.Lonely.class.getName() + "[]");
        assertThat(r.zeroLengthArrays()).filteredOn(e -> e.className().equals("int[]")).singleElement()
                .satisfies(e -> assertThat(e.count()).isGreaterThanOrEqualTo(50));
    }

    /**
     * The planted waste is found, each collection counted once: the sets' maps, which hold the
     * sets' elements, are counted in the sets' row and not again in HashMap's.
     */
    @ParameterizedTest
    @ValueSource(strings = {"25", "25-cds", "17"})
    void realWasteIsFoundAndCountedOnce(String jdk) throws Exception {
        Analyzed a = on(jdk);
        WasteReport r = a.r();
        WasteReport.CollectionWaste maps = row(r, "java.util.HashMap");
        assertThat(maps.empty()).isGreaterThanOrEqualTo(200);
        long hashMaps = Heaps.instances(a.g(), "java.util.HashMap").stream().filter(a.tree()::isReachable).count();
        assertThat(maps.count()).isLessThanOrEqualTo(hashMaps - 300);
        WasteReport.CollectionWaste sets = row(r, "java.util.HashSet");
        assertThat(sets.sparse()).isGreaterThanOrEqualTo(300);
        assertThat(row(r, "java.util.ArrayList").unusedSlotBytes()).isGreaterThan(999L * 4);
        WasteReport.Finding empty = r.summary().get(2);
        assertThat(empty.kind()).isEqualTo("empty collections");
        assertThat(empty.objects()).isEqualTo(r.collections().stream().mapToLong(WasteReport.CollectionWaste::empty).sum());
        FieldValue size = a.g().field(Heaps.staticTarget(a.g(), WasteProgram.class.getName(), "SPARSE_LIST"), "size");
        assertThat(size.raw()).isEqualTo(1);
    }

    static WasteReport.CollectionWaste row(WasteReport r, String name) {
        return r.collections().stream().filter(c -> c.className().equals(name)).findFirst().orElseThrow(
                () -> new AssertionError("no row for " + name));
    }
}
