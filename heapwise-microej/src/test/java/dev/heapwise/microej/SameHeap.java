package dev.heapwise.microej;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.Reference;
import java.util.ArrayList;
import java.util.List;

/**
 * What "the same heap" means across formats: the same objects (ids and kinds), each of the same
 * class (by name), instances with the same field values in the same order (name, type, raw bits),
 * arrays with the same length and content, classes with the same superclass and statics, and the
 * same field and array-element references of instances and arrays, in order. Not compared: sizes
 * (each format has its own size model), roots (MicroEJ dumps have none; they are synthesized), the
 * class objects' structural references (loader, protection domain, signers) and a class loader's
 * links to the classes it defined (MicroEJ has no class loaders), and which class declares an
 * inherited field when that class has no instances of its own.
 */
final class SameHeap {
    private SameHeap() {}

    static void assertSame(HeapGraph a, HeapGraph b) {
        assertSame(a, b, false);
    }

    /**
     * @param danglingAsNull read {@code a}'s references to objects it does not contain as null
     *                       (the MicroEJ writer writes them so); and primitive arrays {@code a}
     *                       has no data for (Android) as zeros
     */
    static void assertSame(HeapGraph a, HeapGraph b, boolean danglingAsNull) {
        assertThat(b.objectCount()).as("objects").isEqualTo(a.objectCount());
        var cb = b.outRefs();
        for (int o = 0; o < a.objectCount(); o++) {
            String where = "object 0x" + Long.toHexString(a.id(o));
            assertThat(b.id(o)).as(where).isEqualTo(a.id(o));
            assertThat(b.kind(o)).as(where).isEqualTo(a.kind(o));
            switch (a.kind(o)) {
                case CLASS -> {
                    HeapClass x = a.heapClass(a.classIndexOfClassObject(o));
                    HeapClass y = b.heapClass(b.classIndexOfClassObject(o));
                    assertThat(y.name()).as(where).isEqualTo(x.name());
                    assertThat(name(b, y.superIndex())).as(where + " superclass").isEqualTo(name(a, x.superIndex()));
                    assertThat(values(b.staticFields(y.index()))).as(where + " statics")
                            .isEqualTo(values(a, a.staticFields(x.index()), danglingAsNull));
                    continue;
                }
                case INSTANCE -> assertThat(values(b.fields(o))).as(where).isEqualTo(values(a, a.fields(o), danglingAsNull));
                case OBJECT_ARRAY -> {
                    int n = (int) a.arrayLength(o);
                    assertThat(b.arrayLength(o)).as(where).isEqualTo(n);
                    long[] want = a.readObjectArray(o, 0, n);
                    for (int i = 0; danglingAsNull && i < n; i++) {
                        want[i] = want[i] != 0 && a.indexOf(want[i]) < 0 ? 0 : want[i];
                    }
                    assertThat(b.readObjectArray(o, 0, n)).as(where).isEqualTo(want);
                }
                case PRIMITIVE_ARRAY -> {
                    int n = (int) a.arrayLength(o);
                    assertThat(b.arrayLength(o)).as(where).isEqualTo(n);
                    byte[] want = a.readPrimitiveArray(o, 0, n);
                    if (want != null || !danglingAsNull) {
                        assertThat(b.readPrimitiveArray(o, 0, n)).as(where).isEqualTo(want);
                    }
                }
            }
            assertThat(b.heapClass(b.classOf(o)).name()).as(where).isEqualTo(a.heapClass(a.classOf(o)).name());
            assertThat(heapReferences(b, o)).as(where + " references").isEqualTo(heapReferences(a, o));
            cb.reset(o);
            List<Long> tb = new ArrayList<>();
            for (int t; (t = cb.next()) >= 0; ) {
                tb.add(b.id(t));
            }
            assertThat(tb).as(where + " cursor").isEqualTo(heapReferences(b, o));
        }
    }

    /** Field and array-element references (a loader's DEFINED_CLASS links are HPROF-only). */
    private static List<Long> heapReferences(HeapGraph g, int o) {
        List<Long> out = new ArrayList<>();
        for (Reference r : g.references(o)) {
            if (r.kind() == Reference.Kind.FIELD || r.kind() == Reference.Kind.ARRAY_ELEMENT) {
                out.add(g.id(r.to()));
            }
        }
        return out;
    }

    private static String name(HeapGraph g, int classIndex) {
        return classIndex < 0 ? null : g.heapClass(classIndex).name();
    }

    private static List<String> values(HeapGraph g, List<FieldValue> values, boolean danglingAsNull) {
        List<String> out = new ArrayList<>(values.size());
        for (FieldValue v : values) {
            long raw = danglingAsNull && v.isReference() && v.raw() != 0 && g.indexOf(v.raw()) < 0 ? 0 : v.raw();
            out.add(v.name() + ":" + v.type() + "=" + raw);
        }
        return out;
    }

    static List<String> values(List<FieldValue> values) {
        List<String> out = new ArrayList<>(values.size());
        for (FieldValue v : values) {
            out.add(v.name() + ":" + v.type() + "=" + v.raw());
        }
        return out;
    }

    /** MicroEJ's size model, computed independently of the reader: 4 + fields, 8 + elements, classes 0. */
    static long microEjSize(HeapGraph g, int o) {
        return switch (g.kind(o)) {
            case CLASS -> 0;
            case INSTANCE -> {
                long s = 4;
                for (FieldValue v : g.fields(o)) {
                    s += v.type() == dev.heapwise.graph.FieldType.OBJECT ? 4 : v.type().size(4);
                }
                yield s;
            }
            case OBJECT_ARRAY -> 8 + 4 * g.arrayLength(o);
            case PRIMITIVE_ARRAY -> 8 + g.arrayLength(o) * g.heapClass(g.classOf(o)).elementType().size(4);
        };
    }

    static void assertMicroEjSizes(HeapGraph g) {
        for (int o = 0; o < g.objectCount(); o++) {
            assertThat(g.shallowSize(o)).as("size of 0x" + Long.toHexString(g.id(o))).isEqualTo(microEjSize(g, o));
        }
        assertThat(g.kind(0)).isIn((Object[]) ObjectKind.values());
    }
}
