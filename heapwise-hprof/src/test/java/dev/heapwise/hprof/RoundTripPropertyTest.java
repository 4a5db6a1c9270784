package dev.heapwise.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.RowReader;
import dev.heapwise.graph.Reference;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Random heaps written as HPROF and read back must give exactly the model's graph. */
class RoundTripPropertyTest {

    @Property(tries = 80)
    void readerRebuildsTheWrittenHeap(@ForAll @LongRange(min = 1, max = 1_000_000) long seed,
            @ForAll @IntRange(min = 0, max = 12) int classCount, @ForAll @IntRange(min = 0, max = 300) int objectCount,
            @ForAll boolean wideIds, @ForAll boolean gzip, @ForAll RandomHeap.Order order,
            @ForAll @IntRange(min = 1, max = 4) int threads) throws IOException {
        RandomHeap model = new RandomHeap(seed, wideIds ? 8 : 4, classCount, objectCount);
        Path dir = Files.createTempDirectory("hw-roundtrip");
        Path dump = dir.resolve(gzip ? "heap.hprof.gz" : "heap.hprof");
        model.write(dump, gzip, order, 200, seed);
        try (HeapGraph g = Hprof.open(dump, Hprof.Options.defaults().withThreads(threads))) {
            check(model, g);
        }
        // A second open maps the saved index and must see the same graph, also after its pages left memory.
        try (HeapGraph g = Hprof.open(dump)) {
            check(model, g);
            g.releaseMappedPages();
            check(model, g);
        }
        dev.heapwise.graph.internal.IndexStore.deleteTree(dir);
    }

    /**
     * Rows and classes read a block at a time match the cursor's and classOf, with blocks and
     * buffers small enough that a read stops early or cannot take its first row.
     */
    private static void checkRowBlocks(HeapGraph g) {
        java.util.Random r = new java.util.Random(g.objectCount() * 31L + g.referenceCount());
        RowReader rows = g.outRows();
        RefCursor c = g.outRefs();
        for (int from = 0; from < g.objectCount(); ) {
            int[] ends = new int[1 + r.nextInt(8)];
            int[] targets = new int[r.nextInt(6)];
            int want = Math.min(ends.length, g.objectCount() - from);
            int got = rows.read(from, want, ends, targets);
            c.reset(from);
            assertThat(rows.rowLength(from)).isEqualTo(c.count());
            if (got == 0) {
                assertThat(c.count()).as("first row of a read that took none").isGreaterThan(targets.length);
                targets = new int[(int) c.count()];
                got = rows.read(from, want, ends, targets);
                assertThat(got).isPositive();
            }
            int[] classes = new int[got];
            g.readClasses(from, got, classes);
            for (int k = 0, start = 0; k < got; start = ends[k++]) {
                c.reset(from + k);
                List<Integer> expected = new ArrayList<>();
                for (int t; (t = c.next()) >= 0; ) {
                    expected.add(t);
                }
                List<Integer> actual = new ArrayList<>();
                for (int e = start; e < ends[k]; e++) {
                    actual.add(targets[e]);
                }
                assertThat(actual).as("row of %d read in a block", from + k).isEqualTo(expected);
                assertThat(classes[k]).isEqualTo(g.classOf(from + k));
            }
            if (got < want) {
                c.reset(from + got);
                assertThat(ends[got - 1] + c.count()).as("a read stops only at a row that does not fit")
                        .isGreaterThan(targets.length);
            }
            from += got;
        }
    }

