package dev.heapwise.walker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RootKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One test per rule of the contract (seed 002, issue 4), each on a small hand-built HPROF dump
 * with an exact expected trace. Calls about class objects are hidden from the traces unless a test
 * is about them (they are visited in the heap container, after every named object).
 */
class HeapWalkerContractTest {
    private static final int CONTINUE = 0;
    private static final int POSTPONE = 1;
    private static final int FAIL = 2;

    @TempDir
    Path dir;

    private final TestDump dump = new TestDump();
    private final TestDump.Cls node = dump.cls("Node", null, "left", "right", "int value");

    private List<String> walk(WalkOptions options) throws IOException {
        return walk(new Recorder(), options);
    }

    private List<String> walk(Recorder recorder, WalkOptions options) throws IOException {
        try (HeapGraph g = dump.open(dir)) {
            HeapWalker.walk(g, recorder, options);
        }
        return recorder.lines(dump, true);
    }

    /** A diamond with a back edge, from one JNI global root. */
    private void diamond() {
        dump.obj("a", node, "b", "c", 1);
        dump.obj("b", node, "d", null, 2);
        dump.obj("c", node, "d", "a", 3);
        dump.obj("d", node, null, null, 4);
        dump.root(RootKind.JNI_GLOBAL, "a");
    }

    @Test
    void depthFirstWithAllReferencesOfAnObjectReportedBeforeDescending() throws IOException {
        diamond();
        assertThat(walk(WalkOptions.defaults())).containsExactly(
                "BEGIN",
                "ROOTS JNI_GLOBAL 1",
                "  roots a",
                "  a[R]: b c",
                "  b[R]: d null",
                "  d[R]: null null",
                "  c[R]: d[RV] a[RV]",
                "HEAP",
                "END");
    }

    @Test
    void containersComeInOrderThreadsFirstThenOneContainerPerRootKind() throws IOException {
        TestDump.Cls thr = dump.cls("Thr", null, "target");
        dump.obj("t", thr, (Object) null);
        for (String s : List.of("g", "m", "n", "s", "u", "w", "x", "y", "z")) {
            dump.obj(s, node, null, null, 0);
        }
        dump.thread(1, "t", "main", 2);
        dump.stackRoot(RootKind.JAVA_FRAME, 1, 1, "x");
        dump.stackRoot(RootKind.JAVA_FRAME, 1, 0, "y");
        dump.stackRoot(RootKind.THREAD_BLOCK, 1, -1, "z");
        dump.stackRoot(RootKind.JNI_LOCAL, 1, 0, "w");
        dump.root(RootKind.STICKY_CLASS, "s");
        dump.root(RootKind.JNI_GLOBAL, "g");
        dump.root(RootKind.MONITOR_USED, "m");
        dump.stackRoot(RootKind.NATIVE_STACK, 1, -1, "n");
        dump.root(RootKind.UNKNOWN, "u");
        List<String> lines = walk(WalkOptions.defaults());
        assertThat(lines.stream().filter(l -> !l.startsWith("    ") && !l.contains(":")).toList()).containsExactly(
                "BEGIN",
                "THREAD t 1",
                "  roots t y w x z",
                "ROOTS UNKNOWN 1",
                "  roots u",
                "ROOTS JNI_GLOBAL 1",
                "  roots g",
                "ROOTS NATIVE_STACK 1",
                "  roots n",
                "ROOTS STICKY_CLASS 1",
                "  roots s",
                "ROOTS MONITOR_USED 1",
                "  roots m",
                "HEAP",
                "END");
    }

    @Test
    void threadContainerCarriesTheThreadObjectIdAndSerial() throws IOException {
        TestDump.Cls thr = dump.cls("Thr", null, "target");
        dump.obj("t", thr, "x");
        dump.obj("x", node, null, null, 0);
        dump.thread(7, "t", "worker", 1);
        dump.stackRoot(RootKind.JAVA_FRAME, 7, 0, "x");
        Recorder r = new Recorder();
        walk(r, WalkOptions.defaults());
        Recorder.Begin thread = (Recorder.Begin) r.events.get(1);
        assertThat(thread.type()).isEqualTo(ContainerType.THREAD);
        assertThat(thread.id1()).isEqualTo(dump.id("t"));
        assertThat(thread.id2()).isEqualTo(7);
        assertThat(r.lines(dump, true)).containsSequence("THREAD t 7", "  roots t x", "  t[R]: x[R]", "  x[R]: null null");
    }

