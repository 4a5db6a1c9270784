package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.fixture.InspectedHeap;
import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every node of every trace on {@link InspectedHeap}'s dumps (one object per inspector on the way to
 * an {@code app.Leaked}) has the status, reason and labels that Shark 2.14 gives it, and every trace
 * Shark's signature. The expected files hold Shark 2.14's output for the same dumps (the harness's
 * {@code run.sh DUMP class app.Leaked}, each trace written as {@link #render} writes heapwise's):
 * with Android's inspectors, and, for the dump without {@code android.os.Build}, its JDK inspectors
 * only. Shark's finder gives no reason of its own, so neither does the finder here.
 */
class InspectorsTest {

    @Test
    void anAndroidDumpIsInspectedAsShark(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("inspected.hprof");
        InspectedHeap.write(dump, true);
        assertThat(render(dump)).isEqualTo(expected("shark-2.14-inspected-android.txt"));
    }

    /** Without an Android build, only the JDK's inspectors: the thread named main is not known to run. */
    @Test
    void aJvmDumpGetsTheJdkInspectorsOnly(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("inspected-jvm.hprof");
        InspectedHeap.write(dump, false);
        assertThat(render(dump)).isEqualTo(expected("shark-2.14-inspected-jvm.txt"));
    }

    /** The instances of {@code app.Leaked}, without a reason, as Shark's filtering finder gives them. */
    private static final class LeakedInstances implements LeakFinder {
        @Override
        public String name() {
            return InspectedHeap.LEAKED;
        }

        @Override
        public boolean appliesTo(Hierarchy h) {
            return h.anyClass(InspectedHeap.LEAKED);
        }

        @Override
        public List<LeakingObject> find(Hierarchy h) {
            List<LeakingObject> out = new ArrayList<>();
            for (int o = 0; o < h.graph().objectCount(); o++) {
                if (h.instanceOf(o, InspectedHeap.LEAKED)) {
                    out.add(new LeakingObject(o, List.of(), List.of()));
                }
            }
            return out;
        }
    }

    /**
     * Each trace, by its leaking object's id: its signature, then per node the class and kind,
     * status, reason and labels ("[a, b]").
     */
    static String render(Path dump) throws Exception {
        try (HeapGraph g = Hprof.open(dump)) {
            LeakReport r = LeakAnalyzer.analyze(g, null,
                    LeakAnalyzer.Options.defaults().withFinders(List.of(new LeakedInstances())), ProgressListener.NONE);
            Map<Long, String> traces = new TreeMap<>();
            List<Leak> leaks = new ArrayList<>(r.applicationLeaks());
            leaks.addAll(r.libraryLeaks());
            for (Leak leak : leaks) {
                for (LeakTrace t : leak.traces()) {
                    StringBuilder sb = new StringBuilder();
                    sb.append("0x").append(Long.toHexString(g.id(t.leakingObject()))).append(" signature=")
                            .append(t.signature()).append('\n');
                    for (LeakTrace.Node n : t.nodes()) {
                        sb.append("  ").append(n.className()).append(' ').append(n.kind()).append('|')
                                .append(n.status()).append('|').append(n.reason()).append('|')
                                .append(n.labels()).append('\n');
                    }
                    traces.put(g.id(t.leakingObject()), sb.toString());
                }
            }
            return String.join("", traces.values());
        }
    }

    private static String expected(String name) throws Exception {
        try (InputStream in = InspectorsTest.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
