package dev.heapwise.microej;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.microej.analysis.DominatorView;
import dev.heapwise.microej.analysis.HeapComparison;
import dev.heapwise.microej.analysis.HeapUsage;
import dev.heapwise.microej.analysis.Instances;
import dev.heapwise.microej.analysis.LeakSuspects;
import dev.heapwise.microej.analysis.ProgressiveUsage;
import dev.heapwise.microej.analysis.Selection;
import dev.heapwise.microej.analysis.AnalysisDominators;
import dev.heapwise.microej.analysis.TypeTable;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Heap Analyzer views on the two hand-written dumps of one run, with the numbers worked out by hand. */
class AnalysisTest {
    static final String TEST_OBJ = "com.is2t.test.HeapDumpTest$TestObj";

    @TempDir
    Path dir;

    Path first;
    Path second;

    @BeforeEach
    void copy() throws Exception {
        first = Fixtures.copy("heapdumptest.heap", dir);
        second = Fixtures.copy("heapdumptest-1.heap", dir);
    }

    @Test
    void typesAndInstances() throws Exception {
        try (HeapGraph g = MicroEj.open(first)) {
            TypeTable.Result all = TypeTable.compute(g, Selection.ALL, false);
            assertThat(all.instances()).isEqualTo(12);
            assertThat(all.size()).isEqualTo(199);
            assertThat(all.rows().getFirst()).isEqualTo(new TypeTable.Row(all.rows().getFirst().classIndex(), TEST_OBJ, 4, 56));
            TypeTable.Result worker = TypeTable.compute(g, new Selection(null, null, "worker", null, null), false);
            assertThat(worker.rows()).extracting(r -> r.name() + "=" + r.instances())
                    .containsExactly(TEST_OBJ + "=2", "int[]=1");
            TypeTable.Result window = TypeTable.compute(g, new Selection(10L, 12L, null, null, null), false);
            assertThat(window.instances()).isEqualTo(3);

            Instances.Result r = Instances.list(g, new Selection(null, null, null, null, TEST_OBJ), 10);
            assertThat(r.total()).isEqualTo(4);
            assertThat(r.rows()).extracting(Instances.Row::id).containsExactly("#101", "#102", "#103", "#104");
            assertThat(r.rows()).extracting(Instances.Row::referrers).containsExactly(1L, 1L, 1L, 0L);
            assertThat(r.rows().get(2).thread()).isEqualTo("worker");
            assertThat(r.rows().get(2).method()).isEqualTo("com.is2t.test.HeapDumpTest.start() : void");
            Instances.Result byMethod = Instances.list(g,
                    new Selection(null, null, null, "com.is2t.test.HeapDumpTest.start() : void", null), 10);
            assertThat(byMethod.total()).isEqualTo(3);
        }
    }

    @Test
    void heapUsageOverTime() throws Exception {
        try (HeapGraph g = MicroEj.open(first)) {
            HeapUsage.Result r = HeapUsage.compute(g, Selection.ALL, List.of(new Selection(null, null, null, null, TEST_OBJ),
                    new Selection(null, null, "worker", null, null)), 4);
            assertThat(r.first()).isEqualTo(3);
            assertThat(r.last()).isEqualTo(21);
            assertThat(r.total()).isEqualTo(12);
            assertThat(r.undated()).isEqualTo(2);
            // 19 stamps from 3 to 21 in 4 periods: [3,7) [7,12) [12,17) [17,21]
            assertThat(r.periodStarts()).containsExactly(3, 7, 12, 17);
            assertThat(r.charts().get(0).counts()).containsExactly(3, 2, 1, 4);
            assertThat(r.charts().get(1).counts()).containsExactly(0, 2, 1, 1);
            assertThat(r.charts().get(2).counts()).containsExactly(0, 0, 1, 2);
            HeapUsage.Result window = HeapUsage.compute(g, new Selection(10L, 13L, null, null, null), List.of(), 2);
            assertThat(window.periodStarts()).containsExactly(10, 12);
            assertThat(window.charts().get(0).counts()).containsExactly(2, 1);
        }
    }