    @Test
    void alreadyReportedMarksTheSecondReferenceToAnObject() throws IOException {
        TestDump.Cls thr = dump.cls("Thr", null, "target");
        dump.obj("t", thr, (Object) null);
        dump.obj("p", node, "q", "q", 0);
        dump.obj("q", node, null, null, 0);
        dump.thread(1, "t", "main", 1);
        // Two local variables of one frame hold the same object: the seed's own example.
        dump.stackRoot(RootKind.JAVA_FRAME, 1, 0, "p");
        dump.stackRoot(RootKind.JAVA_FRAME, 1, 0, "p");
        assertThat(walk(WalkOptions.defaults())).containsSubsequence(
                "  roots t p p[R]",
                "  t[R]: null",
                "  p[R]: q q[R]",
                "  q[R]: null null");
    }

    @Test
    void alreadyVisitedMarksReferencesToVisitedObjectsAndSelfReferences() throws IOException {
        dump.obj("a", node, "a", "b", 0);
        dump.obj("b", node, "a", "b", 0);
        dump.root(RootKind.JNI_GLOBAL, "a");
        assertThat(walk(WalkOptions.defaults())).containsSubsequence(
                "  roots a",
                "  a[R]: a[RV] b",
                "  b[R]: a[RV] b[RV]");
    }

    @Test
    void aSelfReferenceOfAnObjectNeverReportedIsVisitedButNotReported() throws IOException {
        dump.obj("h", node, "h", null, 0);
        assertThat(walk(WalkOptions.defaults())).containsExactly(
                "BEGIN",
                "HEAP",
                "  h: h[V] null",
                "END");
    }

    @Test
    void moreReferencesSplitsAnObjectOverCallsOfTheBatchSize() throws IOException {
        dump.array("arr", "e0", "e1", "e2", "e3", "e4");
        for (String e : List.of("e0", "e1", "e2", "e3", "e4")) {
            dump.obj(e, node, null, null, 0);
        }
        dump.obj("f", node, "e0", "e1", 0);
        dump.root(RootKind.JNI_GLOBAL, "arr");
        dump.root(RootKind.JNI_GLOBAL, "f");
        dump.root(RootKind.JNI_GLOBAL, "e4");
        assertThat(walk(WalkOptions.defaults().withBatchSize(2))).containsExactly(
                "BEGIN",
                "ROOTS JNI_GLOBAL 3",
                "  roots arr f",
                "  roots e4",
                "  arr[R+]: e0 e1",
                "  arr[R+]: e2 e3",
                "  arr[R]: e4[R]",
                "  e0[R]: null null",
                "  e1[R]: null null",
                "  e2[R]: null null",
                "  e3[R]: null null",
                "  f[R]: e0[RV] e1[RV]",
                "  e4[R]: null null",
                "HEAP",
                "END");
    }

    @Test
    void largeObjectArraysAreSplitAndKeepElementOrder() throws IOException {
        Object[] elements = new Object[10_000];
        for (int i = 0; i < elements.length; i++) {
            elements[i] = i % 3 == 0 ? "x" : i % 3 == 1 ? null : "y";
        }
        dump.array("big", elements);
        dump.obj("x", node, null, null, 0);
        dump.obj("y", node, null, null, 0);
        dump.root(RootKind.JNI_GLOBAL, "big");
        Recorder r = new Recorder();
        WalkResult result;
        try (HeapGraph g = dump.open(dir)) {
            result = HeapWalker.walk(g, r, WalkOptions.defaults());
        }
        List<Recorder.Refs> calls = r.events.stream().filter(e -> e instanceof Recorder.Refs c && c.object() == dump.id("big"))
                .map(e -> (Recorder.Refs) e).toList();
        assertThat(calls).hasSize(10);
        for (int c = 0; c < calls.size(); c++) {
            boolean last = c == calls.size() - 1;
            assertThat(calls.get(c).flags() & ObjectFlags.MORE_REFERENCES).isEqualTo(last ? 0 : ObjectFlags.MORE_REFERENCES);
            assertThat(calls.get(c).refs()).hasSize(last ? 10_000 - 9 * 1024 : 1024);
        }
        int i = 0;
        for (Recorder.Refs c : calls) {
            for (long id : c.refs()) {
                long expected = elements[i] == null ? 0 : dump.id((String) elements[i]);
                assertThat(id).as("element %d", i).isEqualTo(expected);
                i++;
            }
        }
        assertThat(result.nullReferences()).isGreaterThanOrEqualTo(3333);
        // Element 0 is x's first sighting; every later x is already reported.
        assertThat(calls.get(0).refFlags()[0]).isZero();
        assertThat(calls.get(0).refFlags()[3]).isEqualTo(ObjectFlags.ALREADY_REPORTED);
    }

