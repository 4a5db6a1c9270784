package dev.heapwise.analysis.dominators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Structures only a written dump can have: garbage, classes kept alive only by their instances. */
class DominatorTreeSyntheticTest {

    @Test
    void instanceKeepsItsClassAliveAndGarbageIsCountedByClass(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long holder = h.cls("app.Holder", "x");
        long lonely = h.cls("app.Lonely", "y");
        long junk = h.cls("app.Junk", "next");
        long l = h.obj(lonely, 0);
        long root = h.obj(holder, l);
        long j1 = h.obj(junk, 0);
        long j2 = h.obj(junk, j1);
        h.obj(junk, j2); // a chain of three garbage objects with no referrer at its head
        long c1 = h.obj(junk, 0);
        long c2 = h.obj(junk, c1);
        // c1 <-> c2 form an unreachable cycle (patched below through a second class object)
        h.root(SyntheticHeap.ROOT_STICKY_CLASS, holder);
        h.root(SyntheticHeap.ROOT_UNKNOWN, root);
        h.root(SyntheticHeap.ROOT_STICKY_CLASS, h.javaLangClass);
        h.root(SyntheticHeap.ROOT_STICKY_CLASS, h.javaLangObject);
        h.root(SyntheticHeap.ROOT_STICKY_CLASS, h.objectArray);
        Path dump = dir.resolve("syn.hprof");
        h.write(dump);
        try (HeapGraph g = Hprof.open(dump); DominatorTree t = DominatorTree.of(g)) {
            int holderObj = g.indexOf(root);
            int lonelyObj = g.indexOf(l);
            int lonelyClass = g.indexOf(lonely);
            int junkClass = g.indexOf(junk);
            // app.Lonely's class object is no root: only its one instance keeps it alive.
            assertThat(t.immediateDominator(holderObj)).isEqualTo(DominatorTree.ROOT);
            assertThat(t.immediateDominator(lonelyObj)).isEqualTo(holderObj);
            assertThat(t.immediateDominator(lonelyClass)).isEqualTo(lonelyObj);
            assertThat(t.retainedSize(holderObj))
                    .isEqualTo(g.shallowSize(holderObj) + g.shallowSize(lonelyObj) + g.shallowSize(lonelyClass));
            // Five Junk objects and the Junk class object are garbage.
            int junkIndex = g.classIndexOfClassObject(junkClass);
            assertThat(t.unreachableCount(junkIndex)).isEqualTo(5);
            assertThat(t.unreachableShallowSize(junkIndex)).isEqualTo(5 * g.shallowSize(g.indexOf(j1)));
            assertThat(t.isReachable(junkClass)).isFalse();
            assertThat(t.unreachableTotalCount()).isEqualTo(6);
            assertThat(t.classRetainedSize(g.classIndexOfClassObject(holderObj == -1 ? 0 : g.indexOf(holder))))
                    .isEqualTo(t.retainedSize(holderObj));
        }
        try (HeapGraph g = Hprof.open(dump);
                DominatorTree t = DominatorTree.of(g, new DominatorTree.Options(true), ProgressListener.NONE)) {
            assertThat(t.keepsUnreachable()).isTrue();
            assertThat(t.unreachableTotalCount()).isZero();
            assertThat(t.reachableCount()).isEqualTo(g.objectCount());
            // The head of the garbage chain has no referrer: a pseudo-root dominating the rest of the chain.
            int head = g.indexOf(j2) + 1;
            assertThat(t.immediateDominator(head)).isEqualTo(DominatorTree.ROOT);
            assertThat(t.immediateDominator(g.indexOf(j2))).isEqualTo(head);
            assertThat(t.immediateDominator(g.indexOf(j1))).isEqualTo(g.indexOf(j2));
            assertThat(t.pseudoRootCount()).isGreaterThanOrEqualTo(1);
            assertThat(t.reachableSize()).isEqualTo(g.info().totalShallowSize());
        }
    }

    @Test
    void emptyHeap(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        Path dump = dir.resolve("empty.hprof");
        h.write(dump);
        try (HeapGraph g = Hprof.open(dump); DominatorTree t = DominatorTree.of(g)) {
            assertThat(t.reachableCount()).isZero();
            assertThat(t.children(DominatorTree.ROOT)).isEmpty();
            assertThat(t.reachableSize()).isZero();
        }
    }

    @Test
    void aCallerHearsOnceWhenAComputedTreeLeavesACoreIdleAndNotWhenTheTreeIsRead(@TempDir Path dir)
            throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long holder = h.cls("app.Holder", "x");
        long a = h.obj(holder, 0);
        long b = h.obj(holder, a);
        h.root(SyntheticHeap.ROOT_UNKNOWN, b);
        h.root(SyntheticHeap.ROOT_UNKNOWN, a); // a reached twice: the semi-dominator pass has work
        h.root(SyntheticHeap.ROOT_STICKY_CLASS, holder);
        Path dump = dir.resolve("calls.hprof");
        h.write(dump);
        int[] calls = new int[1];
        try (HeapGraph g = Hprof.open(dump);
                DominatorTree t = DominatorTree.of(g, DominatorTree.Options.DEFAULT, ProgressListener.NONE, false,
                        () -> calls[0]++)) {
            assertThat(t.loadedFromIndex()).isTrue(); // computed, saved and mapped back
            assertThat(calls[0]).isEqualTo(1);
        }
        try (HeapGraph g = Hprof.open(dump);
                DominatorTree t = DominatorTree.of(g, DominatorTree.Options.DEFAULT, ProgressListener.NONE, false,
                        () -> calls[0]++)) {
            assertThat(t.immediateDominator(g.indexOf(a))).isEqualTo(DominatorTree.ROOT);
            assertThat(calls[0]).isEqualTo(1); // read from the index: nothing computed
        }
    }
}
