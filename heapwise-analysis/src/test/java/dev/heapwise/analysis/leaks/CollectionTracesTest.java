package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.AndroidCollectionsProgram;
import dev.heapwise.analysis.fixture.AndroidReadersProgram;
import dev.heapwise.analysis.fixture.CollectionsProgram;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.analysis.leaks.internal.Signatures;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.hprof.fixture.ChildJvm;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Collections on a leak trace, shown and signed as Shark 2.14 shows and signs them (checked by
 * running Shark 2.14 on the same programs' dumps: the last reference's text and the signature,
 * whose suspect references are the program's static field and the collection's entry). Android's
 * collections through stand-ins of their classes, as Shark 2.14's reference readers show them, and
 * the references its other Android readers add.
 */
class CollectionTracesTest {
    static final String P = CollectionsProgram.class.getName();
    @TempDir
    static Path dir;
    static Path dump;
    static Path android;
    static Path readers;

    @BeforeAll
    static void dump() throws Exception {
        dump = dir.resolve("collections.hprof");
        ChildJvm.run(PlantedDump.JVM, CollectionsProgram.class, dump.toString());
        android = dir.resolve("android-collections.hprof");
        ChildJvm.run(PlantedDump.JVM, AndroidCollectionsProgram.class, android.toString());
        readers = dir.resolve("android-readers.hprof");
        ChildJvm.run(PlantedDump.JVM, AndroidReadersProgram.class, readers.toString());
    }

