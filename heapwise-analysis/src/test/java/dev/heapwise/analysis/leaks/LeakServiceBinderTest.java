package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.Heaps;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.Units;
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
            // Two LeakyService instances with one signature: the watched one, and one the ActivityThread
            // no longer holds in mServices (Shark's service inspector; Shark 2.14 finds both).
            Leak leak = r.applicationLeaks().getFirst();
            assertThat(leak.traces()).extracting(x -> Long.toHexString(g.id(x.leakingObject())))
                    .containsExactlyInAnyOrder("b0fa7cb0", "b0f83300");
            LeakTrace t = leak.traces().stream().filter(x -> g.id(x.leakingObject()) == 0xb0fa7cb0L).findFirst().orElseThrow();
            LeakTrace other = leak.traces().stream().filter(x -> x != t).findFirst().orElseThrow();
            assertThat(other.reasons()).containsExactly("Service not held by ActivityThread");
            assertThat(t.leakingNode().reason()).contains("Service not held by ActivityThread");
            assertThat(t.leakingNode().className()).isEqualTo("com.example.leakcanary.LeakyService");
            assertThat(t.leakingNode().status()).isEqualTo(LeakTrace.Status.YES);
            assertThat(t.details()).contains("key = b3abfae6-2c53-42e1-b8c1-96b0558dbeae");
            // Shark 2.14's words and labels for the watched instance (its KEYED_WEAK_REFERENCE, SERVICE and
            // CONTEXT_FIELD inspectors), and for its binder
            assertThat(t.reasons().getFirst()).isEqualTo("ObjectWatcher was watching this");
            assertThat(t.leakingNode().reason())
                    .isEqualTo("ObjectWatcher was watching this and Service not held by ActivityThread");
            assertThat(t.leakingNode().labels()).containsExactly("key = b3abfae6-2c53-42e1-b8c1-96b0558dbeae",
                    "mApplication instance of com.example.leakcanary.ExampleApplication",
                    "mBase instance of android.app.ContextImpl");
            assertThat(t.nodes().get(2).labels())
                    .containsExactly("service instance of com.example.leakcanary.LeakyService");
            LeakTrace.Node root = t.nodes().getFirst();
            assertThat(root.kind()).isEqualTo("class");
            assertThat(root.className()).isEqualTo("com.example.leakcanary.LeakyService");
            assertThat(root.rootKind()).isEqualTo(RootKind.STICKY_CLASS);
            assertThat(root.status()).isEqualTo(LeakTrace.Status.NO);
            assertThat(root.reference().display()).isEqualTo("static LeakyService.leakAllTheBinders");
            assertThat(root.suspect()).isTrue();
            // As Shark 2 shows lists: the ArrayList refers to its element, its array is not a node.
            assertThat(t.nodes()).extracting(LeakTrace.Node::className).containsExactly(
                    "com.example.leakcanary.LeakyService", "java.util.ArrayList",
                    "com.example.leakcanary.LeakyService$MyBinder", "com.example.leakcanary.LeakyService");
            assertThat(t.nodes().get(1).reference().display()).isEqualTo("ArrayList[1]");
            assertThat(t.nodes().get(2).reference().display()).isEqualTo("LeakyService$MyBinder.service");
            // Shark 2.14 on this dump, for the unheld instance (same path through [0]): this signature.
            assertThat(t.signature()).isEqualTo("95c1f7fe8770552234910749f0a4e0b7d44a6f50");
            assertThat(t.isLibraryLeak()).isFalse();
            assertThat(t.retainedSize()).isEqualTo(tree.retainedSize(t.leakingObject())).isPositive();
            assertThat(t.signature()).hasSize(40);
            long dominated = 0;
            for (int o = 0; o < g.objectCount(); o++) {
                dominated += tree.dominatorsOf(o).contains(t.leakingObject()) ? 1 : 0;
            }
            assertThat(t.retainedCount()).isEqualTo(1 + dominated).isEqualTo(10);
            String text = LeakTraceFormat.format(r);
            assertThat(text).contains("1 APPLICATION LEAKS", "├─ com.example.leakcanary.LeakyService class",
                    "│    ↓ static LeakyService.leakAllTheBinders", "~~~~~~~~~~~~~~~~~",
                    "╰→ com.example.leakcanary.LeakyService instance", "Leaking: YES");
            // LeakCanary's line, right under the verdict of the trace shown (the first of the signature)
            LeakTrace shown = leak.traces().getFirst();
            assertThat(text).contains("Leaking: YES (" + shown.leakingNode().reason() + ")\n\u200B     Retaining "
                    + Units.bytes(shown.retainedSize()) + " in " + shown.retainedCount() + " objects\n");
        }
    }

    /** AOSP's dialer: a service that the ActivityThread no longer holds, found and signed as Shark 2.14 does. */
    @Test
    void findsAServiceTheActivityThreadNoLongerHolds(@TempDir Path indexDir) throws Exception {
        Path dump = Heaps.shared("aosp_perflib_dialer.android-hprof");
        try (HeapGraph g = Heaps.open(dump, indexDir); DominatorTree tree = DominatorTree.of(g)) {
            LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults(), ProgressListener.NONE);
            assertThat(r.finders()).containsExactly("Android lifecycle");
            assertThat(r.applicationLeaks()).hasSize(1);
            LeakTrace t = r.applicationLeaks().getFirst().traces().getFirst();
            assertThat(g.id(t.leakingObject())).isEqualTo(0xb100ca00L);
            assertThat(t.leakingNode().className()).isEqualTo("com.android.dialer.calllog.CallLogNotificationsService");
            assertThat(t.reasons()).containsExactly("Service not held by ActivityThread");
            assertThat(t.signature()).isEqualTo("801527dad9428812b57e83f3d2dd3e966fa99c91"); // Shark 2.14's
        }
    }
}
