package dev.heapwise.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.Reference;
import dev.heapwise.graph.RootKind;
import dev.heapwise.hprof.fixture.VmHistogram;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real dumps other projects test with: Eclipse MAT's HotSpot dumps and Android's. */
class SharedDumpsTest {

    /**
     * MAT's TestInstanceSizes: for every non-array class of the JDK 6 64-bit dump, the instance
     * size must equal bytes/count of the jmap histogram of the VM that wrote it.
     */
    @Test
    void jdk6InstanceSizesEqualJmapHistogram(@TempDir Path dir) throws Exception {
        Path dump = SharedData.copy("hprof/haha_sun_jdk6_18_x64.hprof", dir);
        VmHistogram jmap = VmHistogram.parse(SharedData.file("hprof/haha_histogram_sun_jdk6_18_x64.txt"));
        try (HeapGraph g = Hprof.open(dump)) {
            assertThat(g.info().idSize()).isEqualTo(8);
            assertThat(g.info().formatDetail()).isEqualTo("JAVA PROFILE 1.0.1");
            Map<String, HeapClass> byName = new HashMap<>();
            g.classes().forEach(c -> byName.putIfAbsent(c.name(), c));
            int checked = 0;
            for (var e : jmap.classes.entrySet()) {
                String name = e.getKey();
                if (name.endsWith("[]") || name.startsWith("<") || name.equals("java.lang.Class")) {
                    continue;
                }
                HeapClass c = byName.get(name);
                assertThat(c).as("class %s in the dump", name).isNotNull();
                assertThat(c.instanceSize()).as("instance size of %s", name).isEqualTo(e.getValue()[1] / e.getValue()[0]);
                checked++;
            }
            assertThat(checked).isEqualTo(121);
            assertThat(g.info().sizeModel()).contains("JDK 6-14");
            threadsReferToWhatTheirStacksHold(g);
        }
    }

    @Test
    void reads32BitHotSpotDumpWithTheDominatorTestData(@TempDir Path dir) throws Exception {
        Path dump = SharedData.copy("hprof/haha_sun_jdk6_32bit.hprof", dir);
        try (HeapGraph g = Hprof.open(dump)) {
            assertThat(g.info().idSize()).isEqualTo(4);
            assertThat(g.info().sizeModel()).contains("32-bit");
            HeapClass r = g.classesNamed("org.eclipse.mat.tests.CreateSampleDump$DominatorTestData$R").getFirst();
            assertThat(r.instanceCount()).isEqualTo(1);
            assertThat(g.classesNamed("java.lang.String").getFirst().instanceSize()).isEqualTo(24);
            assertThat(g.objectCount()).isGreaterThan(10_000);
            assertThat(g.roots()).isNotEmpty();
        }
    }

    @Test
    void readsAndroidDumpDirectlyWithHeapsAndRoots(@TempDir Path dir) throws Exception {
        Path dump = SharedData.copy("hprof/leak_service_binder.hprof", dir);
        try (HeapGraph g = Hprof.open(dump)) {
            assertThat(g.info().formatDetail()).isEqualTo("JAVA PROFILE 1.0.3");
            assertThat(g.info().vm()).isEqualTo("art");
            assertThat(g.heapNames()).contains("app", "zygote");
            Map<String, Integer> perHeap = new HashMap<>();
            for (int i = 0; i < g.objectCount(); i++) {
                perHeap.merge(g.heapNames().get(g.heapOf(i)), 1, Integer::sum);
            }
            assertThat(perHeap.get("app")).isGreaterThan(100);
            assertThat(perHeap.get("zygote")).isGreaterThan(100);
            Map<RootKind, Integer> kinds = new EnumMap<>(RootKind.class);
            for (GcRoot r : g.roots()) {
                kinds.merge(r.kind(), 1, Integer::sum);
            }
            assertThat(kinds).containsKeys(RootKind.STICKY_CLASS, RootKind.THREAD_OBJECT, RootKind.JNI_GLOBAL,
                    RootKind.INTERNED_STRING, RootKind.FINALIZING, RootKind.DEBUGGER, RootKind.JNI_LOCAL);
            // The leak LeakCanary found: LeakyService held through a static field of its class.
            HeapClass leaky = g.classesNamed("com.example.leakcanary.LeakyService").getFirst();
            assertThat(leaky.instanceCount()).isPositive();
            Reference holder = g.references(leaky.objectIndex()).stream()
                    .filter(ref -> ref.kind() == Reference.Kind.STATIC_FIELD && ref.name().equals("leakAllTheBinders"))
                    .findFirst().orElseThrow();
            assertThat(reachesInstanceOf(g, holder.to(), leaky.index(), 6)).as("a LeakyService behind the static").isTrue();
            assertThat(g.classesNamed("com.squareup.leakcanary.KeyedWeakReference")).isNotEmpty();
            String someString = null;
            HeapClass string = g.classesNamed("java.lang.String").getFirst();
            for (int i = 0; i < g.objectCount() && someString == null; i++) {
                if (g.classOf(i) == string.index()) {
                    someString = g.readString(i, 100);
                }
            }
            assertThat(someString).isNotNull();
            threadsReferToWhatTheirStacksHold(g);
        }
    }

