package dev.heapwise.walker;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.StaticField;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.hprof.HprofWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A hand-built heap, written as a real HPROF file with {@link HprofWriter} and opened with
 * {@link Hprof#open}, so tests exercise the walker over the same graph code as real dumps.
 *
 * <p>Objects are named; ids are given at write time in name order ({@code 0x1000}, {@code 0x1010},
 * ...), so the heap container visits unnamed-by-roots objects alphabetically. Class objects get
 * ids above every object ({@link #CLASS_BASE}). Field values: a String names an object, null is a
 * null reference, a Long is a raw id (use {@link #DANGLING} for a reference to nothing), an
 * Integer is an int.
 */
final class TestDump {
    static final long CLASS_BASE = 0x70_0000L;
    static final long DANGLING = 0x7F_FFF0L;

    static final class Cls {
        final String name;
        final Cls sup;
        final List<FieldDef> fields = new ArrayList<>();
        final List<Object> statics = new ArrayList<>(); // name, value pairs
        long id;

        Cls(String name, Cls sup) {
            this.name = name;
            this.sup = sup;
        }

        List<FieldDef> allFields() {
            List<FieldDef> out = new ArrayList<>();
            for (Cls c = this; c != null; c = c.sup) {
                out.addAll(c.fields);
            }
            return out;
        }
    }

    private record Obj(Cls cls, Object[] values, Object[] elements, int primitiveLength) {}

    private record Root(RootKind kind, String object, Cls cls, int thread, int frame) {}

    private record Thread(int serial, String object, String name, int frames) {}

    private final List<Cls> classes = new ArrayList<>();
    private final Map<String, Obj> objects = new TreeMap<>();
    private final List<Root> roots = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final Map<String, Long> ids = new LinkedHashMap<>();
    private final Map<Long, String> names = new HashMap<>();
    private Cls objectArray;

    /** A class; a field spec is {@code "next"} (a reference) or {@code "int count"}. */
    Cls cls(String name, Cls sup, String... fields) {
        Cls c = new Cls(name, sup);
        for (String f : fields) {
            String[] p = f.split(" ");
            c.fields.add(p.length == 1 ? new FieldDef(p[0], FieldType.OBJECT)
                    : new FieldDef(p[1], FieldType.ofJavaName(p[0])));
        }
        classes.add(c);
        return c;
    }

    /** A static reference field of a class, holding the named object (or null). */
    void staticRef(Cls c, String field, String object) {
        c.statics.add(field);
        c.statics.add(object);
    }

    /** An instance; values for all fields, the class's own first, then its superclasses'. */
    void obj(String name, Cls c, Object... values) {
        if (values.length != c.allFields().size()) {
            throw new IllegalArgumentException(name + ": " + c.allFields().size() + " values needed");
        }
        objects.put(name, new Obj(c, values, null, -1));
    }

    /** An {@code Object[]}; elements as field values. */
    void array(String name, Object... elements) {
        if (objectArray == null) {
            objectArray = new Cls("[Ljava/lang/Object;", null);
            classes.add(objectArray);
        }
        objects.put(name, new Obj(objectArray, null, elements, -1));
    }

    /** An {@code int[]}. */
    void ints(String name, int length) {
        objects.put(name, new Obj(null, null, null, length));
    }

    void root(RootKind kind, String object) {
        roots.add(new Root(kind, object, null, -1, -1));
    }

    /** A root on a class object (a system class, for instance). */
    void classRoot(RootKind kind, Cls c) {
        roots.add(new Root(kind, null, c, -1, -1));
    }

    /** A thread with {@code frames} stack frames; its thread object is a THREAD_OBJECT root. */
    void thread(int serial, String object, String name, int frames) {
        threads.add(new Thread(serial, object, name, frames));
    }

    /** A root on a thread's stack: JAVA_FRAME or JNI_LOCAL (with a frame), THREAD_BLOCK or NATIVE_STACK. */
    void stackRoot(RootKind kind, int serial, int frame, String object) {
        roots.add(new Root(kind, object, null, serial, frame));
    }

    /** The classes, in the order they were declared (class object ids follow it). */
    List<Cls> classes() {
        return classes;
    }

    /** The id an object got (valid after {@link #write}). */
    long id(String name) {
        return ids.get(name);
    }

    /** The object's name, "Name.class" for a class object, or the hex id. */
    String name(long id) {
        if (id == 0) {
            return "null";
        }
        String n = names.get(id);
        return n != null ? n : "0x" + Long.toHexString(id);
    }

    boolean isClassObject(long id) {
        return id >= CLASS_BASE && id != DANGLING;
    }

    HeapGraph open(Path dir) throws IOException {
        Path file = dir.resolve("test.hprof");
        write(file);
        return Hprof.open(file);
    }

    void write(Path file) throws IOException {
        long next = 0x1000;
        for (String name : objects.keySet()) {
            ids.put(name, next);
            names.put(next, name);
            next += 0x10;
        }
        for (int i = 0; i < classes.size(); i++) {
            Cls c = classes.get(i);
            c.id = CLASS_BASE + 0x10L * i;
            names.put(c.id, simple(c.name) + ".class");
        }
        try (OutputStream os = Files.newOutputStream(file);
                HprofWriter w = new HprofWriter(os, "JAVA PROFILE 1.0.2", 8, 0, 1 << 16)) {
            Map<String, Long> strings = new HashMap<>();
            for (Cls c : classes) {
                string(w, strings, c.name);
                c.fields.forEach(f -> string(w, strings, f.name()));
                for (int s = 0; s < c.statics.size(); s += 2) {
                    string(w, strings, (String) c.statics.get(s));
                }
            }
            int serial = 1;
            for (Cls c : classes) {
                w.loadClass(serial++, c.id, 0, strings.get(c.name));
            }
            string(w, strings, "run");
            string(w, strings, "()V");
            string(w, strings, "T.java");
            int trace = 100;
            long frameId = 0x9000;
            for (Thread t : threads) {
                long[] frames = new long[t.frames];
                for (int f = 0; f < t.frames; f++) {
                    frames[f] = frameId++;
                    w.frame(frames[f], strings.get("run"), strings.get("()V"), strings.get("T.java"), 1, 10 + f);
                }
                w.trace(trace + t.serial, t.serial, frames);
                string(w, strings, t.name);
                w.startThread(t.serial, ids.get(t.object), trace + t.serial, strings.get(t.name), 0, 0);
            }
            for (Thread t : threads) {
                w.root(0x08, ids.get(t.object), t.serial, trace + t.serial);
            }
            for (Root r : roots) {
                long id = r.cls != null ? r.cls.id : ids.get(r.object);
                switch (r.kind) {
                    case JNI_GLOBAL -> w.rootJniGlobal(id, 0x99);
                    case JNI_LOCAL -> w.root(0x02, id, r.thread, r.frame);
                    case JAVA_FRAME -> w.root(0x03, id, r.thread, r.frame);
                    case NATIVE_STACK -> w.root(0x04, id, r.thread);
                    case STICKY_CLASS -> w.root(0x05, id);
                    case THREAD_BLOCK -> w.root(0x06, id, r.thread);
                    case MONITOR_USED -> w.root(0x07, id);
                    case UNKNOWN -> w.root(0xFF, id);
                    default -> throw new IllegalArgumentException("unsupported root kind " + r.kind);
                }
            }
            for (Cls c : classes) {
                List<StaticField> statics = new ArrayList<>();
                long[] staticNames = new long[c.statics.size() / 2];
                for (int s = 0; s < c.statics.size(); s += 2) {
                    Object v = c.statics.get(s + 1);
                    statics.add(new StaticField((String) c.statics.get(s), FieldType.OBJECT, raw(v)));
                    staticNames[s / 2] = strings.get((String) c.statics.get(s));
                }
                long[] fieldNames = c.fields.stream().mapToLong(f -> strings.get(f.name())).toArray();
                w.classDump(c.id, c.sup == null ? 0 : c.sup.id, 0, 0, statics, staticNames, c.fields, fieldNames);
            }
            for (Map.Entry<String, Obj> e : objects.entrySet()) {
                long id = ids.get(e.getKey());
                Obj o = e.getValue();
                if (o.primitiveLength >= 0) {
                    w.primitiveArray(id, FieldType.INT, o.primitiveLength, new byte[4 * o.primitiveLength]);
                } else if (o.elements != null) {
                    long[] els = new long[o.elements.length];
                    for (int i = 0; i < els.length; i++) {
                        els[i] = raw(o.elements[i]);
                    }
                    w.objectArray(id, o.cls.id, els);
                } else {
                    List<FieldDef> all = o.cls.allFields();
                    long[] raws = new long[all.size()];
                    for (int i = 0; i < raws.length; i++) {
                        raws[i] = raw(o.values[i]);
                    }
                    w.instance(id, o.cls.id, w.values(all.stream().map(FieldDef::type).toList(), raws));
                }
            }
            w.endHeapDump();
        }
    }

    private long raw(Object v) {
        if (v == null) {
            return 0;
        }
        if (v instanceof String s) {
            Long id = ids.get(s);
            if (id == null) {
                throw new IllegalArgumentException("no object named " + s);
            }
            return id;
        }
        return ((Number) v).longValue();
    }

    private static String simple(String name) {
        String n = name.replace('/', '.');
        return n.startsWith("[L") ? n.substring(2, n.length() - 1) + "[]" : n.substring(n.lastIndexOf('.') + 1);
    }

    private static void string(HprofWriter w, Map<String, Long> strings, String s) {
        if (!strings.containsKey(s)) {
            long id = 0x50_0000L + strings.size();
            strings.put(s, id);
            try {
                w.string(id, s);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }
}