    @Test
    void compareTwoDumps() throws Exception {
        try (HeapGraph a = MicroEj.open(first); HeapGraph b = MicroEj.open(second)) {
            HeapComparison.Result r = HeapComparison.compare(a, b, false, List.of(HeapComparison.Status.values()),
                    TEST_OBJ, 100);
            HeapComparison.TypeRow row = r.types().stream().filter(t -> t.type().equals(TEST_OBJ)).findFirst().orElseThrow();
            assertThat(row).isEqualTo(new HeapComparison.TypeRow(TEST_OBJ, 4, 4, 1, 1, 3, 1));
            assertThat(r.instances()).extracting(i -> i.id() + ":" + i.status())
                    .containsExactly("#101:GARBAGE_COLLECTED", "#102:CHANGED", "#103:PERSISTENT", "#104:PERSISTENT",
                            "#111:NEW");
            HeapComparison.Result withClasses = HeapComparison.compare(a, b, true, List.of(), null, 0);
            assertThat(withClasses.types()).anyMatch(t -> t.type().equals("com.is2t.test.HeapDumpTest$TestObj3")
                    && t.changed() == 1);
            int o = a.indexOf(102);
            int p = b.indexOf(102);
            assertThat(HeapComparison.fields(a, o, b, p)).extracting(f -> f.name() + ":" + f.oldValue() + "->"
                    + f.newValue() + (f.changed() ? "*" : "")).containsExactly("a:2->2", "b:-1->7*", "c:'B'->'B'");
            int v = b.indexOf(100);
            assertThat(HeapComparison.differs(a, a.indexOf(100), b, v)).isTrue();
        }
    }

    @Test
    void progressiveUsage() throws Exception {
        try (HeapGraph a = MicroEj.open(first); HeapGraph b = MicroEj.open(second)) {
            ProgressiveUsage.Result r = ProgressiveUsage.compute(List.of(a, b), List.of("heap-0", "heap-1"),
                    ProgressiveUsage.By.TYPE, new Selection(null, null, null, null, TEST_OBJ));
            assertThat(r.dumps()).extracting(ProgressiveUsage.Dump::instances).containsExactly(12L, 13L);
            assertThat(r.dumps()).extracting(ProgressiveUsage.Dump::lastCreated).containsExactly(21L, 31L);
            assertThat(r.series()).filteredOn(s -> s.key().equals("com.is2t.test.HeapDumpTest$TestObj2"))
                    .singleElement().satisfies(s -> assertThat(s.counts()).containsExactly(0, 1));
            assertThat(r.total().getLast()).isEqualTo(new ProgressiveUsage.Point(1, 31, 13));
            assertThat(r.selected().getLast()).isEqualTo(new ProgressiveUsage.Point(1, 31, 4));
            ProgressiveUsage.Result byThread = ProgressiveUsage.compute(List.of(a, b), List.of("0", "1"),
                    ProgressiveUsage.By.THREAD, Selection.ALL);
            assertThat(byThread.series()).filteredOn(s -> s.key().equals("worker")).singleElement()
                    .satisfies(s -> assertThat(s.counts()).containsExactly(3, 4)); // + #111
        }
    }

