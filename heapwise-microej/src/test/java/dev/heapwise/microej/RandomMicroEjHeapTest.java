package dev.heapwise.microej;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RootKind;
import dev.heapwise.microej.analysis.AnalysisDominators;
import dev.heapwise.microej.internal.FieldValues;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamWriter;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Random MicroEJ heaps, written as XML in randomly chosen but valid styles (classes before or
 * after the objects naming them, classes named by id or by name, fields in any order, ids in
 * decimal, hex or as words), read back equal to the model: every object with its class, field
 * values, array content, creation data and size, every class with its superclass and statics,
 * the references, and the roots the rule asks for. The stand-in dominator tree is checked against
 * a brute-force one on the same graphs.
 */
class RandomMicroEjHeapTest {
    static final FieldType[] BASE = {FieldType.BOOLEAN, FieldType.BYTE, FieldType.CHAR, FieldType.SHORT,
        FieldType.INT, FieldType.LONG, FieldType.FLOAT, FieldType.DOUBLE};

    record Field(String name, FieldType type) {}

    static final class Cls {
        String id;
        String name;
        Cls sup;
        List<Field> fields = new ArrayList<>();
        List<Field> statics = new ArrayList<>();
        List<Object> staticValues = new ArrayList<>(); // Long raw, or String id (null for null refs)

        List<Field> all() {
            List<Field> out = new ArrayList<>();
            for (Cls c = this; c != null; c = c.sup) {
                out.addAll(c.fields);
            }
            return out;
        }
    }

    static final class Obj {
        String id;
        Cls cls;                 // instances
        FieldType element;       // arrays: element type (OBJECT for reference arrays)
        List<Object> values = new ArrayList<>(); // per field / element: Long raw or String id or null
        Long createdAt;
        String thread;
        String method;
        String tag;
    }

    static final class Model {
        List<Cls> classes = new ArrayList<>();
        List<Obj> objects = new ArrayList<>();
        Map<String, Object> byId = new HashMap<>();
    }

    static Model model(Random r, int nClasses, int nObjects) {
        Model m = new Model();
        Set<String> used = new HashSet<>();
        for (int i = 0; i < nClasses; i++) {
            Cls c = new Cls();
            c.id = freshId(r, used);
            c.name = "p" + r.nextInt(3) + "/C" + i + (r.nextInt(5) == 0 ? "$Inner" : "");
            c.sup = i > 0 && r.nextInt(3) > 0 ? m.classes.get(r.nextInt(i)) : null;
            int nf = r.nextInt(5);
            for (int f = 0; f < nf; f++) {
                // the same name as an inherited field now and then (shadowing)
                String name = r.nextInt(6) == 0 && c.sup != null && !c.sup.all().isEmpty()
                        ? c.sup.all().get(0).name() : "f" + i + "_" + f;
                c.fields.add(new Field(name, r.nextInt(3) == 0 ? FieldType.OBJECT : BASE[r.nextInt(BASE.length)]));
            }
            m.classes.add(c);
            m.byId.put(c.id, c);
        }
        for (int i = 0; i < nObjects; i++) {
            Obj o = new Obj();
            o.id = freshId(r, used);
            m.objects.add(o);
            m.byId.put(o.id, o);
        }
        List<String> refTargets = new ArrayList<>();
        m.objects.forEach(o -> refTargets.add(o.id));
        m.classes.forEach(c -> refTargets.add(c.id));
        for (Obj o : m.objects) {
            int kind = r.nextInt(10);
            if (kind < 6 && !m.classes.isEmpty()) {
                o.cls = m.classes.get(r.nextInt(m.classes.size()));
                for (Field f : o.cls.all()) {
                    o.values.add(value(r, f.type(), refTargets));
                }
            } else {
                o.element = kind < 8 ? FieldType.OBJECT : BASE[r.nextInt(BASE.length)];
                int n = r.nextInt(6);
                for (int e = 0; e < n; e++) {
                    o.values.add(value(r, o.element, refTargets));
                }
            }
            if (r.nextInt(4) > 0) {
                o.createdAt = (long) r.nextInt(1000);
                o.thread = List.of("main", "worker", "UI \"pump\" <1>").get(r.nextInt(3));
                o.method = r.nextBoolean() ? "com/x/App.run(I[Ljava/lang/String;)V" : null;
            }
            o.tag = Integer.toString(r.nextInt(3));
        }
        for (Cls c : m.classes) {
            if (r.nextBoolean()) {
                FieldType t = r.nextBoolean() ? FieldType.OBJECT : BASE[r.nextInt(BASE.length)];
                c.statics.add(new Field("s" + c.id.hashCode(), t));
                c.staticValues.add(value(r, t, refTargets));
            }
        }
        return m;
    }