    @Test
    void rootReferencesAreSplitToo() throws IOException {
        for (String s : List.of("a", "b", "c")) {
            dump.obj(s, node, null, null, 0);
            dump.root(RootKind.STICKY_CLASS, s);
        }
        assertThat(walk(WalkOptions.defaults().withBatchSize(2))).startsWith(
                "BEGIN", "ROOTS STICKY_CLASS 3", "  roots a b", "  roots c");
    }

    @Test
    void postponeFromTheLastCallStopsTheDescentButOthersMayStillVisit() throws IOException {
        dump.obj("a", node, "b", "c", 0);
        dump.obj("b", node, null, null, 0);
        dump.obj("c", node, null, null, 0);
        dump.obj("m", node, "c", null, 0);
        dump.root(RootKind.JNI_GLOBAL, "a");
        dump.root(RootKind.MONITOR_USED, "m");
        Recorder r = new Recorder().answering(e -> e instanceof Recorder.Refs c && c.object() == dump.id("a")
                ? POSTPONE : CONTINUE);
        assertThat(walk(r, WalkOptions.defaults())).containsExactly(
                "BEGIN",
                "ROOTS JNI_GLOBAL 1",
                "  roots a",
                "  a[R]: b c",
                "ROOTS MONITOR_USED 1",
                "  roots m",
                "  m[R]: c[R] null",
                "  c[R]: null null",
                "HEAP",
                "  b[R]: null null",
                "END");
    }

    @Test
    void postponeFromACallWithMoreReferencesIsIgnored() throws IOException {
        dump.obj("a", node, "b", "c", 0);
        dump.obj("b", node, null, null, 0);
        dump.obj("c", node, null, null, 0);
        dump.root(RootKind.JNI_GLOBAL, "a");
        Recorder r = new Recorder().answering(e -> e instanceof Recorder.Refs c
                && (c.flags() & ObjectFlags.MORE_REFERENCES) != 0 ? POSTPONE : CONTINUE);
        assertThat(walk(r, WalkOptions.defaults().withBatchSize(1))).containsSubsequence(
                "  a[R+]: b",
                "  a[R]: c",
                "  b[R+]: null",
                "  b[R]: null",
                "  c[R+]: null",
                "  c[R]: null",
                "HEAP");
    }

    @Test
    void alwaysPostponingGivesAFlatListRootsFirstThenTheHeapInIdOrder() throws IOException {
        diamond();
        dump.obj("e", node, "a", null, 0);
        dump.root(RootKind.STICKY_CLASS, "c");
        Recorder r = new Recorder().answering(e -> e instanceof Recorder.Refs ? POSTPONE : CONTINUE);
        List<String> lines = walk(r, WalkOptions.defaults());
        assertThat(lines).containsExactly(
                "BEGIN",
                "ROOTS JNI_GLOBAL 1",
                "  roots a",
                "  a[R]: b c",
                "ROOTS STICKY_CLASS 1",
                "  roots c[R]",
                "  c[R]: d a[RV]",
                "HEAP",
                "  b[R]: d[R] null",
                "  d[R]: null null",
                "  e: a[RV] null",
                "END");
        // Every object exactly once, class objects included.
        assertThat(r.visitOrder()).doesNotHaveDuplicates();
    }

    @Test
    void failAbortsWithNoFurtherCallbackButEnd() throws IOException {
        diamond();
        Recorder r = new Recorder().answering(e -> e instanceof Recorder.Refs c && c.object() == dump.id("b")
                ? FAIL : CONTINUE);
        WalkResult result;
        try (HeapGraph g = dump.open(dir)) {
            result = HeapWalker.walk(g, r, WalkOptions.defaults());
        }
        assertThat(result.aborted()).isTrue();
        assertThat(r.lines(dump, false)).containsExactly(
                "BEGIN",
                "ROOTS JNI_GLOBAL 1",
                "  roots a",
                "  a[R]: b c",
                "  b[R]: d null",
                "END");
    }