    @Test
    void leakSuspectsAndDominators() throws Exception {
        try (HeapGraph g = MicroEj.open(first)) {
            LeakSuspects.Params p = new LeakSuspects.Params(10, 3, 0.2, 2, 5, 10);
            LeakSuspects.Result r = LeakSuspects.find(g, p, AnalysisDominators.of(g));
            assertThat(r.types()).extracting(LeakSuspects.SuspectedType::type).containsExactly(TEST_OBJ);
            assertThat(r.points()).singleElement().satisfies(pt -> {
                assertThat(pt.id()).isEqualTo("#100");
                assertThat(pt.hold()).isEqualTo(LeakSuspects.Hold.REFERENCES);
                assertThat(pt.instances()).containsExactly("#101", "#102", "#103");
            });
            DominatorView v = new DominatorView(g, AnalysisDominators.of(g));
            int top = v.biggest(DominatorView.Metric.COUNT);
            assertThat(g.id(top)).isEqualTo(98);
            DominatorView.Node tree = v.tree(top, DominatorView.Metric.COUNT, 2, 10);
            assertThat(tree.shallowInstances()).isEqualTo(2);
            assertThat(tree.referencedInstances()).isEqualTo(7);
            assertThat(tree.children()).extracting(DominatorView.Node::id).containsExactly("#99", "#20");
            assertThat(v.consumers(top, DominatorView.GroupBy.TYPE, DominatorView.Metric.COUNT).getFirst())
                    .isEqualTo(new DominatorView.Group(TEST_OBJ, 3, 42));
            assertThat(v.consumers(top, DominatorView.GroupBy.THREAD, DominatorView.Metric.COUNT))
                    .extracting(DominatorView.Group::key).contains("main", "worker");
        }
    }

    /** Array elements compared one by one show their values as Java would: a byte of -1 is -1, not 255. */
    @Test
    void primitiveArrayElementsKeepTheirSign() throws Exception {
        String before = "<heap>\n<array id=\"5\" class=\"[B\" length=\"3\" elementsType=\"B\">-1 2 3</array>\n</heap>\n";
        Path a = Fixtures.write(dir, "bytes1.heap", before);
        Path b = Fixtures.write(dir, "bytes2.heap", before.replace("-1 2 3", "-1 2 -4"));
        try (HeapGraph x = MicroEj.open(a); HeapGraph y = MicroEj.open(b)) {
            assertThat(HeapComparison.fields(x, x.indexOf(5), y, y.indexOf(5)))
                    .extracting(f -> f.name() + ":" + f.oldValue() + "->" + f.newValue() + (f.changed() ? "*" : ""))
                    .containsExactly("length:3->3", "[0]:-1->-1", "[1]:2->2", "[2]:3->-4*");
        }
    }

    @Test
    void aLinkedListAccumulatesUnderTheObjectThatDominatesIt() throws Exception {
        StringBuilder xml = new StringBuilder("<heap>\n<class name=\"Lapp/Holder;\" id=\"1\"><field name=\"it\" id=\"10\"/></class>\n"
                + "<class name=\"Lapp/Node;\" id=\"2\"/>\n"
                + "<object id=\"10\" class=\"app/Holder\" tag=\"0\" createdAt=\"0\"><field name=\"head\" id=\"100\"/></object>\n");
        for (int i = 0; i < 20; i++) {
            xml.append("<object id=\"").append(100 + i).append("\" class=\"app/Node\" tag=\"0\" createdAt=\"").append(i * 5)
                    .append("\"><field name=\"next\"").append(i < 19 ? " id=\"" + (101 + i) + "\"" : "").append("/></object>\n");
        }
        xml.append("</heap>\n");
        Path dump = Fixtures.write(dir, "list.heap", xml.toString());
        try (HeapGraph g = MicroEj.open(dump)) {
            LeakSuspects.Params p = LeakSuspects.Params.defaults();
            LeakSuspects.Result direct = LeakSuspects.find(g, p, null);
            assertThat(direct.types()).extracting(LeakSuspects.SuspectedType::type).containsExactly("app.Node");
            assertThat(direct.points()).isEmpty(); // each node is held by one other node only
            LeakSuspects.Result dominated = LeakSuspects.find(g, p, AnalysisDominators.of(g));
            assertThat(dominated.points()).singleElement().satisfies(pt -> {
                assertThat(pt.id()).isEqualTo("#10");
                assertThat(pt.hold()).isEqualTo(LeakSuspects.Hold.DOMINATES);
                assertThat(pt.accumulated()).isEqualTo(20);
            });
        }
    }
}
