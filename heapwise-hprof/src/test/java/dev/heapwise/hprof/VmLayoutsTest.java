package dev.heapwise.hprof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.fixture.FixtureDumps;
import dev.heapwise.hprof.fixture.TestJdk;
import dev.heapwise.hprof.fixture.VmHistogram;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Shallow sizes follow the VM's layout whatever JDK wrote the dump and whatever flags it ran
 * with; heapwise detects the layout from the dump alone. Each case dumps a child JVM of that JDK
 * started with those flags (JDK 17 cases run where a JDK 17 is installed) and compares with the
 * class histogram the VM took of itself just before.
 */
class VmLayoutsTest {
    /** The subclasses of JDK classes the fixture program defines: each must be in every dump. */
    private static final List<String> SUBCLASSES_OF_JDK_CLASSES = List.of("ThreadAddsBoolean",
            "ThreadAddsLongAndRef", "ThreadAddsLongAndInt", "MapAddsInt", "ListAddsByte", "OverAbstractList",
            "OverInputStream");

    @ParameterizedTest(name = "JDK {0} {1}")
    @CsvSource(delimiter = '|', value = {
        "25||compressed oops and class pointers, JDK 19+",
        "25|-XX:-UseCompressedOops|compressed class pointers, uncompressed oops, JDK 19+",
        "25|-XX:+UseCompactObjectHeaders|compact object headers and compressed oops, JDK 24+",
        "25|-XX:-UseCompressedClassPointers|compressed oops, uncompressed class pointers, JDK 22+",
        "25|-XX:-UseCompressedClassPointers -XX:-UseCompressedOops|uncompressed oops and class pointers, JDK 22+",
        "25|-XX:ObjectAlignmentInBytes=16|compressed oops and class pointers, JDK 19+, 16-byte alignment",
        "17||compressed oops and class pointers, JDK 15-18",
        "17|-XX:-UseCompressedOops|compressed class pointers, uncompressed oops, JDK 15-18",
        "17|-XX:+UseCompactObjectHeaders|compact object headers and compressed oops, JDK 24+",
        "17|-XX:-UseCompressedClassPointers|compressed oops, uncompressed class pointers, JDK 15-18",
        "17|-XX:-UseCompressedClassPointers -XX:-UseCompressedOops|uncompressed oops and class pointers, JDK 15-18",
        "17|-XX:ObjectAlignmentInBytes=16|compressed oops and class pointers, JDK 15-18, 16-byte alignment",
    })
    void sizesMatchTheVmsHistogram(int feature, String flags, String expectedLayout) throws Exception {
        Optional<TestJdk> jdk = TestJdk.installed(feature);
        assumeTrue(jdk.isPresent(), "no JDK " + feature + " installed (HEAPWISE_JDK" + feature
                + ", /usr/lib/jvm/*" + feature + "*): its dumps are not checked here; CI has one");
        assumeTrue(flags == null || !flags.contains("UseCompactObjectHeaders") || feature >= 24,
                "JDK " + feature + " has no compact object headers (-XX:+UseCompactObjectHeaders came with JDK 24)");
        FixtureDumps d;
        if (flags == null && jdk.get().isCurrent()) {
            d = FixtureDumps.get(); // the same dump FixtureDumpTest reads
        } else {
            List<String> opts = new ArrayList<>(List.of("-Xmx256m", "-Xshare:off"));
            if (flags != null) {
                opts.addAll(List.of(flags.split(" ")));
            }
            d = FixtureDumps.make(jdk.get(), opts);
        }
        String variant = jdk.get() + (flags == null ? "" : " " + flags);
        VmHistogram vm = VmHistogram.parse(d.histogram);
        try (HeapGraph g = Hprof.open(d.plain)) {
            Map<String, long[]> ours = new HashMap<>();
            for (HeapClass c : g.classes()) {
                long[] v = ours.computeIfAbsent(c.name(), k -> new long[2]);
                v[0] += c.instanceCount();
                v[1] += c.shallowSizeOfInstances();
            }
            int checked = 0;
            for (var e : vm.classes.entrySet()) {
                long[] o = ours.get(e.getKey());
                long[] v = e.getValue();
                if (e.getKey().startsWith(FixtureDumpTest.FIXTURE)) {
                    assertThat(o).as("%s with %s", e.getKey(), variant).isEqualTo(v);
                    checked++;
                } else if (o != null && o[0] > 0 && !e.getKey().endsWith("[]") && !e.getKey().equals("java.lang.Class")) {
                    assertThat(o[1] / o[0]).as("bytes per %s with %s", e.getKey(), variant).isEqualTo(v[1] / v[0]);
                    checked++;
                }
            }
            for (String sub : SUBCLASSES_OF_JDK_CLASSES) {
                assertThat(vm.classes).as("the VM's histogram with %s", variant)
                        .containsKey(FixtureDumpTest.FIXTURE + "$" + sub);
            }
            assertThat(checked).isGreaterThan(300);
            assertThat((double) g.info().totalShallowSize() / vm.totalBytes).as("heap totals with %s", variant)
                    .isCloseTo(1.0, within(0.005));
            assertThat(g.info().sizeModel()).as("the size model with %s", variant)
                    .startsWith("HotSpot, " + expectedLayout + " (")
                    .as("the layout alone explains every class with %s", variant)
                    .doesNotContain("taken from object addresses");
            assertThat(g.info().warnings()).as("warnings with %s", variant).noneMatch(w -> w.startsWith("object sizes"));
        }
    }
}