    private static String freshId(Random r, Set<String> used) {
        while (true) {
            long n = 1 + r.nextInt(1_000_000);
            String id = switch (r.nextInt(10)) {
                case 0 -> "0x" + Long.toHexString(n);
                case 1 -> "obj" + n;
                default -> Long.toString(n);
            };
            // "0x1f" and "31" are the same id: keep the numbers distinct too
            String key = id.startsWith("obj") ? id : Long.toString(n);
            if (used.add(key)) {
                return id;
            }
        }
    }

    private static Object value(Random r, FieldType t, List<String> targets) {
        if (t == FieldType.OBJECT) {
            return r.nextInt(3) == 0 || targets.isEmpty() ? null : targets.get(r.nextInt(targets.size()));
        }
        long raw = switch (t) {
            case BOOLEAN -> r.nextInt(2);
            case BYTE -> (byte) r.nextInt();
            case CHAR -> (char) r.nextInt();
            case SHORT -> (short) r.nextInt();
            case INT -> r.nextInt();
            case FLOAT -> Float.floatToRawIntBits(r.nextFloat() * 1000 - 500);
            case DOUBLE -> Double.doubleToRawLongBits(r.nextGaussian() * 1e6);
            default -> r.nextLong();
        };
        return raw;
    }

    /** Writes the model in a random valid style. */
    /** How objects list their fields: as HPROF does, superclass fields first, or shuffled per object. */
    enum FieldOrder { SUBCLASS_FIRST, SUPERCLASS_FIRST, SHUFFLED }

    static void write(Model m, Path file, Random r, FieldOrder fieldOrder) throws Exception {
        boolean classesLast = r.nextBoolean();
        boolean classById = r.nextBoolean();
        try (OutputStream os = Files.newOutputStream(file)) {
            XMLStreamWriter w = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(os, "UTF-8");
            w.writeStartDocument("UTF-8", "1.0");
            w.writeStartElement("heap");
            if (!classesLast) {
                writeClasses(m, w, r);
            }
            List<Obj> order = new ArrayList<>(m.objects);
            Collections.shuffle(order, r);
            for (Obj o : order) {
                if (o.cls != null) {
                    w.writeStartElement("object");
                    w.writeAttribute("id", o.id);
                    w.writeAttribute("class", classById ? o.cls.id : (r.nextBoolean() ? o.cls.name : "L" + o.cls.name + ";"));
                    creation(w, o);
                    w.writeAttribute("tag", o.tag);
                    List<Integer> idx = new ArrayList<>();
                    if (fieldOrder == FieldOrder.SUPERCLASS_FIRST) {
                        // the chain's blocks reversed: the root class's fields first
                        List<List<Integer>> blocks = new ArrayList<>();
                        int at = 0;
                        for (Cls c = o.cls; c != null; c = c.sup) {
                            List<Integer> block = new ArrayList<>();
                            for (int f = 0; f < c.fields.size(); f++) {
                                block.add(at++);
                            }
                            blocks.add(block);
                        }
                        Collections.reverse(blocks);
                        blocks.forEach(idx::addAll);
                    } else {
                        for (int i = 0; i < o.values.size(); i++) {
                            idx.add(i);
                        }
                        if (fieldOrder == FieldOrder.SHUFFLED) {
                            Collections.shuffle(idx, r);
                        }
                    }
                    List<Field> all = o.cls.all();
                    for (int i : idx) {
                        field(w, all.get(i), o.values.get(i));
                    }
                    w.writeEndElement();
                } else {
                    w.writeStartElement("array");
                    w.writeAttribute("id", o.id);
                    w.writeAttribute("class", o.element == FieldType.OBJECT ? "[Ljava/lang/Object;"
                            : "[" + TypeNames.letter(o.element));
                    creation(w, o);
                    w.writeAttribute("length", Integer.toString(o.values.size()));
                    if (r.nextBoolean()) {
                        w.writeAttribute("elementsType", o.element == FieldType.OBJECT ? "Ljava/lang/Object;"
                                : String.valueOf(TypeNames.letter(o.element)));
                    }
                    StringBuilder sb = new StringBuilder();
                    for (Object v : o.values) {
                        sb.append(sb.isEmpty() ? "" : r.nextBoolean() ? " " : "\n\t ");
                        sb.append(o.element == FieldType.OBJECT ? (v == null ? "0" : (String) v)
                                : Long.toString(FieldValues.element(o.element, (Long) v)));
                    }
                    w.writeCharacters(sb.toString());
                    w.writeEndElement();
                }
            }
            if (classesLast) {
                writeClasses(m, w, r);
            }
            w.writeEndElement();
            w.writeEndDocument();
            w.close();
        }
    }

