package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.Heaps;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.build.ProgressListener;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * LeakCanary's own test dump: a LeakyService watched by a (LeakCanary 1) KeyedWeakReference with
 * key b3abfae6-…, kept alive by the static field LeakyService.leakAllTheBinders through its binder.
 * Its binder is also a JNI global root, a known library leak: the trace must go through the static.
 */
class LeakServiceBinderTest {

    @Test
    void findsTheLeakThroughTheStaticField(@TempDir Path indexDir) throws Exception {
        Path dump = Heaps.shared("leak_service_binder.hprof");
        try (HeapGraph g = Heaps.open(dump, indexDir); DominatorTree tree = DominatorTree.of(g)) {
            LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults(), ProgressListener.NONE);
            assertThat(r.finders()).contains("KeyedWeakReference");
            assertThat(r.applicationLeaks()).hasSize(1);
            LeakTrace t = r.applicationLeaks().getFirst().traces().getFirst();
            assertThat(t.leakingNode().className()).isEqualTo("com.example.leakcanary.LeakyService");
            assertThat(t.leakingNode().status()).isEqualTo(LeakTrace.Status.YES);
            assertThat(t.details()).contains("key = b3abfae6-2c53-42e1-b8c1-96b0558dbeae");
            assertThat(t.reasons().getFirst()).contains("KeyedWeakReference.referent is not null");
            LeakTrace.Node root = t.nodes().getFirst();
            assertThat(root.kind()).isEqualTo("class");
            assertThat(root.className()).isEqualTo("com.example.leakcanary.LeakyService");
            assertThat(root.rootKind()).isEqualTo(RootKind.STICKY_CLASS);
            assertThat(root.status()).isEqualTo(LeakTrace.Status.NO);
            assertThat(root.reference().display()).isEqualTo("static LeakyService.leakAllTheBinders");
            assertThat(root.suspect()).isTrue();
            assertThat(t.nodes()).extracting(LeakTrace.Node::className).containsExactly(
                    "com.example.leakcanary.LeakyService", "java.util.ArrayList", "java.lang.Object[]",
                    "com.example.leakcanary.LeakyService$MyBinder", "com.example.leakcanary.LeakyService");
            assertThat(t.nodes().get(3).reference().display()).isEqualTo("LeakyService$MyBinder.service");
            assertThat(t.isLibraryLeak()).isFalse();
            assertThat(t.retainedSize()).isEqualTo(tree.retainedSize(t.leakingObject())).isPositive();
            assertThat(t.signature()).hasSize(40);
            String text = LeakTraceFormat.format(r);
            assertThat(text).contains("1 APPLICATION LEAKS", "├─ com.example.leakcanary.LeakyService class",
                    "│    ↓ static LeakyService.leakAllTheBinders", "~~~~~~~~~~~~~~~~~",
                    "╰→ com.example.leakcanary.LeakyService instance", "Leaking: YES");
        }
    }
}
