package dev.heapwise.microej;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.hprof.fixture.FixtureDumps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real JDK-made dump converted to MicroEJ XML reads back as the same heap (see {@link SameHeap}
 * for exactly what "same" covers), and that XML converted to HPROF reads back the same again.
 */
class ConversionRoundTripTest {
    @TempDir
    Path dir;

    /** The shared real dumps (HotSpot JDK 6 64- and 32-bit, Android), where present. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"haha_sun_jdk6_18_x64.hprof", "haha_sun_jdk6_32bit.hprof",
        "leak_service_binder.hprof", "aosp_perflib_dialer.android-hprof"})
    void sharedRealDumpsConvertToValidMicroEjXml(String name) throws Exception {
        String root = System.getProperty("heapwise.shared.data");
        org.junit.jupiter.api.Assumptions.assumeTrue(root != null && Files.isRegularFile(Path.of(root, "hprof", name)),
                "shared data not available");
        Path hprof = Files.copy(Path.of(root, "hprof", name), dir.resolve(name));
        Path xml = dir.resolve(name + ".heap");
        try (HeapGraph a = Hprof.open(hprof)) {
            Conversion.Result r = Conversion.convert(a, xml, Conversion.Target.MICROEJ, ProgressListener.NONE);
            try (HeapGraph b = MicroEj.open(xml)) { // strict: the output is a valid dump
                SameHeap.assertSame(a, b, true);
                SameHeap.assertMicroEjSizes(b);
                assertThat(MicroEj.readReport(b).total()).isZero();
            }
            if (name.startsWith("haha")) {
                assertThat(r.nulledDanglingReferences()).as("MAT's test dumps refer to objects they lack").isPositive();
            }
        }
    }

    /**
     * HPROF written back as HPROF keeps the id size and the format version, so the same size model
     * reads it: every object's shallow size stays (a 64-bit dump written with 4-byte ids was read as a
     * 32-bit VM's, an Android one as HotSpot's).
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"fixture", "haha_sun_jdk6_18_x64.hprof",
        "haha_sun_jdk6_32bit.hprof", "leak_service_binder.hprof", "aosp_perflib_dialer.android-hprof"})
    void hprofToHprofKeepsEveryShallowSize(String name) throws Exception {
        Path source;
        if (name.equals("fixture")) {
            source = FixtureDumps.get().plain;
        } else {
            String root = System.getProperty("heapwise.shared.data");
            org.junit.jupiter.api.Assumptions.assumeTrue(root != null && Files.isRegularFile(Path.of(root, "hprof", name)),
                    "shared data not available");
            source = Path.of(root, "hprof", name);
        }
        Path hprof = Files.copy(source, dir.resolve("in.hprof"));
        Path back = dir.resolve("back.hprof");
        try (HeapGraph a = Hprof.open(hprof)) {
            Conversion.convert(a, back, Conversion.Target.HPROF, ProgressListener.NONE);
            try (HeapGraph b = Hprof.open(back)) {
                assertThat(b.info().idSize()).isEqualTo(a.info().idSize());
                assertThat(b.info().formatDetail().endsWith("1.0.3")).as("Android stays Android")
                        .isEqualTo(a.info().formatDetail().endsWith("1.0.3"));
                assertThat(b.objectCount()).isEqualTo(a.objectCount());
                for (int o = 0; o < a.objectCount(); o++) {
                    assertThat(b.id(o)).isEqualTo(a.id(o));
                    if (b.shallowSize(o) != a.shallowSize(o)) {
                        throw new AssertionError(name + ": object " + Long.toHexString(a.id(o)) + " of "
                                + a.heapClass(a.classOf(o)).name() + ": " + a.shallowSize(o) + " -> " + b.shallowSize(o));
                    }
                }
            }
        }
    }

    @Test
    void microEjToXmlToGraphKeepsEverythingIncludingCreationData() throws Exception {
        Path original = Fixtures.copy("heapdumptest.heap", dir);
        Path rewritten = dir.resolve("rewritten.heap");
        try (HeapGraph a = MicroEj.open(original)) {
            Conversion.convert(a, rewritten, Conversion.Target.MICROEJ, ProgressListener.NONE);
            try (HeapGraph b = MicroEj.open(rewritten)) {
                SameHeap.assertSame(a, b);
                MicroEjAttributes x = new MicroEjAttributes(a);
                MicroEjAttributes y = new MicroEjAttributes(b);
                for (int o = 0; o < a.objectCount(); o++) {
                    assertThat(y.createdAt(o)).isEqualTo(x.createdAt(o));
                    assertThat(y.thread(o)).isEqualTo(x.thread(o));
                    assertThat(y.method(o)).isEqualTo(x.method(o));
                    // tag is required on <object>: the string literal, which had none, gets "0"
                    assertThat(y.tag(o)).isEqualTo(x.tag(o) == null && a.kind(o) == dev.heapwise.graph.ObjectKind.INSTANCE
                            ? "0" : x.tag(o));
                    assertThat(b.shallowSize(o)).isEqualTo(a.shallowSize(o));
                }
            }
        }
    }

    @Test
    void hprofToXmlToGraphEqualsHprofToGraph() throws Exception {
        Path hprof = dir.resolve("fixture.hprof");
        Files.copy(FixtureDumps.get().plain, hprof);
        Path xml = dir.resolve("fixture.heap");
        Path back = dir.resolve("back.hprof");
        try (HeapGraph a = Hprof.open(hprof)) {
            Conversion.convert(a, xml, Conversion.Target.MICROEJ, ProgressListener.NONE);
            assertThat(MicroEj.looksLikeXml(xml)).isTrue();
            assertThat(MicroEj.looksLikeXml(hprof)).isFalse();
            try (HeapGraph b = MicroEj.open(xml)) {
                assertThat(b.info().format()).isEqualTo("microej");
                SameHeap.assertSame(a, b);
                SameHeap.assertMicroEjSizes(b);
                assertThat(b.classesNamed("dev.heapwise.hprof.fixture.FixtureProgram$ListNode").getFirst()
                        .instanceCount()).isEqualTo(1000);
                Conversion.convert(b, back, Conversion.Target.HPROF, ProgressListener.NONE);
                try (HeapGraph c = Hprof.open(back)) {
                    SameHeap.assertSame(b, c);
                    Map<Integer, RootKind> rootsB = new HashMap<>();
                    for (GcRoot r : b.roots()) {
                        rootsB.put(r.object(), r.kind());
                    }
                    Map<Integer, RootKind> rootsC = new HashMap<>();
                    for (GcRoot r : c.roots()) {
                        rootsC.put(r.object(), r.kind());
                    }
                    assertThat(rootsC).hasSameSizeAs(rootsB);
                    rootsB.forEach((o, k) -> assertThat(rootsC.get(o))
                            .isEqualTo(k == RootKind.CLASS_STATICS ? RootKind.STICKY_CLASS : RootKind.UNKNOWN));
                }
            }
        }
    }
}
