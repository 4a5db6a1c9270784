package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.Heaps;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.analysis.leaks.internal.Signatures;
import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finders, library leaks and Shark's priorities on a written Android-like heap whose every path is
 * known.
 */
class SyntheticLeaksTest {
    static final FieldDef OBJ(String n) {
        return new FieldDef(n, FieldType.OBJECT);
    }

    long act1;
    long act3;
    long act4;
    long watched;
    long notYetRetained;
    long view1;
    long view4;

    Path write(Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long reference = h.cls("java.lang.ref.Reference", h.javaLangObject, List.of(OBJ("referent")), List.of());
        long weak = h.cls("java.lang.ref.WeakReference", reference, List.of(), List.of());
        long kwr = h.cls("leakcanary.KeyedWeakReference", weak, List.of(OBJ("key"), OBJ("description"),
                new FieldDef("watchUptimeMillis", FieldType.LONG), new FieldDef("retainedUptimeMillis", FieldType.LONG)),
                List.of());
        h.staticField(kwr, "heapDumpUptimeMillis", FieldType.LONG, 10_000);
        long context = h.cls("android.content.Context", h.javaLangObject, List.of(), List.of());
        long activity = h.cls("android.app.Activity", context, List.of(new FieldDef("mDestroyed", FieldType.BOOLEAN)),
                List.of());
        long main = h.cls("app.MainActivity", activity, List.of(), List.of());
        long view = h.cls("android.view.View", h.javaLangObject, List.of(OBJ("mContext"), OBJ("mAttachInfo"),
                OBJ("mParent"), new FieldDef("mWindowAttachCount", FieldType.INT)), List.of());
        long imm = h.cls("android.view.inputmethod.InputMethodManager", h.javaLangObject, List.of(OBJ("mNextServedView")),
                List.of());
        long leaker = h.cls("app.Leaker", h.javaLangObject, List.of(), List.of());
        long node = h.cls("app.Node", "next");
        long thing = h.cls("app.Thing", "x");

        // MainActivity: own fields (none), then Activity's mDestroyed.
        act1 = h.obj(main, 1);
        long act2 = h.obj(main, 0);
        act3 = h.obj(main, 1);
        act4 = h.obj(main, 1);
        view1 = h.obj(view, act3, 0, 0, 1);
        view4 = h.obj(view, act4, 0, 0, 1);
        long immObj = h.obj(imm, view1);
        long imm2 = h.obj(imm, view4);
        long c = h.obj(node, act4);
        long b = h.obj(node, c);
        long a = h.obj(node, b);
        watched = h.obj(thing, 0);
        notYetRetained = h.obj(thing, 0);
        // KWR values: own (key, description, watch, retained), then Reference's referent.
        h.obj(kwr, 0, 0, 4_000, 5_000, watched);
        h.obj(kwr, 0, 0, 9_000, -1, notYetRetained);
        h.staticField(leaker, "sActivity", FieldType.OBJECT, act1);
        h.staticField(leaker, "sLive", FieldType.OBJECT, act2);
        h.staticField(leaker, "sImm", FieldType.OBJECT, immObj);
        h.staticField(leaker, "sImm2", FieldType.OBJECT, imm2);
        h.staticField(leaker, "sChain", FieldType.OBJECT, a);
        h.staticField(leaker, "sThing", FieldType.OBJECT, watched);
        h.staticField(leaker, "sPending", FieldType.OBJECT, notYetRetained);
        h.root(SyntheticHeap.ROOT_STICKY_CLASS, leaker);
        h.androidBuild(28, "Google"); // InputMethodManager.mNextServedView leaks up to SDK 33
        Path dump = dir.resolve("android.hprof");
        h.write(dump);
        return dump;
    }

