package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.Heaps;
import dev.heapwise.analysis.fixture.TieProgram;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.hprof.fixture.ChildJvm;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Of two equally short paths, Shark takes the one through the smaller field name, since it queues
 * an instance's fields sorted by name: on a dump of {@link TieProgram} (a JDK 25 child JVM), whose
 * holders declare {@code zzz} before {@code aaa}, the traces go through {@code aaa}, with the
 * signatures Shark 2.14 gives that dump ({@code 186d0a23…} and {@code 50386f20…}, checked with
 * Shark 2.14 itself). In the dump's own field order they went through {@code zzz}.
 */
class SharkTieBreakTest {
    private static final String PROGRAM = "dev.heapwise.analysis.fixture.TieProgram";

    @Test
    void ofTwoEquallyShortPathsTheSmallerFieldNameWins(@TempDir Path dir) throws Exception {
        Path dump = dir.resolve("tie.hprof");
        ChildJvm.run(List.of("-Xmx64m", "-XX:+UseSerialGC"), TieProgram.class, dump.toString());
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            // Two fields to one object: the reference named is the one Shark takes.
            LeakTrace held = onlyTrace(g, tree, PROGRAM + "$Leaky");
            assertThat(references(held)).containsExactly("static LauncherHelper.appClass", "static TieProgram.holder",
                    "TieProgram$Holder.aaa", null);
            assertThat(held.signature()).isEqualTo("186d0a233a35c50ac2b74c12c84abad3f3d7a060");
            // Two fields to two objects that lead to the target: the search visits aaa's first.
            LeakTrace forked = onlyTrace(g, tree, PROGRAM + "$Target");
            assertThat(references(forked)).containsExactly("static LauncherHelper.appClass", "static TieProgram.fork",
                    "TieProgram$Fork.aaa", "TieProgram$Middle.next", null);
            int fork = Heaps.staticTarget(g, PROGRAM, "fork");
            assertThat(forked.nodes().get(3).object()).isEqualTo(Heaps.fieldTarget(g, fork, "aaa"));
            assertThat(forked.signature()).isEqualTo("50386f20e8da856572c21e86d1949ccc70703dd1");
        }
    }

    private static LeakTrace onlyTrace(HeapGraph g, DominatorTree tree, String className) {
        LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults()
                .withFinders(List.of(new ClassNameFinder(className))), ProgressListener.NONE);
        assertThat(r.traceCount()).isEqualTo(1);
        return r.applicationLeaks().getFirst().traces().getFirst();
    }

    private static List<String> references(LeakTrace t) {
        return t.nodes().stream().map(n -> n.reference() == null ? null : n.reference().display()).toList();
    }
}