    /** The leaks found when the instances of {@code leaking} leak. */
    static LeakReport leaks(Path dump, String leaking) throws Exception {
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            return LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults()
                    .withFinders(List.of(new ClassNameFinder(leaking))), ProgressListener.NONE);
        }
    }

    /** The first trace of the first application leak when the instances of {@code leaking} leak. */
    static LeakTrace firstTrace(Path dump, String leaking) throws Exception {
        return leaks(dump, leaking).applicationLeaks().getFirst().traces().getFirst();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "InList          | LIST       | ArrayList[1]                        | java.util.ArrayList",
        "ByString        | MAP        | HashMap[\"the-key\"]                | java.util.HashMap",
        "ByObject        | MAP        | HashMap[instance @                  | java.util.HashMap",
        "ByStringWithNewline | MAP    | HashMap[\"two\\u000alines\"]        | java.util.HashMap",
        "AsKey           | MAP        | HashMap[key()]                      | java.util.HashMap",
        "InSet           | SET        | HashSet[element()]                  | java.util.HashSet",
        "InLinkedList    | LINKED     | LinkedList[2]                       | java.util.LinkedList",
        "InConcurrentMap | CONCURRENT | ConcurrentHashMap[\"ckey\"]         | java.util.concurrent.ConcurrentHashMap",
        "InLinkedMap     | LINKED_MAP | LinkedHashMap[\"lkey\"]             | java.util.LinkedHashMap",
        "InTreeBin       | TREE       | HashMap[instance @                  | java.util.HashMap"})
    void collectionsReferToWhatTheyHold(String leaking, String field, String shown, String collection) throws Exception {
        LeakTrace t = firstTrace(dump, P + "$" + leaking);
        List<LeakTrace.Node> nodes = t.nodes();
        LeakTrace.Node holder = nodes.get(nodes.size() - 2);
        assertThat(holder.className()).isEqualTo(collection);
        assertThat(holder.reference().display()).startsWith(shown);
        assertThat(nodes.get(nodes.size() - 3).reference().display()).isEqualTo("static CollectionsProgram." + field);
        assertThat(t.signature()).isEqualTo(Signatures.sha1(P + field + collection + "[x]"));
    }

    @Test
    void aByObjectKeyIsNamedByItsIdInDecimal() throws Exception {
        List<LeakTrace.Node> nodes = firstTrace(dump, P + "$ByObject").nodes();
        assertThat(nodes.get(nodes.size() - 2).reference().display())
                .matches("HashMap\\[instance @[0-9]+ of java\\.lang\\.Object]");
    }

    /** The expected signatures are the ones Shark 2.14 printed for this program's dump. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Queued        | MessageQueue[2]              | android.os.MessageQueue                         | 3fd2725973161498b425eb7f085f03aea47cc44e",
        "InArraySet    | ArraySet[element()]          | android.util.ArraySet                           | 2a4a4004986fd7afeea15fa04166db55fa7cbf0b",
        "ObserverValue | SafeIterableMap[\"observer\"] | androidx.arch.core.internal.SafeIterableMap     | b31c9db203e5008d5e9b5c12a8684f966b5126aa",
        "ObserverKey   | SafeIterableMap[key()]       | androidx.arch.core.internal.SafeIterableMap     | b31c9db203e5008d5e9b5c12a8684f966b5126aa",
        "FastValue     | FastSafeIterableMap[\"fast\"] | androidx.arch.core.internal.FastSafeIterableMap | 0c679d42b59d9ebe5f516c0b6df34fc576cb3056"})
    void androidCollectionsReferToWhatTheyHold(String leaking, String shown, String collection, String sharkSignature)
            throws Exception {
        LeakTrace t = firstTrace(android, AndroidCollectionsProgram.class.getName() + "$" + leaking);
        List<LeakTrace.Node> nodes = t.nodes();
        LeakTrace.Node holder = nodes.stream().filter(n -> n.className().equals(collection)).findFirst().orElseThrow();
        assertThat(holder.reference().display()).isEqualTo(shown);
        assertThat(t.signature()).isEqualTo(sharkSignature);
        if (leaking.equals("Queued")) { // the message stays a node: what holds the object is its field
            assertThat(nodes.get(nodes.size() - 2).reference().display()).isEqualTo("Message.obj");
        }
    }

    /**
     * Shark 2.14's readers that add references (expected traces and signatures: Shark's for the same
     * dump). A destroyed activity waiting in {@code mNewActivities} is reached through it, although
     * {@code mActivities} holds it too, and the first record names it by its place in the list.
     */
    @Test
    void aNewActivityThatWasDestroyedIsALibraryLeakOfActivityThread() throws Exception {
        LeakReport r = leaks(readers, AndroidReadersProgram.class.getName() + "$LeakedActivity");
        assertThat(r.applicationLeaks()).isEmpty();
        Leak leak = r.libraryLeaks().getFirst();
        assertThat(leak.libraryMatcher().name()).isEqualTo("mNewActivities");
        assertThat(leak.signature()).isEqualTo("d7eae361f7f8a16947667968c567074f9e71a806"); // Shark's, of the pattern
        LeakTrace t = leak.traces().getFirst();
        assertThat(t.nodes()).extracting(n -> n.reference() == null ? null : n.reference().display())
                .containsSubsequence("static ActivityThread.sCurrentActivityThread", "ActivityThread.mNewActivities",
                        "ActivityThread$ActivityClientRecord[1]", null);
        // Shark 2.14's: its ACTIVITY_THREAD inspector says the ActivityThread is not leaking, so the
        // suspects start at its mNewActivities.
        assertThat(t.signature()).isEqualTo("be30932866eeb9576f0f06f0209fda3fb6bd447d");
        assertThat(t.nodes())
                .filteredOn(n -> n.className().equals("android.app.ActivityThread") && n.kind().equals("instance"))
                .extracting(LeakTrace.Node::status, LeakTrace.Node::reason)
                .containsExactly(tuple(LeakTrace.Status.NO, "ActivityThread is a singleton"));
        assertThat(t.nodes()).extracting(LeakTrace.Node::reason) // Shark's words for the class loader
                .contains("ActivityThread↓ is not leaking and A ClassLoader is never leaking");
    }

    /** An animation's target, held only through the animator's weak reference, is reached through it. */
    @Test
    void aRunningAnimationHoldsItsTarget() throws Exception {
        LeakReport r = leaks(readers, AndroidReadersProgram.class.getName() + "$AnimatedTarget");
        LeakTrace t = r.applicationLeaks().getFirst().traces().getFirst();
        List<LeakTrace.Node> nodes = t.nodes();
        assertThat(nodes.get(nodes.size() - 2).className()).isEqualTo("android.animation.ObjectAnimator");
        assertThat(nodes.get(nodes.size() - 2).reference().display()).isEqualTo("ObjectAnimator.mTarget");
        assertThat(t.signature()).isEqualTo("6177b560a72b7e70daec75681e2282774b758553");
        // Shark 2.14's labels for the animator (its ANIMATOR and OBJECT_ANIMATOR inspectors), in its order
        assertThat(nodes.get(nodes.size() - 2).labels()).containsExactly(
                "mListeners[0] = " + AndroidReadersProgram.class.getName() + "$FadeListener", "mPropertyName = alpha",
                "mProperty.mName = alpha", "mProperty.mType = java.lang.Float", "mInitialized = true",
                "mStarted = true", "mRunning = true", "mAnimationEndRequested = false", "mDuration = 300",
                "mStartDelay = 0", "mRepeatCount = INFINITE (-1)", "mRepeatMode = REVERSE (2)");
    }
}
