package dev.heapwise.analysis.leaks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
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
 * running Shark 2.14 on the same program's dump: the last reference's text and the signature,
 * whose suspect references are the program's static field and the collection's entry).
 */
class CollectionTracesTest {
    static final String P = CollectionsProgram.class.getName();
    @TempDir
    static Path dir;
    static Path dump;

    @BeforeAll
    static void dump() throws Exception {
        dump = dir.resolve("collections.hprof");
        ChildJvm.run(PlantedDump.JVM, CollectionsProgram.class, dump.toString());
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
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults()
                    .withFinders(List.of(new ClassNameFinder(P + "$" + leaking))), ProgressListener.NONE);
            LeakTrace t = r.applicationLeaks().getFirst().traces().getFirst();
            List<LeakTrace.Node> nodes = t.nodes();
            LeakTrace.Node holder = nodes.get(nodes.size() - 2);
            assertThat(holder.className()).isEqualTo(collection);
            assertThat(holder.reference().display()).startsWith(shown);
            assertThat(nodes.get(nodes.size() - 3).reference().display()).isEqualTo("static CollectionsProgram." + field);
            assertThat(t.signature()).isEqualTo(Signatures.sha1(P + field + collection + "[x]"));
        }
    }

    @Test
    void aByObjectKeyIsNamedByItsIdInDecimal() throws Exception {
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults()
                    .withFinders(List.of(new ClassNameFinder(P + "$ByObject"))), ProgressListener.NONE);
            List<LeakTrace.Node> nodes = r.applicationLeaks().getFirst().traces().getFirst().nodes();
            assertThat(nodes.get(nodes.size() - 2).reference().display())
                    .matches("HashMap\\[instance @[0-9]+ of java\\.lang\\.Object]");
        }
    }
}