    @Test
    void failFromBeginOrFromRootReferencesStillEnds() throws IOException {
        diamond();
        Recorder atBegin = new Recorder().answering(e -> e instanceof Recorder.Begin ? FAIL : CONTINUE);
        assertThat(walk(atBegin, WalkOptions.defaults())).containsExactly("BEGIN", "END");
        Recorder atRoots = new Recorder().answering(e -> e instanceof Recorder.Roots ? FAIL : CONTINUE);
        assertThat(walk(atRoots, WalkOptions.defaults())).containsExactly(
                "BEGIN", "ROOTS JNI_GLOBAL 1", "  roots a", "END");
    }

    @Test
    void endIsSentEvenWhenTheCallbackThrows() throws IOException {
        diamond();
        Recorder r = new Recorder().answering(e -> {
            if (e instanceof Recorder.Refs) {
                throw new IllegalStateException("plug-in bug");
            }
            return CONTINUE;
        });
        try (HeapGraph g = dump.open(dir)) {
            assertThatThrownBy(() -> HeapWalker.walk(g, r, WalkOptions.defaults())).hasMessage("plug-in bug");
        }
        assertThat(r.lines(dump, false)).endsWith("  a[R]: b c", "END");
    }

    @Test
    void heapContainerVisitsWhatRootsMissInIdOrderDepthFirstWithoutRootReferences() throws IOException {
        dump.obj("r", node, null, null, 0);
        dump.obj("x", node, "z", null, 0);
        dump.obj("y", node, null, null, 0);
        dump.obj("z", node, "y", null, 0);
        dump.root(RootKind.JNI_GLOBAL, "r");
        Recorder r = new Recorder();
        List<String> lines = walk(r, WalkOptions.defaults());
        assertThat(lines).containsExactly(
                "BEGIN",
                "ROOTS JNI_GLOBAL 1",
                "  roots r",
                "  r[R]: null null",
                "HEAP",
                "  x: z null",
                "  z[R]: y null",
                "  y[R]: null null",
                "END");
        int heap = lines.indexOf("HEAP");
        assertThat(r.events.subList(heap, r.events.size())).noneMatch(e -> e instanceof Recorder.Roots);
        // The class object comes last: its id is above every instance's.
        List<Long> order = r.visitOrder();
        assertThat(order.getLast()).isEqualTo(TestDump.CLASS_BASE);
    }

    @Test
    void nullReferencesAreReportedInFieldOrderSubclassFieldsFirst() throws IOException {
        TestDump.Cls leaf = dump.cls("Leaf", node, "extra", "int weight", "more");
        dump.obj("leaf", leaf, null, 5, "a", null, "a", 7);
        dump.obj("a", node, null, null, 0);
        dump.array("arr", null, "a", null);
        dump.root(RootKind.JNI_GLOBAL, "leaf");
        dump.root(RootKind.JNI_GLOBAL, "arr");
        assertThat(walk(WalkOptions.defaults())).containsSubsequence(
                "  leaf[R]: null a null a[R]",
                "  a[R]: null null",
                "  arr[R]: null a[RV] null");
        assertThat(walk(WalkOptions.defaults().withIncludeNulls(false))).containsSubsequence(
                "  leaf[R]: a a[R]",
                "  a[R]: ()",
                "  arr[R]: a[RV]");
    }

    @Test
    void danglingReferencesAreFlaggedMissingAndNeverVisited() throws IOException {
        dump.obj("a", node, TestDump.DANGLING, "b", 0);
        dump.obj("b", node, null, null, 0);
        dump.root(RootKind.JNI_GLOBAL, "a");
        assertThat(walk(WalkOptions.defaults())).containsSubsequence("  a[R]: 0x7ffff0[M] b", "  b[R]: null null");
        assertThat(walk(WalkOptions.defaults().withIncludeNulls(false))).containsSubsequence("  a[R]: b", "  b[R]: ()");
    }

