package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The leak search starts where Shark 2.14 starts: not from the root kinds it does not index
 * (unknown, debugger, …), so an object only they hold has no trace, as in LeakCanary, unless every
 * kind is asked for; and from the others in Shark's order (thread objects first, then system
 * classes before JNI globals, …), which decides between equally short paths.
 */
class SharkRootsTest {

    @Test
    void objectsHeldOnlyByRootsSharkLeavesOutHaveNoTrace(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long leak = h.cls("app.Leak", "x");
        long byUnknown = h.obj(leak, 0);
        long byDebugger = h.obj(leak, 0);
        long holder = h.cls("app.Holder", "x");
        long held = h.obj(leak, 0);
        h.root(SyntheticHeap.ROOT_UNKNOWN, byUnknown);
        h.root(SyntheticHeap.ROOT_DEBUGGER, h.obj(holder, byDebugger));
        h.root(SyntheticHeap.ROOT_JNI_GLOBAL, h.obj(holder, held));
        Path dump = dir.resolve("roots.hprof");
        h.write(dump);
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            LeakAnalyzer.Options options = LeakAnalyzer.Options.defaults()
                    .withFinders(List.of(new ClassNameFinder("app.Leak")));
            LeakReport r = LeakAnalyzer.analyze(g, tree, options, ProgressListener.NONE);
            assertThat(r.leakingObjects()).isEqualTo(3);
            assertThat(r.withoutPath()).isEqualTo(2);
            assertThat(traces(r)).extracting(t -> g.id(t.leakingObject())).containsExactly(held);
            LeakReport all = LeakAnalyzer.analyze(g, tree, options.withAllRootKinds(true), ProgressListener.NONE);
            assertThat(all.withoutPath()).isZero();
            assertThat(traces(all)).extracting(t -> t.nodes().getFirst().rootKind())
                    .containsExactlyInAnyOrder(RootKind.UNKNOWN, RootKind.DEBUGGER, RootKind.JNI_GLOBAL);
        }
    }

    @Test
    void equallyShortPathsStartAtTheRootSharkQueuesFirst(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long leak = h.cls("app.Leak", "x");
        long holder = h.cls("app.Holder", "x");
        long thread = h.cls("java.lang.Thread", "x");
        long statics = h.cls("app.Statics", h.javaLangObject, List.of(), List.of());
        long first = h.obj(leak, 0);
        long second = h.obj(leak, 0);
        // In the dump, the JNI global comes before the system class, and the thread after both.
        h.root(SyntheticHeap.ROOT_JNI_GLOBAL, h.obj(holder, first));
        h.staticField(statics, "first", FieldType.OBJECT, first);
        h.staticField(statics, "second", FieldType.OBJECT, second);
        h.root(SyntheticHeap.ROOT_STICKY_CLASS, statics);
        h.root(SyntheticHeap.ROOT_THREAD_OBJECT, h.obj(thread, second));
        Path dump = dir.resolve("order.hprof");
        h.write(dump);
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults()
                    .withFinders(List.of(new ClassNameFinder("app.Leak"))), ProgressListener.NONE);
            LeakTrace viaStatic = traces(r).stream().filter(t -> g.id(t.leakingObject()) == first).findFirst().orElseThrow();
            LeakTrace viaThread = traces(r).stream().filter(t -> g.id(t.leakingObject()) == second).findFirst().orElseThrow();
            // A system class before a JNI global (Shark sorts kinds by name, descending).
            assertThat(viaStatic.nodes().getFirst().rootKind()).isEqualTo(RootKind.STICKY_CLASS);
            assertThat(viaStatic.nodes().getFirst().reference().display()).isEqualTo("static Statics.first");
            // Thread objects first of all, and not queued last.
            assertThat(viaThread.nodes().getFirst().rootKind()).isEqualTo(RootKind.THREAD_OBJECT);
            assertThat(viaThread.nodes().getFirst().reference().display()).isEqualTo("Thread.x");
        }
    }

    private static List<LeakTrace> traces(LeakReport r) {
        return r.applicationLeaks().stream().flatMap(l -> l.traces().stream()).toList();
    }
}