    private static void writeClasses(Model m, XMLStreamWriter w, Random r) throws Exception {
        List<Cls> order = new ArrayList<>(m.classes);
        Collections.shuffle(order, r);
        for (Cls c : order) {
            w.writeStartElement("class");
            w.writeAttribute("name", "L" + c.name + ";");
            w.writeAttribute("id", c.id);
            if (c.sup != null) {
                w.writeAttribute("superclass", c.sup.id);
            }
            for (int i = 0; i < c.statics.size(); i++) {
                field(w, c.statics.get(i), c.staticValues.get(i));
            }
            w.writeEndElement();
        }
    }

    private static void creation(XMLStreamWriter w, Obj o) throws Exception {
        if (o.createdAt != null) {
            w.writeAttribute("createdAt", Long.toString(o.createdAt));
            w.writeAttribute("createdInThread", o.thread);
            if (o.method != null) {
                w.writeAttribute("createdInMethod", o.method);
            }
        }
    }

    private static void field(XMLStreamWriter w, Field f, Object v) throws Exception {
        w.writeEmptyElement("field");
        w.writeAttribute("name", f.name());
        if (f.type() == FieldType.OBJECT) {
            if (v != null) {
                w.writeAttribute("id", (String) v);
            }
        } else {
            w.writeAttribute("type", String.valueOf(TypeNames.letter(f.type())));
            w.writeAttribute("value", FieldValues.formatField(f.type(), (Long) v));
        }
    }