    @Test
    void classObjectsReportTheirStaticReferences() throws IOException {
        TestDump.Cls holder = dump.cls("Holder", null);
        dump.staticRef(holder, "INSTANCE", "s");
        dump.staticRef(holder, "NOTHING", null);
        dump.obj("s", node, null, null, 0);
        dump.classRoot(RootKind.STICKY_CLASS, holder);
        Recorder r = new Recorder();
        walk(r, WalkOptions.defaults());
        assertThat(r.lines(dump, false)).containsExactly(
                "BEGIN",
                "ROOTS STICKY_CLASS 1",
                "  roots Holder.class",
                "  Holder.class[R]: s",
                "  s[R]: null null",
                "HEAP",
                "  Node.class: ()",
                "END");
    }

    @Test
    void maxDepthVisitsExactlyTheObjectsWithinThatManyReferencesOfARoot() throws IOException {
        // c is 3 references from r1 but 1 from r2: the first container meets it deep, and the
        // limit must still let it lead to d (2 from r2) but not to e (3 from r2).
        dump.obj("r1", node, "a", null, 0);
        dump.obj("a", node, "b", null, 0);
        dump.obj("b", node, "c", null, 0);
        dump.obj("c", node, "d", null, 0);
        dump.obj("d", node, "e", null, 0);
        dump.obj("e", node, null, null, 0);
        dump.obj("r2", node, "c", null, 0);
        dump.root(RootKind.JNI_GLOBAL, "r1");
        dump.root(RootKind.MONITOR_USED, "r2");
        Recorder r = new Recorder();
        assertThat(walk(r, WalkOptions.defaults().withMaxDepth(2).withVisitHeap(false))).containsExactly(
                "BEGIN",
                "ROOTS JNI_GLOBAL 1",
                "  roots r1",
                "  r1[R]: a null",
                "  a[R]: b null",
                "  b[R]: c null",
                "ROOTS MONITOR_USED 1",
                "  roots r2",
                "  r2[R]: c[R] null",
                "  c[R]: d null",
                "  d[R]: e null",
                "END");
    }

    @Test
    void startAtWalksFromChosenObjectsInOneSelectedContainer() throws IOException {
        diamond();
        Recorder r = new Recorder();
        try (HeapGraph g = dump.open(dir)) {
            HeapWalker.walk(g, r, WalkOptions.defaults().withStartAt(dump.id("c")).withVisitHeap(false));
            assertThatThrownBy(() -> HeapWalker.walk(g, new Recorder(), WalkOptions.defaults().withStartAt(0x12345)))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0x12345");
        }
        assertThat(r.lines(dump, true)).containsExactly(
                "BEGIN",
                "SELECTED 1",
                "  roots c",
                "  c[R]: d a",
                "  d[R]: null null",
                "  a[R]: b c[RV]",
                "  b[R]: d[RV] null",
                "END");
    }

    @Test
    void rootReferencesPostponedAreVisitedLater() throws IOException {
        diamond();
        Recorder r = new Recorder().answering(e -> e instanceof Recorder.Roots ? POSTPONE : CONTINUE);
        assertThat(walk(r, WalkOptions.defaults())).containsExactly(
                "BEGIN",
                "ROOTS JNI_GLOBAL 1",
                "  roots a",
                "HEAP",
                "  a[R]: b c",
                "  b[R]: d null",
                "  d[R]: null null",
                "  c[R]: d[RV] a[RV]",
                "END");
    }

    @Test
    void resultCountsWhatHappened() throws IOException {
        diamond();
        WalkResult result;
        try (HeapGraph g = dump.open(dir)) {
            result = HeapWalker.walk(g, new Recorder(), WalkOptions.defaults());
            assertThat(result.objectsVisited()).isEqualTo(g.objectCount());
        }
        assertThat(result.aborted()).isFalse();
        assertThat(result.containers()).isEqualTo(4); // BEGIN, JNI_GLOBAL, HEAP, END
        assertThat(result.rootReferenceCalls()).isEqualTo(1);
        assertThat(result.objectsVisitedInHeap()).isEqualTo(1); // Node.class
        assertThat(result.references()).isEqualTo(8);
        assertThat(result.nullReferences()).isEqualTo(3);
        // b and d have a null slot: their references came from the dump, a's and c's from the index.
        assertThat(result.objectsReadFromDump()).isEqualTo(2);
    }
}
