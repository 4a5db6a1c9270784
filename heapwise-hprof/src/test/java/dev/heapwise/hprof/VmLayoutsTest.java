package dev.heapwise.hprof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.fixture.FixtureDumps;
import dev.heapwise.hprof.fixture.VmHistogram;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Shallow sizes follow the VM's layout whatever flags it ran with; heapwise detects the layout
 * from the dump alone. Each case dumps a child JVM started with those flags.
 */
class VmLayoutsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "-XX:-UseCompressedOops|uncompressed oops",
        "-XX:+UseCompactObjectHeaders|compact object headers",
        "-XX:-UseCompressedClassPointers|compressed oops, uncompressed class pointers, JDK 22+",
        "-XX:-UseCompressedClassPointers -XX:-UseCompressedOops|uncompressed oops and class pointers, JDK 22+",
        "-XX:ObjectAlignmentInBytes=16|16-byte alignment",
    })
    void sizesMatchTheVmsHistogram(String flag, String expectedModel) throws Exception {
        List<String> opts = new java.util.ArrayList<>(List.of("-Xmx256m", "-Xshare:off"));
        opts.addAll(List.of(flag.split(" ")));
        FixtureDumps d = FixtureDumps.make(opts);
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
                    assertThat(o).as("%s with %s", e.getKey(), flag).isEqualTo(v);
                    checked++;
                } else if (o != null && o[0] > 0 && !e.getKey().endsWith("[]") && !e.getKey().equals("java.lang.Class")) {
                    assertThat(o[1] / o[0]).as("bytes per %s with %s", e.getKey(), flag).isEqualTo(v[1] / v[0]);
                    checked++;
                }
            }
            assertThat(checked).isGreaterThan(300);
            assertThat((double) g.info().totalShallowSize() / vm.totalBytes).isCloseTo(1.0, within(0.005));
            assertThat(g.info().sizeModel()).contains(expectedModel);
        }
    }
}
