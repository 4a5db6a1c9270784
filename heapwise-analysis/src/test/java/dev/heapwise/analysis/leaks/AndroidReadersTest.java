package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.AndroidReadersProgram;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.hprof.fixture.ChildJvm;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The references Shark 2.14's Android readers add, through stand-ins of AOSP's classes: the
 * expected traces and signatures are the ones Shark 2.14 printed for the same program's dump.
 */
class AndroidReadersTest {
    static final String P = AndroidReadersProgram.class.getName();
    @TempDir
    static Path dir;
    static Path dump;

    @BeforeAll
    static void dump() throws Exception {
        dump = dir.resolve("android-readers.hprof");
        ChildJvm.run(PlantedDump.JVM, AndroidReadersProgram.class, dump.toString());
    }

    static LeakReport leaks(String leaking) throws Exception {
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            return LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults()
                    .withFinders(List.of(new ClassNameFinder(leaking))), ProgressListener.NONE);
        }
    }

    /**
     * A destroyed activity waiting in {@code mNewActivities} is reached through it, although
     * {@code mActivities} holds it too, and the first record names it by its place in the list.
     */
    @Test
    void aNewActivityThatWasDestroyedIsALibraryLeakOfActivityThread() throws Exception {
        LeakReport r = leaks(P + "$LeakedActivity");
        assertThat(r.applicationLeaks()).isEmpty();
        Leak leak = r.libraryLeaks().getFirst();
        assertThat(leak.libraryMatcher().name()).isEqualTo("mNewActivities");
        LeakTrace t = leak.traces().getFirst();
        assertThat(t.nodes()).extracting(n -> n.reference() == null ? null : n.reference().display())
                .containsSubsequence("static ActivityThread.sCurrentActivityThread", "ActivityThread.mNewActivities",
                        "ActivityThread$ActivityClientRecord[1]", null);
        assertThat(t.signature()).isEqualTo("5a74f1258da74aea6f779597a77bc98c085b6196");
    }

    /** An animation's target, held only through the animator's weak reference, is reached through it. */
    @Test
    void aRunningAnimationHoldsItsTarget() throws Exception {
        LeakReport r = leaks(P + "$AnimatedTarget");
        LeakTrace t = r.applicationLeaks().getFirst().traces().getFirst();
        List<LeakTrace.Node> nodes = t.nodes();
        assertThat(nodes.get(nodes.size() - 2).className()).isEqualTo("android.animation.ObjectAnimator");
        assertThat(nodes.get(nodes.size() - 2).reference().display()).isEqualTo("ObjectAnimator.mTarget");
        assertThat(t.signature()).isEqualTo("6177b560a72b7e70daec75681e2282774b758553");
    }
}