    private static void check(RandomHeap model, HeapGraph g) {
        // Objects: the model's objects plus one class object per class, in id order.
        TreeMap<Long, Object> expected = new TreeMap<>();
        model.objects.forEach(o -> expected.put(o.id, o));
        model.classes.forEach(c -> expected.put(c.id, c));
        assertThat(g.objectCount()).isEqualTo(expected.size());
        int i = 0;
        for (Long id : expected.keySet()) {
            assertThat(g.id(i)).isEqualTo(id);
            assertThat(g.indexOf(id)).isEqualTo(i);
            i++;
        }
        assertThat(g.indexOf(model.danglingId)).isEqualTo(-1);

        long refs = 0;
        RefCursor out = g.outRefs();
        List<List<Integer>> referrers = new ArrayList<>();
        for (int k = 0; k < g.objectCount(); k++) {
            referrers.add(new ArrayList<>());
        }
        for (int k = 0; k < g.objectCount(); k++) {
            Object m = expected.get(g.id(k));
            List<Long> expectedTargets = new ArrayList<>();
            if (m instanceof RandomHeap.Cls c) {
                assertThat(g.kind(k)).isEqualTo(ObjectKind.CLASS);
                HeapClass hc = g.heapClass(g.classIndexOfClassObject(k));
                assertThat(hc.name()).isEqualTo(c.name);
                assertThat(hc.fields()).isEqualTo(c.fields);
                if (c.sup != null) {
                    expectedTargets.add(c.sup.id);
                }
                for (var s : c.statics) {
                    if (s.type() == FieldType.OBJECT && s.raw() != 0) {
                        expectedTargets.add(s.raw());
                    }
                }
            } else {
                RandomHeap.Obj o = (RandomHeap.Obj) m;
                HeapClass hc = g.heapClass(g.classOf(k));
                if (o.primType != null) {
                    assertThat(g.kind(k)).isEqualTo(ObjectKind.PRIMITIVE_ARRAY);
                    assertThat(hc.name()).isEqualTo(o.primType.javaName() + "[]");
                    assertThat(g.arrayLength(k)).isEqualTo(o.primLength);
                    assertThat(g.readPrimitiveArray(k, 0, o.primLength)).isEqualTo(o.primData);
                    // Into a caller's buffer: whole elements from any index, as many as fit.
                    int es = o.primType.size(g.info().idSize());
                    long from = o.primLength == 0 ? 0 : (k * 31L) % (o.primLength + 1);
                    byte[] buf = new byte[1 + (k * 7919) % 40];
                    int n = g.readPrimitiveArray(k, from, buf);
                    int fit = (int) Math.min(buf.length / es, o.primLength - from) * es;
                    assertThat(n).as("bytes into a buffer of %d from %d", buf.length, from).isEqualTo(fit);
                    assertThat(java.util.Arrays.copyOf(buf, n))
                            .isEqualTo(java.util.Arrays.copyOfRange(o.primData, (int) (from * es), (int) (from * es) + fit));
                } else if (o.cls.arrayOf != null) {
                    assertThat(g.kind(k)).isEqualTo(ObjectKind.OBJECT_ARRAY);
                    assertThat(g.readObjectArray(k, 0, o.values.length)).isEqualTo(o.values);
                    for (long v : o.values) {
                        expectedTargets.add(v);
                    }
                } else {
                    assertThat(g.kind(k)).isEqualTo(ObjectKind.INSTANCE);
                    assertThat(hc.name()).isEqualTo(o.cls.name);
                    List<FieldDef> all = o.cls.allFields();
                    List<FieldValue> values = g.fields(k);
                    assertThat(values).hasSize(all.size());
                    for (int f = 0; f < all.size(); f++) {
                        assertThat(values.get(f).name()).isEqualTo(all.get(f).name());
                        assertThat(values.get(f).raw()).as("field %s", all.get(f).name()).isEqualTo(o.values[f]);
                        if (all.get(f).type() == FieldType.OBJECT) {
                            expectedTargets.add(o.values[f]);
                        }
                    }
                }
            }
            List<Integer> targets = new ArrayList<>();
            for (long t : expectedTargets) {
                if (t != 0 && expected.containsKey(t)) {
                    targets.add(g.indexOf(t));
                }
            }
            out.reset(k);
            List<Integer> actual = new ArrayList<>();
            for (int t; (t = out.next()) >= 0; ) {
                actual.add(t);
                referrers.get(t).add(k);
            }
            assertThat(actual).as("outbound refs of %x", g.id(k)).isEqualTo(targets);
            assertThat(g.outRefsBefore(k)).as("refs before %x", g.id(k)).isEqualTo(refs);
            List<Integer> named = g.references(k).stream().map(Reference::to).toList();
            assertThat(named).as("named refs of %x", g.id(k)).isEqualTo(targets);
            refs += actual.size();
        }
        assertThat(g.referenceCount()).isEqualTo(refs);
        assertThat(g.outRefsBefore(g.objectCount())).isEqualTo(refs);
        checkRowBlocks(g);
        RefCursor in = g.inRefs();
        for (int k = 0; k < g.objectCount(); k++) {
            in.reset(k);
            List<Integer> actual = new ArrayList<>();
            for (int s; (s = in.next()) >= 0; ) {
                actual.add(s);
            }
            assertThat(actual).as("referrers of %x", g.id(k)).isEqualTo(referrers.get(k));
        }
        Set<String> expectedRoots = new HashSet<>();
        for (long[] r : model.roots) {
            expectedRoots.add(g.indexOf(r[0]) + ":" + dev.heapwise.graph.RootKind.values()[(int) r[1]]);
        }
        Set<String> actualRoots = new HashSet<>();
        for (GcRoot r : g.roots()) {
            actualRoots.add(r.object() + ":" + r.kind());
            assertThat(g.isRoot(r.object())).isTrue();
        }
        assertThat(actualRoots).isEqualTo(expectedRoots);
    }
}