    /**
     * Each root a thread holds (MAT's rule: Java frame, JNI local, native stack, thread block of a
     * thread whose object is in the dump) is a LOCAL reference of that thread object, which lists
     * its stored references in order; no other object has LOCAL references.
     */
    static void threadsReferToWhatTheirStacksHold(HeapGraph g) {
        java.util.Set<java.util.List<Integer>> held = new java.util.HashSet<>();
        for (GcRoot r : g.roots()) {
            if (!r.startsReachability()) {
                assertThat(r.kind().heldByThread()).isTrue();
                held.add(java.util.List.of(r.holder(), r.object()));
            }
        }
        assertThat(held).isNotEmpty();
        java.util.Set<java.util.List<Integer>> referenced = new java.util.HashSet<>();
        var out = g.outRefs();
        for (int o = 0; o < g.objectCount(); o++) {
            out.reset(o);
            if (g.localReferenceCount(o) == 0) {
                continue;
            }
            java.util.List<Reference> refs = g.references(o);
            assertThat(refs).hasSize((int) out.count());
            for (Reference r : refs) {
                assertThat(out.next()).isEqualTo(r.to());
                if (r.kind() == Reference.Kind.LOCAL) {
                    assertThat(r.label()).startsWith("<");
                    assertThat(referenced.add(java.util.List.of(o, r.to()))).as("each object once per thread").isTrue();
                }
            }
        }
        assertThat(referenced).isEqualTo(held);
    }

    /** Breadth-first search up to {@code depth} hops for an instance of a class. */
    private static boolean reachesInstanceOf(HeapGraph g, int from, int classIndex, int depth) {
        java.util.Set<Integer> seen = new java.util.HashSet<>(java.util.List.of(from));
        java.util.List<Integer> level = java.util.List.of(from);
        var out = g.outRefs();
        for (int d = 0; d <= depth; d++) {
            java.util.List<Integer> next = new java.util.ArrayList<>();
            for (int o : level) {
                if (g.classOf(o) == classIndex && g.kind(o) == ObjectKind.INSTANCE) {
                    return true;
                }
                out.reset(o);
                for (int t; (t = out.next()) >= 0; ) {
                    if (seen.add(t)) {
                        next.add(t);
                    }
                }
            }
            level = next;
        }
        return false;
    }

    @Test
    void readsTheAospDialerDump(@TempDir Path dir) throws Exception {
        Path dump = SharedData.copy("hprof/aosp_perflib_dialer.android-hprof", dir);
        try (HeapGraph g = Hprof.open(dump)) {
            assertThat(g.heapNames()).contains("app");
            assertThat(g.classesNamed("android.app.Activity")).isNotEmpty();
            assertThat(g.threads()).isNotEmpty();
        }
    }
}
