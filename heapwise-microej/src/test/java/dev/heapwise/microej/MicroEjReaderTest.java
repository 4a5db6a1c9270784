package dev.heapwise.microej;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RootKind;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hand-written realistic dump, read into the graph: every element kind and attribute. */
class MicroEjReaderTest {
    @TempDir
    Path dir;

    private static List<Long> outIds(HeapGraph g, int o) {
        List<Long> ids = new ArrayList<>();
        var c = g.outRefs();
        c.reset(o);
        for (int t; (t = c.next()) >= 0; ) {
            ids.add(g.id(t));
        }
        return ids;
    }

    @Test
    void readsClassesObjectsArraysLiteralsAndAttributes() throws Exception {
        Path dump = Fixtures.copy("heapdumptest.heap", dir);
        try (HeapGraph g = MicroEj.open(dump)) {
            assertThat(g.info().format()).isEqualTo("microej");
            assertThat(g.info().vm()).isEqualTo("microej");
            // 8 class elements + literal + 2 + 4 objects + 5 arrays, and the made-up classes (none here)
            assertThat(g.objectCount()).isEqualTo(8 + 1 + 1 + 2 + 4 + 4);
            HeapClass testObj = g.classesNamed("com.is2t.test.HeapDumpTest$TestObj").getFirst();
            assertThat(testObj.instanceCount()).isEqualTo(4);
            assertThat(testObj.fields()).extracting(f -> f.name() + ":" + f.type())
                    .containsExactly("a:INT", "b:INT", "c:CHAR");
            assertThat(g.heapClass(testObj.superIndex()).name()).isEqualTo("java.lang.Object");
            // sizes: header 4 + int 4 + int 4 + char 2
            assertThat(testObj.instanceSize()).isEqualTo(14);

            int o102 = g.indexOf(102);
            assertThat(g.kind(o102)).isEqualTo(ObjectKind.INSTANCE);
            Map<String, Long> values = new HashMap<>();
            for (FieldValue v : g.fields(o102)) {
                values.put(v.name(), v.raw());
            }
            assertThat(values).containsEntry("a", 2L).containsEntry("b", -1L).containsEntry("c", 66L);

            int main = g.indexOf(98);
            assertThat(g.field(main, "ratio").asDouble()).isEqualTo(0.5);
            assertThat(g.field(main, "done").asBoolean()).isFalse();
            assertThat(outIds(g, main)).containsExactly(99L, 20L);
            assertThat(g.readString(g.indexOf(20), 100)).isNull(); // MicroEJ String layout is not the JDK's
            assertThat(new String(toChars(g.readPrimitiveArray(g.indexOf(21), 0, 5)))).isEqualTo("hello");

            int array = g.indexOf(100);
            assertThat(g.kind(array)).isEqualTo(ObjectKind.OBJECT_ARRAY);
            assertThat(g.heapClass(g.classOf(array)).name()).isEqualTo("java.lang.Object[]");
            assertThat(g.readObjectArray(array, 0, 4)).containsExactly(101, 102, 103, 0);
            assertThat(g.shallowSize(array)).isEqualTo(8 + 4 * 4);

            int ints = g.indexOf(105);
            assertThat(g.heapClass(g.classOf(ints)).name()).isEqualTo("int[]");
            ByteBuffer b = ByteBuffer.wrap(g.readPrimitiveArray(ints, 0, 3));
            assertThat(new int[] {b.getInt(), b.getInt(), b.getInt()}).containsExactly(10, -20, Integer.MAX_VALUE);
            assertThat(g.arrayLength(g.indexOf(106))).isZero();
            ByteBuffer d = ByteBuffer.wrap(g.readPrimitiveArray(g.indexOf(107), 0, 2));
            assertThat(d.getLong()).isEqualTo(4611686018427387904L); // bits
            assertThat(Double.longBitsToDouble(d.getLong())).isEqualTo(-1.5); // decimal accepted in D arrays

            HeapClass t3 = g.classesNamed("com.is2t.test.HeapDumpTest$TestObj3").getFirst();
            assertThat(g.staticFields(t3.index())).extracting(v -> v.name() + "=" + v.raw())
                    .containsExactly("a=0", "b=23", "c=0");
            HeapClass main4 = g.classesNamed("com.is2t.test.HeapDumpTest").getFirst();
            assertThat(g.staticFields(main4.index()).get(1).raw()).isEqualTo(-9000000000L);
            assertThat(g.staticFields(main4.index()).get(0).type()).isEqualTo(FieldType.OBJECT);

            MicroEjAttributes a = new MicroEjAttributes(g);
            assertThat(a.createdAt(g.indexOf(103))).isEqualTo(12);
            assertThat(a.thread(g.indexOf(103))).isEqualTo("worker");
            assertThat(a.tag(g.indexOf(103))).isEqualTo("1");
            assertThat(a.method(main)).isEqualTo("com/is2t/test/HeapDumpTest.main([Ljava/lang/String;)V");
            assertThat(a.methodJava(main)).isEqualTo("com.is2t.test.HeapDumpTest.main(java.lang.String[]) : void");
            assertThat(a.method(array)).isEqualTo("java/util/Vector.<init>()V");
            assertThat(a.method(g.indexOf(104))).isNull();
            assertThat(a.createdAt(g.indexOf(4))).isEqualTo(MicroEjAttributes.NO_TIME);
            assertThat(a.label(array)).isEqualTo("#100");
            assertThat(a.find("#100")).isEqualTo(array);
            assertThat(a.find("100")).isEqualTo(array);

            Map<Long, RootKind> roots = new HashMap<>();
            for (GcRoot r : g.roots()) {
                roots.put(g.id(r.object()), r.kind());
            }
            assertThat(roots).containsEntry(4L, RootKind.CLASS_STATICS)
                    .containsEntry(104L, RootKind.HELD_OUTSIDE_DUMP)
                    .containsEntry(105L, RootKind.HELD_OUTSIDE_DUMP)
                    .doesNotContainKey(98L) // reached from HeapDumpTest.instance
                    .doesNotContainKey(101L);
            assertThat(RootKind.HELD_OUTSIDE_DUMP.label()).isEqualTo("unknown/held outside the dump");
            assertThat(g.info().warnings()).anyMatch(w -> w.contains("unknown/held outside the dump"));
            assertThat(MicroEj.readReport(g).total()).isZero();
        }
        // the second open maps the index
        try (HeapGraph g = MicroEj.open(dump)) {
            assertThat(g.objectCount()).isEqualTo(20);
        }
    }

    private static char[] toChars(byte[] bytes) {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        char[] out = new char[bytes.length / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = b.getChar();
        }
        return out;
    }
}