    @Property(tries = 60)
    void randomHeapsReadBackEqualToTheModel(@ForAll long seed, @ForAll @IntRange(min = 0, max = 12) int classes,
            @ForAll @IntRange(min = 0, max = 60) int objects, @ForAll FieldOrder fieldOrder) throws Exception {
        Random r = new Random(seed);
        Model m = model(r, classes, objects);
        Path dir = Files.createTempDirectory("microej-prop");
        try {
            Path file = dir.resolve("random.heap");
            write(m, file, r, fieldOrder);
            try (HeapGraph g = MicroEj.open(file)) {
                check(m, g, fieldOrder);
                checkDominators(g);
            }
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static int index(HeapGraph g, MicroEjAttributes a, String id) {
        int o = a.find(id);
        assertThat(o).as("object " + id).isGreaterThanOrEqualTo(0);
        return o;
    }

    private static long graphId(HeapGraph g, MicroEjAttributes a, String id) {
        return g.id(index(g, a, id));
    }

    static void check(Model m, HeapGraph g, FieldOrder fieldOrder) {
        MicroEjAttributes a = new MicroEjAttributes(g);
        long arrayClasses = m.objects.stream().anyMatch(o -> o.element == FieldType.OBJECT) ? 1 : 0;
        assertThat(g.objectCount()).isEqualTo(m.classes.size() + m.objects.size() + (int) arrayClasses);
        Map<Integer, Set<Integer>> modelRefs = new HashMap<>();
        for (Cls c : m.classes) {
            int k = index(g, a, c.id);
            assertThat(g.kind(k)).isEqualTo(ObjectKind.CLASS);
            var hc = g.heapClass(g.classIndexOfClassObject(k));
            assertThat(hc.name()).isEqualTo(TypeNames.toJava(c.name));
            assertThat(hc.superIndex() < 0 ? null : g.heapClass(hc.superIndex()).name())
                    .isEqualTo(c.sup == null ? null : TypeNames.toJava(c.sup.name));
            List<String> want = new ArrayList<>();
            for (int i = 0; i < c.statics.size(); i++) {
                want.add(text(g, a, c.statics.get(i), c.staticValues.get(i)));
            }
            List<String> got = new ArrayList<>();
            for (FieldValue v : g.staticFields(hc.index())) {
                got.add(v.name() + ":" + v.type() + "=" + v.raw());
            }
            assertThat(got).isEqualTo(want);
            assertThat(g.shallowSize(k)).isZero();
            Set<Integer> refs = new HashSet<>();
            for (int i = 0; i < c.statics.size(); i++) {
                if (c.staticValues.get(i) != null && c.statics.get(i).type() == FieldType.OBJECT) {
                    refs.add(index(g, a, (String) c.staticValues.get(i)));
                }
            }
            if (c.sup != null) {
                refs.add(index(g, a, c.sup.id));
            }
            modelRefs.put(k, refs);
        }
        for (Obj o : m.objects) {
            int k = index(g, a, o.id);
            Set<Integer> refs = new HashSet<>();
            if (o.cls != null) {
                assertThat(g.kind(k)).isEqualTo(ObjectKind.INSTANCE);
                assertThat(g.heapClass(g.classOf(k)).name()).isEqualTo(TypeNames.toJava(o.cls.name));
                List<Field> all = o.cls.all();
                List<String> want = new ArrayList<>();
                long size = 4;
                for (int i = 0; i < all.size(); i++) {
                    want.add(text(g, a, all.get(i), o.values.get(i)));
                    size += all.get(i).type() == FieldType.OBJECT ? 4 : all.get(i).type().size(4);
                    if (all.get(i).type() == FieldType.OBJECT && o.values.get(i) != null) {
                        refs.add(index(g, a, (String) o.values.get(i)));
                    }
                }
                List<String> got = new ArrayList<>();
                for (FieldValue v : g.fields(k)) {
                    got.add(v.name() + ":" + v.type() + "=" + v.raw());
                }
                if (fieldOrder == FieldOrder.SUBCLASS_FIRST) {
                    // the graph's order (declaring class, then its superclasses), shadowed fields included
                    assertThat(got).containsExactlyElementsOf(want);
                } else {
                    // a class without objects of its own cannot be told apart: same values, any order
                    assertThat(got).containsExactlyInAnyOrderElementsOf(want);
                }
                assertThat(g.shallowSize(k)).isEqualTo(size);
            } else if (o.element == FieldType.OBJECT) {
                assertThat(g.kind(k)).isEqualTo(ObjectKind.OBJECT_ARRAY);
                long[] want = new long[o.values.size()];
                for (int i = 0; i < want.length; i++) {
                    want[i] = o.values.get(i) == null ? 0 : graphId(g, a, (String) o.values.get(i));
                    if (o.values.get(i) != null) {
                        refs.add(index(g, a, (String) o.values.get(i)));
                    }
                }
                assertThat(g.readObjectArray(k, 0, want.length)).isEqualTo(want);
                assertThat(g.shallowSize(k)).isEqualTo(8 + 4L * want.length);
            } else {
                assertThat(g.kind(k)).isEqualTo(ObjectKind.PRIMITIVE_ARRAY);
                assertThat(g.heapClass(g.classOf(k)).elementType()).isEqualTo(o.element);
                int n = o.values.size();
                ByteBuffer b = ByteBuffer.wrap(g.readPrimitiveArray(k, 0, n));
                for (int i = 0; i < n; i++) {
                    long raw = switch (o.element) {
                        case BOOLEAN, BYTE -> b.get();
                        case CHAR -> b.getChar();
                        case SHORT -> b.getShort();
                        case INT, FLOAT -> b.getInt();
                        default -> b.getLong();
                    };
                    assertThat(raw).isEqualTo((long) (Long) o.values.get(i));
                }
                assertThat(g.shallowSize(k)).isEqualTo(8 + (long) n * o.element.size(4));
            }
            assertThat(a.createdAt(k)).isEqualTo(o.createdAt == null ? MicroEjAttributes.NO_TIME : o.createdAt);
            assertThat(a.thread(k)).isEqualTo(o.thread);
            assertThat(a.method(k)).isEqualTo(o.method);
            assertThat(a.tag(k)).isEqualTo(o.cls != null ? o.tag : null);
            assertThat(a.label(k)).isEqualTo(o.id.startsWith("obj") ? o.id
                    : "#" + (o.id.startsWith("0x") ? Long.parseLong(o.id.substring(2), 16) : Long.parseLong(o.id)));
            Set<Integer> out = new HashSet<>();
            var c = g.outRefs();
            c.reset(k);
            for (int t; (t = c.next()) >= 0; ) {
                out.add(t);
            }
            assertThat(out).as("references of " + o.id).isEqualTo(refs);
            modelRefs.put(k, refs);
        }
        checkRoots(g, modelRefs);
    }

    private static String text(HeapGraph g, MicroEjAttributes a, Field f, Object v) {
        long raw = f.type() == FieldType.OBJECT ? (v == null ? 0 : graphId(g, a, (String) v)) : (Long) v;
        return f.name() + ":" + f.type() + "=" + raw;
    }

    /** Class objects are class-statics roots; what they do not reach is held outside, and nothing else is a root. */
    private static void checkRoots(HeapGraph g, Map<Integer, Set<Integer>> refs) {
        Set<Integer> reached = new HashSet<>();
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        Map<Integer, RootKind> roots = new HashMap<>();
        for (GcRoot r : g.roots()) {
            roots.put(r.object(), r.kind());
        }
        for (int o = 0; o < g.objectCount(); o++) {
            if (g.kind(o) == ObjectKind.CLASS) {
                assertThat(roots.get(o)).isEqualTo(RootKind.CLASS_STATICS);
                todo.add(o);
            }
        }
        while (!todo.isEmpty()) {
            int o = todo.poll();
            if (reached.add(o)) {
                todo.addAll(refs.getOrDefault(o, Set.of()));
            }
        }
        for (var e : roots.entrySet()) {
            if (e.getValue() == RootKind.HELD_OUTSIDE_DUMP) {
                assertThat(reached).doesNotContain(e.getKey());
                todo.add(e.getKey());
            }
        }
        while (!todo.isEmpty()) {
            int o = todo.poll();
            if (reached.add(o) || roots.get(o) == RootKind.HELD_OUTSIDE_DUMP) {
                for (int t : refs.getOrDefault(o, Set.of())) {
                    if (!reached.contains(t)) {
                        todo.add(t);
                    }
                }
            }
        }
        assertThat(reached).hasSize(g.objectCount());
    }

    /** The dominator tree against the definition: d dominates o iff o is unreachable without d. */
    static void checkDominators(HeapGraph g) throws java.io.IOException {
        int n = g.objectCount();
        AnalysisDominators d = AnalysisDominators.of(g);
        List<Integer> rootList = new ArrayList<>();
        for (GcRoot r : g.roots()) {
            rootList.add(r.object());
        }
        boolean[][] reachWithout = new boolean[n + 1][];
        for (int x = 0; x <= n; x++) {
            reachWithout[x] = reach(g, rootList, x == n ? -1 : x);
        }
        for (int o = 0; o < n; o++) {
            int idom = d.immediateDominator(o);
            List<Integer> doms = new ArrayList<>();
            for (int x = 0; x < n; x++) {
                if (x != o && !reachWithout[x][o]) {
                    doms.add(x);
                }
            }
            if (idom < 0) {
                assertThat(doms).as("dominators of " + o).isEmpty();
                continue;
            }
            assertThat(doms).as("dominators of " + o).contains(idom);
            for (int x : doms) {
                assertThat(x == idom || !reachWithout[x][idom]).as(x + " dominates " + idom).isTrue();
            }
        }
        for (int o = 0; o < n; o++) {
            long count = 0;
            long size = 0;
            for (int x = 0; x < n; x++) {
                if (x == o || !reachWithout[o][x] && reachWithout[n][x]) {
                    count += g.kind(x) == ObjectKind.CLASS ? 0 : 1;
                    size += g.shallowSize(x);
                }
            }
            assertThat(d.retainedCount(o)).as("retained count of " + o).isEqualTo(count);
            assertThat(d.retainedSize(o)).as("retained size of " + o).isEqualTo(size);
        }
    }

    private static boolean[] reach(HeapGraph g, List<Integer> roots, int without) {
        boolean[] seen = new boolean[g.objectCount()];
        ArrayDeque<Integer> todo = new ArrayDeque<>();
        for (int r : roots) {
            if (r != without) {
                todo.add(r);
            }
        }
        var c = g.outRefs();
        while (!todo.isEmpty()) {
            int o = todo.poll();
            if (seen[o]) {
                continue;
            }
            seen[o] = true;
            c.reset(o);
            for (int t; (t = c.next()) >= 0; ) {
                if (t != without && !seen[t]) {
                    todo.add(t);
                }
            }
        }
        return seen;
    }
}
