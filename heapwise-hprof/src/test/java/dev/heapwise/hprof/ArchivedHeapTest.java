package dev.heapwise.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.GraphInfo;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.fixture.ChildJvm;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A HotSpot dump of JDK 17 or later with class-data sharing on holds references from the archived
 * heap's root array to mirrors of archived classes not loaded yet, which it does not contain: a fact
 * of every such dump, said in {@link GraphInfo#archivedHeapReferences}, not a warning. References
 * to missing objects from anything else still warn.
 */
class ArchivedHeapTest {
    private static final String GAP = "references point to objects the dump does not contain";

    @TempDir
    Path dir;

    @Test
    void aJdk25DumpWithCdsOnHasArchivedHeapReferencesAndNoWarning() throws Exception {
        Path dump = selfDump(ChildJvm.javaExecutable(), "jdk25.hprof", "-Xshare:auto");
        try (HeapGraph g = Hprof.open(dump)) {
            assertArchivedAndNoGap(g.info());
        }
    }

    @Test
    void aJdk17DumpWithCdsOnHasArchivedHeapReferencesAndNoWarning() throws Exception {
        Path java17 = jdk17();
        Assumptions.assumeTrue(java17 != null, "no JDK 17 here (HEAPWISE_JDK17 or /usr/lib/jvm/*17*)");
        Path dump = selfDump(java17.toString(), "jdk17.hprof", "-Xshare:auto");
        try (HeapGraph g = Hprof.open(dump)) {
            assertArchivedAndNoGap(g.info());
        }
    }

    @Test
    void aDumpWithCdsOffHasNeither() throws Exception {
        Path dump = selfDump(ChildJvm.javaExecutable(), "off.hprof", "-Xshare:off");
        try (HeapGraph g = Hprof.open(dump)) {
            assertThat(g.info().archivedHeapReferences()).isZero();
            assertThat(g.info().warnings()).noneMatch(w -> w.contains(GAP));
        }
    }

    @Test
    void aFieldThatNamesAMissingObjectWarns() throws IOException {
        Path dump = write("field.hprof", w -> w.instance(0x2000, HOLDER, w.values(List.of(FieldType.OBJECT),
                new long[] {0x9000})));
        try (HeapGraph g = Hprof.open(dump)) {
            assertThat(g.info().warnings()).contains("1 references point to objects the dump does not contain; they are left out");
            assertThat(g.info().archivedHeapReferences()).isZero();
        }
    }

    @Test
    void anObjectArrayThatSomethingReferencesAndThatNamesAMissingObjectWarns() throws IOException {
        Path dump = write("referenced.hprof", w -> {
            w.objectArray(0x2000, OBJECT_ARRAY, new long[] {0x3000, 0x9000, 0});
            w.instance(0x3000, HOLDER, w.values(List.of(FieldType.OBJECT), new long[] {0x2000}));
        });
        try (HeapGraph g = Hprof.open(dump)) {
            assertThat(g.info().warnings()).anyMatch(w -> w.contains(GAP));
            assertThat(g.info().archivedHeapReferences()).isZero();
        }
    }

    @Test
    void anArrayOfAnotherClassThatNamesAMissingObjectWarns() throws IOException {
        Path dump = write("strings.hprof", w -> w.objectArray(0x2000, STRING_ARRAY, new long[] {0x9000}));
        try (HeapGraph g = Hprof.open(dump)) {
            assertThat(g.info().warnings()).anyMatch(w -> w.contains(GAP));
        }
    }

    @Test
    void missingObjectsNamedByAnUnreferencedObjectArrayAndByAFieldAllWarn() throws IOException {
        Path dump = write("both.hprof", w -> {
            w.objectArray(0x2000, OBJECT_ARRAY, new long[] {0x9000, 0x9100});
            w.instance(0x3000, HOLDER, w.values(List.of(FieldType.OBJECT), new long[] {0x9200}));
        });
        try (HeapGraph g = Hprof.open(dump)) {
            assertThat(g.info().warnings()).contains("3 references point to objects the dump does not contain; they are left out");
            assertThat(g.info().archivedHeapReferences()).isZero();
        }
    }

    @Test
    void missingObjectsNamedOnlyByAnUnreferencedObjectArrayAreTheArchivedHeaps() throws IOException {
        // The shape of the archive's root array in a real dump: held by a JNI global root, referenced by nothing.
        Path dump = write("roots.hprof", w -> {
            w.rootJniGlobal(0x2000, 0x77);
            w.objectArray(0x2000, OBJECT_ARRAY, new long[] {0x9000, 0, 0x3000, 0x9100});
            w.instance(0x3000, HOLDER, w.values(List.of(FieldType.OBJECT), new long[] {0}));
        });
        try (HeapGraph g = Hprof.open(dump)) {
            assertThat(g.info().archivedHeapReferences()).isEqualTo(2);
            assertThat(g.info().warnings()).noneMatch(w -> w.contains(GAP));
        }
    }

    private static void assertArchivedAndNoGap(GraphInfo info) {
        Assumptions.assumeTrue(info.archivedHeapReferences() > 0 || info.warnings().stream().anyMatch(w -> w.contains(GAP)),
                "this JDK mapped no archived heap (no CDS archive with heap objects)");
        assertThat(info.warnings()).noneMatch(w -> w.contains(GAP));
        assertThat(info.archivedHeapReferences()).isGreaterThan(100);
    }

    // A synthetic HotSpot dump (8-byte ids, 1.0.2): class objects, then the objects a test writes.
    private static final long OBJECT = 0x100;
    private static final long HOLDER = 0x110;
    private static final long OBJECT_ARRAY = 0x120;
    private static final long STRING_ARRAY = 0x130;

    interface Body {
        void write(HprofWriter w) throws IOException;
    }

    private Path write(String name, Body body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (HprofWriter w = new HprofWriter(out, "JAVA PROFILE 1.0.2", 8, 0, 1 << 16)) {
            String[] names = {"java/lang/Object", "Holder", "[Ljava/lang/Object;", "[Ljava/lang/String;"};
            long[] ids = {OBJECT, HOLDER, OBJECT_ARRAY, STRING_ARRAY};
            for (int c = 0; c < names.length; c++) {
                w.string(10 + c, names[c]);
                w.loadClass(c + 1, ids[c], 0, 10 + c);
            }
            w.string(20, "next");
            w.classDump(OBJECT, 0, 0, 0, List.of(), new long[0], List.of(), new long[0]);
            w.classDump(HOLDER, OBJECT, 0, 8, List.of(), new long[0], List.of(new FieldDef("next", FieldType.OBJECT)),
                    new long[] {20});
            w.classDump(OBJECT_ARRAY, OBJECT, 0, 0, List.of(), new long[0], List.of(), new long[0]);
            w.classDump(STRING_ARRAY, OBJECT, 0, 0, List.of(), new long[0], List.of(), new long[0]);
            body.write(w);
            w.endHeapDump();
        }
        Path file = dir.resolve(name);
        Files.write(file, out.toByteArray());
        return file;
    }

    /** A dump that a JVM of {@code java} writes of its own heap (a source-file program, so any JDK 11+ runs it). */
    private Path selfDump(String java, String name, String share) throws IOException, InterruptedException {
        Path source = dir.resolve("SelfDump.java");
        Files.writeString(source, """
                import com.sun.management.HotSpotDiagnosticMXBean;
                import java.lang.management.ManagementFactory;
                import java.util.ArrayList;
                import java.util.List;

                public class SelfDump {
                    public static void main(String[] args) throws Exception {
                        List<Object> keep = new ArrayList<>();
                        for (int i = 0; i < 1000; i++) {
                            keep.add(new int[i % 50]);
                        }
                        ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpHeap(args[0], true);
                        System.out.println(keep.size());
                    }
                }
                """);
        Path dump = dir.resolve(name);
        List<String> cmd = new ArrayList<>(List.of(java, share, "-Xmx256m", source.toString(), dump.toString()));
        Path log = dir.resolve(name + ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("child JVM finished").isTrue();
            assertThat(p.exitValue()).as("child JVM: %s", Files.readString(log)).isZero();
        } finally {
            p.destroyForcibly();
        }
        return dump;
    }

    /** A JDK 17's java: HEAPWISE_JDK17, else the usual Linux places; null if none. */
    private static Path jdk17() throws IOException {
        String env = System.getenv("HEAPWISE_JDK17");
        if (env != null && Files.isExecutable(Path.of(env, "bin", "java"))) {
            return Path.of(env, "bin", "java");
        }
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return null;
        }
        try (Stream<Path> s = Files.list(jvms)) {
            return s.filter(d -> d.getFileName().toString().matches(".*(-17-|jdk-?17|17-openjdk|temurin-17).*"))
                    .map(d -> d.resolve("bin/java")).filter(Files::isExecutable).sorted().findFirst().orElse(null);
        }
    }
}
