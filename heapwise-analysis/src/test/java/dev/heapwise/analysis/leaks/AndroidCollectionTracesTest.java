package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.AndroidCollectionsProgram;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.hprof.fixture.ChildJvm;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Android's collections on a leak trace, shown and signed as Shark 2.14's reference readers for
 * them make it: the expected signatures are the ones Shark 2.14 printed for this program's dump.
 */
class AndroidCollectionTracesTest {
    @TempDir
    static Path dir;
    static Path dump;

    @BeforeAll
    static void dump() throws Exception {
        dump = dir.resolve("android-collections.hprof");
        ChildJvm.run(PlantedDump.JVM, AndroidCollectionsProgram.class, dump.toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "Queued        | MessageQueue[2]              | android.os.MessageQueue                       | b0c030d084fec6536b5904f093b200a5a65ad427",
        "InArraySet    | ArraySet[element()]          | android.util.ArraySet                         | 2a4a4004986fd7afeea15fa04166db55fa7cbf0b",
        "ObserverValue | SafeIterableMap[\"observer\"] | androidx.arch.core.internal.SafeIterableMap   | b31c9db203e5008d5e9b5c12a8684f966b5126aa",
        "ObserverKey   | SafeIterableMap[key()]       | androidx.arch.core.internal.SafeIterableMap   | b31c9db203e5008d5e9b5c12a8684f966b5126aa",
        "FastValue     | FastSafeIterableMap[\"fast\"] | androidx.arch.core.internal.FastSafeIterableMap | 0c679d42b59d9ebe5f516c0b6df34fc576cb3056"})
    void androidCollectionsReferToWhatTheyHold(String leaking, String shown, String collection, String sharkSignature)
            throws Exception {
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults()
                    .withFinders(List.of(new ClassNameFinder(AndroidCollectionsProgram.class.getName() + "$" + leaking))),
                    ProgressListener.NONE);
            LeakTrace t = r.applicationLeaks().getFirst().traces().getFirst();
            List<LeakTrace.Node> nodes = t.nodes();
            LeakTrace.Node holder = nodes.stream().filter(n -> n.className().equals(collection)).findFirst().orElseThrow();
            assertThat(holder.reference().display()).isEqualTo(shown);
            assertThat(t.signature()).isEqualTo(sharkSignature);
            if (leaking.equals("Queued")) { // the message stays a node: what holds the object is its field
                assertThat(nodes.get(nodes.size() - 2).reference().display()).isEqualTo("Message.obj");
            }
        }
    }
}
