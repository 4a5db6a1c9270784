package dev.heapwise.hprof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.Reference;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.StackFrame;
import dev.heapwise.hprof.fixture.FixtureDumps;
import dev.heapwise.hprof.fixture.FixtureProgram;
import dev.heapwise.hprof.fixture.VmHistogram;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real JDK 25 JVM builds a known object graph, takes its own class histogram and dumps itself;
 * heapwise must read exactly that graph, with the VM's own sizes.
 */
class FixtureDumpTest {
    static final String FIXTURE = FixtureProgram.class.getName();
    static FixtureDumps dumps;
    static HeapGraph graph;
    static HeapGraph gzGraph;

    @BeforeAll
    static void dump() throws Exception {
        dumps = FixtureDumps.get();
        graph = Hprof.open(dumps.plain);
        gzGraph = Hprof.open(dumps.gzip);
    }

    @AfterAll
    static void close() {
        graph.close();
        gzGraph.close();
    }

    static Map<String, long[]> histogram(HeapGraph g) {
        Map<String, long[]> h = new HashMap<>();
        for (HeapClass c : g.classes()) {
            long[] v = h.computeIfAbsent(c.name(), k -> new long[2]);
            v[0] += c.instanceCount();
            v[1] += c.shallowSizeOfInstances();
        }
        return h;
    }

