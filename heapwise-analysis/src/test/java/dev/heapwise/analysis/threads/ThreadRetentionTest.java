package dev.heapwise.analysis.threads;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.Heaps;
import dev.heapwise.analysis.fixture.OutOfMemoryProgram;
import dev.heapwise.analysis.fixture.StackHeldProgram;
import dev.heapwise.analysis.fixture.ThreadDumps;
import dev.heapwise.analysis.paths.GcPath;
import dev.heapwise.analysis.paths.PathFinder;
import dev.heapwise.analysis.paths.ReferenceFilter;
import dev.heapwise.analysis.suspects.LeakSuspects;
import dev.heapwise.analysis.suspects.Suspect;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.Reference;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.build.ProgressListener;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A thread retains what its stack holds (Eclipse MAT's rule), on dumps child JVMs made: the main
 * thread of {@link StackHeldProgram} holds 4 MB only in a local of a frame, another thread a few
 * hundred bytes; the thread of {@link OutOfMemoryProgram} ran out of memory filling a list in its
 * local, and HotSpot dumped the heap then.
 */
class ThreadRetentionTest {
    private static final long BIG = (long) StackHeldProgram.BLOCKS * StackHeldProgram.BLOCK;

    @TempDir
    Path index;

    @Test
    void theMainThreadRetainsTheStructureItsFrameHolds() throws Exception {
        try (HeapGraph g = Heaps.open(ThreadDumps.stackHeld(), index); DominatorTree tree = DominatorTree.of(g)) {
            ThreadRetention main = thread(tree, "main");
            ThreadRetention small = thread(tree, StackHeldProgram.SMALL_THREAD);
            int big = Heaps.onlyInstance(g, StackHeldProgram.BigLocal.class.getName());
            int mainObject = main.thread().objectIndex();

            // The structure is a Java-frame root still, but reached through the thread, which dominates it.
            assertThat(g.roots()).anySatisfy(r -> {
                assertThat(r.object()).isEqualTo(big);
                assertThat(r.kind()).isEqualTo(RootKind.JAVA_FRAME);
                assertThat(r.holder()).isEqualTo(mainObject);
                assertThat(r.startsReachability()).isFalse();
            });
            assertThat(g.isRoot(big)).isTrue();
            assertThat(g.isReachabilityRoot(big)).isFalse();
            assertThat(tree.immediateDominator(big)).isEqualTo(mainObject);
            assertThat(main.retainedSize()).isGreaterThan(BIG).isEqualTo(tree.retainedSize(mainObject));
            assertThat(small.retainedSize()).isLessThan(64 * 1024);
            assertThat(small.locals()).isGreaterThanOrEqualTo(StackHeldProgram.SMALL);

            // Per frame: build()'s locals retain the structure; the frames above it almost nothing.
            List<String> frames = main.thread().frames().stream().map(f -> f.className() + "." + f.method()).toList();
            int build = frames.indexOf(StackHeldProgram.class.getName() + ".build");
            assertThat(build).isPositive();
            assertThat(main.frameLocals()[build]).isEqualTo(tree.retainedSize(big)).isGreaterThan(BIG);
            assertThat(main.biggestFrame()).isEqualTo(build);
            assertThat(main.locals()).isLessThanOrEqualTo(main.retainedSize());

            // The thread object's references end with what its stack holds, named by frame, as the index stores them.
            List<Reference> refs = g.references(mainObject);
            int locals = g.localReferenceCount(mainObject);
            assertThat(locals).isPositive();
            RefCursor out = g.outRefs();
            out.reset(mainObject);
            assertThat(out.count()).isEqualTo(refs.size());
            for (int k = 0; k < refs.size(); k++) {
                assertThat(out.next()).isEqualTo(refs.get(k).to());
                assertThat(refs.get(k).kind() == Reference.Kind.LOCAL).as("reference %d", k)
                        .isEqualTo(k >= refs.size() - locals);
            }
            assertThat(refs).anySatisfy(r -> {
                assertThat(r.to()).isEqualTo(big);
                assertThat(r.label()).isEqualTo("<local in frame " + build + ": "
                        + main.thread().frames().get(build).display() + ">");
            });

            // A path to a block of the structure starts at the thread and steps through the local.
            int block = Heaps.fieldTarget(g, big, "blocks");
            GcPath path = PathFinder.shortestPath(g, block, ReferenceFilter.defaults()).orElseThrow();
            assertThat(path.root().object()).isEqualTo(mainObject);
            assertThat(path.root().rootKind()).isEqualTo(RootKind.THREAD_OBJECT);
            assertThat(path.steps().get(1).object()).isEqualTo(big);
            assertThat(path.steps().get(1).reference()).startsWith("<local in frame " + build + ": ");

            // The suspects name the thread.
            List<Suspect> suspects = LeakSuspects.find(tree, 0.10, ProgressListener.NONE);
            Suspect s = suspects.stream().filter(x -> x.kind().equals("thread")).findFirst().orElseThrow();
            assertThat(s.object()).isEqualTo(mainObject);
            assertThat(s.retainedSize()).isEqualTo(main.locals());
            assertThat(s.description()).startsWith("Thread \"main\" keeps local variables: ")
                    .contains("% of the heap", "the most in frame " + build)
                    .doesNotContain("OutOfMemoryError");
            assertThat(s.path().root().object()).isEqualTo(mainObject);
            assertThat(ThreadRetention.outOfMemoryErrorThread(g)).isNull();
        }
    }

    @Test
    void theThreadThatRanOutOfMemoryIsNamedAndRetainsWhatItFilled() throws Exception {
        try (HeapGraph g = Heaps.open(ThreadDumps.outOfMemory(), index); DominatorTree tree = DominatorTree.of(g)) {
            // HotSpot puts a made-up OutOfMemoryError.<init> frame on top of the thread's stack.
            HeapThread oom = ThreadRetention.outOfMemoryErrorThread(g);
            assertThat(oom).isNotNull();
            assertThat(oom.name()).isEqualTo(OutOfMemoryProgram.THREAD);
            assertThat(oom.frames().getFirst().className()).isEqualTo("java.lang.OutOfMemoryError");
            assertThat(oom.frames().getFirst().method()).isEqualTo("<init>");
            assertThat(g.threads().stream().filter(HeapThread::threwOutOfMemoryError)).hasSize(1);

            ThreadRetention t = thread(tree, OutOfMemoryProgram.THREAD);
            assertThat((double) t.retainedSize() / tree.reachableSize()).isGreaterThan(0.5);
            int fill = t.biggestFrame();
            assertThat(t.thread().frames().get(fill).method()).isEqualTo("fill");

            Suspect s = LeakSuspects.find(tree, 0.10, ProgressListener.NONE).getFirst();
            assertThat(s.kind()).isEqualTo("thread");
            assertThat(s.description()).startsWith("Thread \"" + OutOfMemoryProgram.THREAD + "\" keeps local variables: ")
                    .contains("This thread threw the OutOfMemoryError.");
        }
    }

    private static ThreadRetention thread(DominatorTree tree, String name) {
        return ThreadRetention.of(tree).stream().filter(t -> t.thread().name().equals(name)).findFirst().orElseThrow();
    }
}