    @Test
    void findersPrioritiesAndLibraryLeaks(@TempDir Path dir) throws Exception {
        Path dump = write(dir);
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults(), ProgressListener.NONE);
            assertThat(r.finders()).containsExactly("KeyedWeakReference", "Android lifecycle");
            // Leaking: act1, act3, act4 (destroyed), watched (retained), and the two root views whose
            // context is a destroyed activity; not the pending watched object, not act2.
            assertThat(r.leakingObjects()).isEqualTo(6);
            List<LeakTrace> app = r.applicationLeaks().stream().flatMap(l -> l.traces().stream()).toList();
            List<LeakTrace> lib = r.libraryLeaks().stream().flatMap(l -> l.traces().stream()).toList();
            assertThat(app).extracting(t -> g.id(t.leakingObject())).containsExactlyInAnyOrder(act1, act4, watched);
            // act3 is reached only through view1, itself leaking: as in Shark, view1's trace stands for both.
            assertThat(lib).extracting(t -> g.id(t.leakingObject())).containsExactlyInAnyOrder(view1, view4);
            assertThat(r.throughOther()).isEqualTo(1);
            // act4 is two references from a root through the InputMethodManager, four through the
            // chain: the library-leak reference is visited last, so the chain wins.
            LeakTrace t4 = app.stream().filter(t -> g.id(t.leakingObject()) == act4).findFirst().orElseThrow();
            assertThat(t4.nodes()).extracting(n -> n.reference() == null ? null : n.reference().display())
                    .containsExactly("static Leaker.sChain", "Node.next", "Node.next", "Node.next", null);
            LeakTrace t1 = lib.stream().filter(t -> g.id(t.leakingObject()) == view1).findFirst().orElseThrow();
            assertThat(t1.libraryMatcher().name()).isEqualTo("mNextServedView");
            assertThat(r.libraryLeaks().getFirst().libraryMatcher().description()).contains("InputMethodManager");
            // Two traces through two static fields, one known leak: one library leak, as Shark groups them,
            // signed by the leak's pattern. The InputMethodManager is a singleton, not leaking, so in
            // Shark 2.14 both traces are signed by its field alone.
            assertThat(lib).extracting(LeakTrace::signature).containsOnly(
                    Signatures.sha1("android.view.inputmethod.InputMethodManagermNextServedView"));
            assertThat(r.libraryLeaks()).hasSize(1);
            String pattern = "instance field android.view.inputmethod.InputMethodManager#mNextServedView";
            assertThat(r.libraryLeaks().getFirst().signature()).isEqualTo(Signatures.sha1(pattern));
            // In LeakCanary's order: the pattern and description, then the sizes and the signature.
            assertThat(LeakTraceFormat.format(r)).containsPattern("Leak pattern: " + java.util.regex.Pattern.quote(pattern)
                    + "\nDescription: [^\n]+\n[^\n]+ retained by leaking objects\n"
                    + "Displaying only 1 leak trace out of 2 with the same signature\nSignature: "
                    + Signatures.sha1(pattern) + "\n");
            // The view refers to a destroyed activity: that is why it is leaking.
            assertThat(t1.leakingNode().status()).isEqualTo(LeakTrace.Status.YES);
            assertThat(t1.leakingNode().reason()).contains("destroyed activity");
            LeakTrace tw = app.stream().filter(t -> g.id(t.leakingObject()) == watched).findFirst().orElseThrow();
            assertThat(tw.reasons().getFirst()).startsWith("ObjectWatcher was watching this");
            assertThat(tw.details()).contains("watchDurationMillis = 6000", "retainedDurationMillis = 5000");
            // Different causes, different signatures; the same report twice is identical.
            assertThat(app).extracting(LeakTrace::signature).doesNotHaveDuplicates();
            LeakReport again = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults(), ProgressListener.NONE);
            assertThat(LeakTraceFormat.format(again)).isEqualTo(LeakTraceFormat.format(r));
        }
    }

    /**
     * Shark's path to a Java frame's local starts at the thread with a {@code <Java Local>}
     * reference, which it signs; heapwise puts the frame in the root line and signs the same. Before,
     * a local that is itself the leaking object signed nothing: every such leak was one group.
     */
    @Test
    void javaLocalsAreSignedFromTheirThreadAsSharkSignsThem(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long thread = h.cls("java.lang.Thread", h.javaLangObject, List.of(), List.of());
        long leak = h.cls("app.Leak", "x");
        long holder = h.cls("app.Holder", "x");
        long t = h.obj(thread);
        long direct = h.obj(leak, 0);
        long held = h.obj(leak, 0);
        long holding = h.obj(holder, held);
        h.root(SyntheticHeap.ROOT_THREAD_OBJECT, t); // thread serial 1, as the frame roots below
        h.root(SyntheticHeap.ROOT_JAVA_FRAME, direct);
        h.root(SyntheticHeap.ROOT_JAVA_FRAME, holding);
        Path dump = dir.resolve("locals.hprof");
        h.write(dump);
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults()
                    .withFinders(List.of(new ClassNameFinder("app.Leak"))), ProgressListener.NONE);
            List<LeakTrace> traces = r.applicationLeaks().stream().flatMap(l -> l.traces().stream()).toList();
            LeakTrace d = traces.stream().filter(x -> g.id(x.leakingObject()) == direct).findFirst().orElseThrow();
            LeakTrace v = traces.stream().filter(x -> g.id(x.leakingObject()) == held).findFirst().orElseThrow();
            assertThat(d.nodes()).hasSize(1);
            assertThat(d.signature()).isEqualTo(Signatures.sha1("java.lang.Thread<Java Local>"));
            assertThat(v.nodes()).extracting(n -> n.reference() == null ? null : n.reference().display())
                    .containsExactly("Holder.x", null);
            assertThat(v.signature()).isEqualTo(Signatures.sha1("java.lang.Thread<Java Local>app.Holderx"));
        }
    }

    /** As Shark: a leaking object reached only through another gets no trace; the count says so. */
    @Test
    void aLeakReachedThroughAnotherHasNoTraceOfItsOwn(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long cache = h.cls("app.Cache", "next");
        long holder = h.cls("app.Holder", "x");
        long inner = h.obj(cache, 0);
        long outer = h.obj(cache, inner);
        long alone = h.obj(cache, 0);
        h.root(SyntheticHeap.ROOT_JNI_GLOBAL, h.obj(holder, outer));
        h.root(SyntheticHeap.ROOT_JNI_GLOBAL, h.obj(holder, alone));
        Path dump = dir.resolve("nested.hprof");
        h.write(dump);
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults()
                    .withFinders(List.of(new ClassNameFinder("app.Cache"))), ProgressListener.NONE);
            assertThat(r.leakingObjects()).isEqualTo(3);
            assertThat(r.throughOther()).isEqualTo(1);
            assertThat(r.applicationLeaks().stream().flatMap(l -> l.traces().stream()))
                    .extracting(t -> g.id(t.leakingObject())).containsExactlyInAnyOrder(outer, alone);
            assertThat(LeakTraceFormat.format(r)).contains("reached through another leaking object (no trace of"
                    + " their own, as in Shark): 1");
        }
    }

    @Test
    void userMatchersIgnoreReferences(@TempDir Path dir) throws Exception {
        Path dump = write(dir);
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            var options = LeakAnalyzer.Options.defaults().withExtraMatchers(List.of(
                    ReferenceMatcher.ignored(ReferenceMatcher.Type.STATIC_FIELD, "app.Leaker", "sActivity", "test"),
                    ReferenceMatcher.libraryLeak(ReferenceMatcher.Type.STATIC_FIELD, "app.Leaker", "sThing", "known")));
            LeakReport r = LeakAnalyzer.analyze(g, tree, options, ProgressListener.NONE);
            // act1 is only reachable through the ignored static: no path, no trace.
            assertThat(r.withoutPath()).isEqualTo(1);
            assertThat(r.libraryLeaks()).extracting(l -> l.libraryMatcher().name()).contains("sThing", "mNextServedView");
        }
    }

    @Test
    void classFinderAndNoLeaks(@TempDir Path dir) throws Exception {
        try (HeapGraph g = Hprof.open(PlantedDump.copyTo(dir)); DominatorTree tree = DominatorTree.of(g)) {
            LeakReport none = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults(), ProgressListener.NONE);
            assertThat(none.finders()).isEmpty();
            assertThat(none.traceCount()).isZero();
            assertThat(LeakTraceFormat.format(none)).contains("0 APPLICATION LEAKS", "0 LIBRARY LEAKS");
            String cache = "dev.heapwise.analysis.fixture.PlantedProgram$Cache";
            LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults()
                    .withFinders(List.of(new ClassNameFinder("*PlantedProgram$Cach?"), new ClassNameFinder(cache))),
                    ProgressListener.NONE);
            assertThat(r.traceCount()).isEqualTo(1);
            LeakTrace t = r.applicationLeaks().getFirst().traces().getFirst();
            assertThat(t.nodes().get(t.nodes().size() - 2).reference().display()).isEqualTo("static PlantedProgram$Planted.cache");
            assertThat(t.retainedSize()).isGreaterThan(2000 * 1024);
            int c = Heaps.onlyInstance(g, cache);
            assertThat(t.leakingObject()).isEqualTo(c);
        }
    }
}