    @Test
    void matchesTheVmsOwnClassHistogram() throws Exception {
        VmHistogram vm = VmHistogram.parse(dumps.histogram);
        Map<String, long[]> ours = histogram(graph);
        int checked = 0;
        for (var e : vm.classes.entrySet()) {
            String name = e.getKey();
            long[] v = e.getValue();
            long[] o = ours.get(name);
            if (name.startsWith(FIXTURE)) {
                assertThat(o).as("count and bytes of %s", name).isEqualTo(v);
                checked++;
            } else if (o != null && o[0] > 0 && !name.endsWith("[]") && !name.equals("java.lang.Class")) {
                assertThat(o[1] / o[0]).as("bytes per instance of %s", name).isEqualTo(v[1] / v[0]);
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(300);
        assertThat(ours.get(FIXTURE + "$ListNode")[0]).isEqualTo(1000);
        double total = graph.info().totalShallowSize();
        assertThat(total / vm.totalBytes).as("heap totals").isCloseTo(1.0, within(0.005));
        assertThat(graph.info().sizeModel()).startsWith("HotSpot, compressed oops and class pointers, JDK 19+ (");
    }

    private static int single(HeapGraph g, String simpleName) {
        HeapClass c = g.classesNamed(FIXTURE + "$" + simpleName).getFirst();
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i < g.objectCount(); i++) {
            if (g.classOf(i) == c.index() && g.kind(i) != ObjectKind.CLASS) {
                found.add(i);
            }
        }
        assertThat(found).as("instances of %s", simpleName).hasSize(1);
        return found.getFirst();
    }

    private static Map<String, FieldValue> fields(HeapGraph g, int object) {
        Map<String, FieldValue> m = new HashMap<>();
        g.fields(object).forEach(f -> m.putIfAbsent(f.name(), f));
        return m;
    }

    @Test
    void readsFieldValuesOfEveryType() {
        for (HeapGraph g : List.of(graph, gzGraph)) {
            int all = single(g, "AllTypes");
            Map<String, FieldValue> f = fields(g, all);
            assertThat(f.get("z").asBoolean()).isTrue();
            assertThat(f.get("b").asInt()).isEqualTo(-7);
            assertThat((char) f.get("c").asInt()).isEqualTo('ß');
            assertThat(f.get("s").asInt()).isEqualTo(-1234);
            assertThat(f.get("i").asInt()).isEqualTo(123456789);
            assertThat(f.get("j").asLong()).isEqualTo(-9876543210L);
            assertThat(f.get("f").asDouble()).isEqualTo(1.5);
            assertThat(f.get("d").asDouble()).isEqualTo(-2.25);
            assertThat(g.readString(g.indexOf(f.get("text").objectId()), 100)).isEqualTo("hello heapwise");
            assertThat(f.get("other").objectId()).as("a self reference").isEqualTo(g.id(all));
        }
    }

    @Test
    void readsReferencesBothWays() {
        HeapGraph g = graph;
        int root = single(g, "Root");
        Map<String, FieldValue> f = fields(g, root);
        int cycleA = g.indexOf(f.get("cycleA").objectId());
        int cycleB = g.indexOf(fields(g, cycleA).get("next").objectId());
        assertThat(g.indexOf(fields(g, cycleB).get("next").objectId())).as("the cycle closes").isEqualTo(cycleA);

        List<Reference> outOfRoot = g.references(root);
        assertThat(outOfRoot).anySatisfy(r -> {
            assertThat(r.to()).isEqualTo(cycleA);
            assertThat(r.label()).isEqualTo("cycleA");
        });
        RefCursor in = g.inRefs();
        in.reset(cycleA);
        List<Integer> referrers = new ArrayList<>();
        for (int s; (s = in.next()) >= 0; ) {
            referrers.add(s);
        }
        assertThat(referrers).contains(root, cycleB);

        int objects = g.indexOf(f.get("objects").objectId());
        assertThat(g.kind(objects)).isEqualTo(ObjectKind.OBJECT_ARRAY);
        assertThat(g.arrayLength(objects)).isEqualTo(5);
        assertThat(g.references(objects)).extracting(Reference::label).containsExactly("[0]", "[2]", "[4]");
        assertThat(g.readString(g.indexOf(g.readObjectArray(objects, 2, 1)[0]), 50)).isEqualTo("element two");
    }

    @Test
    void readsPrimitiveArraysAndStrings() {
        for (HeapGraph g : List.of(graph, gzGraph)) {
            Map<String, FieldValue> f = fields(g, single(g, "Root"));
            assertThat(bytes(g, f, "booleans")).containsExactly(1, 0, 1);
            assertThat(bytes(g, f, "bytes")).containsExactly(1, 2, 3, -1);
            assertThat(ByteBuffer.wrap(bytes(g, f, "chars")).asCharBuffer().toString()).isEqualTo("hw");
            assertThat(ByteBuffer.wrap(bytes(g, f, "shorts")).getShort(2)).isEqualTo((short) 2);
            assertThat(ByteBuffer.wrap(bytes(g, f, "ints")).getInt(12)).isEqualTo(40);
            assertThat(ByteBuffer.wrap(bytes(g, f, "longs")).getLong(0)).isEqualTo(Long.MIN_VALUE);
            assertThat(ByteBuffer.wrap(bytes(g, f, "floats")).getFloat(0)).isEqualTo(0.5f);
            assertThat(ByteBuffer.wrap(bytes(g, f, "doubles")).getDouble(8)).isEqualTo(-1e300);
            assertThat(g.readString(g.indexOf(f.get("latin1").objectId()), 100)).isEqualTo("plain latin-1 text");
            assertThat(g.readString(g.indexOf(f.get("utf16").objectId()), 100)).isEqualTo("Grüße, 世界 \uD83D\uDE00");
        }
    }

    private static byte[] bytes(HeapGraph g, Map<String, FieldValue> f, String field) {
        int a = g.indexOf(f.get(field).objectId());
        assertThat(g.kind(a)).isEqualTo(ObjectKind.PRIMITIVE_ARRAY);
        return g.readPrimitiveArray(a, 0, (int) g.arrayLength(a));
    }

    @Test
    void findsRootsAndTheStaticHolder() {
        HeapGraph g = graph;
        HeapClass program = g.classesNamed(FIXTURE).getFirst();
        int marker = single(g, "Marker");
        assertThat(g.references(program.objectIndex())).anySatisfy(r -> {
            assertThat(r.kind()).isEqualTo(Reference.Kind.STATIC_FIELD);
            assertThat(r.name()).isEqualTo("staticHolder");
            assertThat(r.to()).isEqualTo(marker);
        });
        Map<RootKind, Integer> kinds = new HashMap<>();
        for (GcRoot r : g.roots()) {
            kinds.merge(r.kind(), 1, Integer::sum);
        }
        assertThat(kinds).containsKeys(RootKind.THREAD_OBJECT, RootKind.JAVA_FRAME, RootKind.STICKY_CLASS,
                RootKind.JNI_GLOBAL);
    }

    @Test
    void findsTheThreadHoldingALocal() {
        for (HeapGraph g : List.of(graph, gzGraph)) {
            HeapThread t = g.threads().stream().filter(x -> x.name().equals("heapwise-local-holder")).findFirst()
                    .orElseThrow();
            assertThat(g.kind(t.objectIndex())).isEqualTo(ObjectKind.INSTANCE);
            int local = single(g, "LocalHeld");
            StackFrame lambda = t.frames().stream().filter(fr -> fr.locals().contains(local)).findFirst().orElseThrow();
            assertThat(lambda.className()).isEqualTo(FIXTURE);
            assertThat(lambda.method()).startsWith("lambda$main");
            assertThat(t.frames().getFirst().display()).isNotBlank();
            assertThat(g.threads()).anySatisfy(x -> assertThat(x.name()).isEqualTo("main"));
        }
    }

    /**
     * A thread object refers to what its stack holds (MAT's thread to local references): after its
     * fields, named by frame, stored both ways; such an object stays a Java-frame root but is reached
     * through the thread, not from the roots directly.
     */
    @Test
    void aThreadRefersToTheObjectsItsFramesHold() {
        for (HeapGraph g : List.of(graph, gzGraph)) {
            HeapThread t = g.threads().stream().filter(x -> x.name().equals("heapwise-local-holder")).findFirst()
                    .orElseThrow();
            int thread = t.objectIndex();
            int local = single(g, "LocalHeld");
            int depth = java.util.stream.IntStream.range(0, t.frames().size())
                    .filter(i -> t.frames().get(i).locals().contains(local)).findFirst().orElseThrow();
            List<Reference> refs = g.references(thread);
            int locals = g.localReferenceCount(thread);
            assertThat(locals).isPositive().isLessThan(refs.size());
            for (int k = 0; k < refs.size(); k++) {
                assertThat(refs.get(k).kind() == Reference.Kind.LOCAL).as("reference %d", k)
                        .isEqualTo(k >= refs.size() - locals);
            }
            assertThat(refs).filteredOn(r -> r.to() == local).singleElement()
                    .satisfies(r -> assertThat(r.label()).isEqualTo("<local in frame " + depth + ": "
                            + t.frames().get(depth).display() + ">"));
            RefCursor in = g.inRefs();
            in.reset(local);
            List<Integer> referrers = new ArrayList<>();
            for (int s; (s = in.next()) >= 0; ) {
                referrers.add(s);
            }
            assertThat(referrers).containsExactly(thread);
            assertThat(g.isRoot(local)).isTrue();
            assertThat(g.isReachabilityRoot(local)).isFalse();
            assertThat(g.isReachabilityRoot(thread)).isTrue();
            assertThat(g.roots()).filteredOn(r -> r.object() == local).allSatisfy(r -> {
                assertThat(r.kind()).isEqualTo(RootKind.JAVA_FRAME);
                assertThat(r.holder()).isEqualTo(thread);
            });
            assertThat(t.threwOutOfMemoryError()).isFalse();
            // Every object's named references are its stored ones, in order: LOCAL ones included.
            long stored = 0;
            long localRefs = 0;
            RefCursor out = g.outRefs();
            for (int o = 0; o < g.objectCount(); o++) {
                List<Reference> named = g.references(o);
                out.reset(o);
                assertThat(out.count()).as("object %d", o).isEqualTo(named.size());
                for (Reference r : named) {
                    assertThat(out.next()).isEqualTo(r.to());
                }
                stored += named.size();
                localRefs += g.localReferenceCount(o);
            }
            assertThat(stored).isEqualTo(g.referenceCount()).isEqualTo(g.info().references());
            assertThat(localRefs).isEqualTo(g.roots().stream().filter(r -> !r.startsReachability())
                    .map(r -> List.of(r.holder(), r.object())).distinct().count());
        }
    }

    @Test
    void plainAndGzipDumpsGiveTheSameFixtureClasses() {
        Map<String, long[]> plain = histogram(graph);
        Map<String, long[]> gz = histogram(gzGraph);
        plain.forEach((name, v) -> {
            if (name.startsWith(FIXTURE)) {
                assertThat(gz.get(name)).as(name).isEqualTo(v);
            }
        });
        assertThat(gzGraph.info().formatDetail()).isEqualTo("JAVA PROFILE 1.0.2");
    }
}
