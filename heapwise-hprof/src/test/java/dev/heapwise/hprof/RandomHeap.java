package dev.heapwise.hprof;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.StaticField;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * A random heap model written as an HPROF file: classes with random fields and hierarchies,
 * instances with random values, object and primitive arrays, dangling references, roots. The
 * model is the oracle the reader's graph is compared with.
 */
final class RandomHeap {
    static final FieldType[] TYPES = FieldType.values();

    final int idSize;
    final List<Cls> classes = new ArrayList<>();
    final List<Obj> objects = new ArrayList<>();
    final Map<Long, Obj> byId = new HashMap<>();
    final List<long[]> roots = new ArrayList<>(); // {id, kindOrdinal}
    final long danglingId;

    static final class Cls {
        long id;
        String name;
        Cls sup;
        List<FieldDef> fields = new ArrayList<>();
        List<StaticField> statics = new ArrayList<>();
        String arrayOf; // element type name for array classes

        List<FieldDef> allFields() {
            List<FieldDef> out = new ArrayList<>();
            for (Cls c = this; c != null; c = c.sup) {
                out.addAll(c.fields);
            }
            return out;
        }
    }

    static final class Obj {
        long id;
        Cls cls;
        long[] values; // instance field values (all fields, class first) or object array elements
        FieldType primType;
        byte[] primData;
        int primLength;
    }

    RandomHeap(long seed, int idSize, int classCount, int objectCount) {
        this.idSize = idSize;
        Random r = new Random(seed);
        long nextId = 0x1000;
        // Ids step by 8 to 24 like addresses. Classes live in their own range, or for odd seeds among
        // the objects, as HotSpot's do (ids 4 mod 8, so that none equals an object's).
        boolean classesAmongObjects = (seed & 1) == 1;
        for (int i = 0; i < classCount; i++) {
            Cls c = new Cls();
            c.id = classesAmongObjects ? 0x1004L + 40L * i : 0x10_0000L + 16L * i;
            c.name = "pkg.C" + i;
            c.sup = i > 0 && r.nextInt(3) > 0 ? classes.get(r.nextInt(i)) : null;
            int nf = r.nextInt(6);
            for (int f = 0; f < nf; f++) {
                FieldType t = TYPES[r.nextInt(TYPES.length)];
                c.fields.add(new FieldDef("f" + i + "_" + f, t));
            }
            classes.add(c);
        }
        Cls objArray = new Cls();
        objArray.id = classesAmongObjects ? 0x1004L + 40L * classCount : 0x10_0000L + 16L * classCount;
        objArray.name = "java.lang.Object[]";
        objArray.arrayOf = "java.lang.Object";
        classes.add(objArray);
        for (int i = 0; i < objectCount; i++) {
            Obj o = new Obj();
            o.id = (nextId += 8 * (1 + r.nextInt(3)));
            objects.add(o);
            byId.put(o.id, o);
        }
        danglingId = nextId + 0x1000;
        for (Obj o : objects) {
            int kind = r.nextInt(10);
            if (kind < 7 && classCount > 0) {
                o.cls = classes.get(r.nextInt(classCount));
                List<FieldDef> all = o.cls.allFields();
                o.values = new long[all.size()];
                for (int f = 0; f < all.size(); f++) {
                    o.values[f] = randomValue(r, all.get(f).type());
                }
            } else if (kind < 9) {
                o.cls = objArray;
                o.values = new long[r.nextInt(6)];
                for (int e = 0; e < o.values.length; e++) {
                    o.values[e] = randomValue(r, FieldType.OBJECT);
                }
            } else {
                FieldType t = TYPES[1 + r.nextInt(TYPES.length - 1)];
                o.primType = t;
                o.primLength = r.nextInt(5);
                o.primData = new byte[o.primLength * t.size(idSize)];
                r.nextBytes(o.primData);
            }
        }
        for (Cls c : classes) {
            if (c.arrayOf == null && r.nextBoolean()) {
                FieldType t = r.nextBoolean() ? FieldType.OBJECT : FieldType.INT;
                c.statics.add(new StaticField("s_" + c.name.substring(4), t, randomValue(r, t)));
            }
        }
        int nroots = objects.isEmpty() ? 0 : 1 + r.nextInt(Math.max(1, objects.size() / 4));
        RootKind[] kinds = {RootKind.UNKNOWN, RootKind.JNI_GLOBAL, RootKind.STICKY_CLASS, RootKind.MONITOR_USED};
        for (int i = 0; i < nroots; i++) {
            roots.add(new long[] {objects.get(r.nextInt(objects.size())).id, kinds[r.nextInt(kinds.length)].ordinal()});
        }
    }

    private long randomValue(Random r, FieldType t) {
        return switch (t) {
            case OBJECT -> {
                int p = r.nextInt(10);
                if (p < 3 || objects.isEmpty()) {
                    yield 0;
                }
                if (p == 3) {
                    yield danglingId;
                }
                if (p == 4 && !classes.isEmpty()) {
                    yield classes.get(r.nextInt(classes.size())).id;
                }
                yield objects.get(r.nextInt(objects.size())).id;
            }
            case BOOLEAN -> r.nextBoolean() ? 1 : 0;
            case BYTE -> (byte) r.nextInt();
            case CHAR -> (char) r.nextInt();
            case SHORT -> (short) r.nextInt();
            case INT, FLOAT -> r.nextInt();
            case LONG, DOUBLE -> r.nextLong();
        };
    }

    /** Writes the model with objects in address order. */
    void write(Path file, boolean gzip, boolean shuffle, int segmentLimit, long seed) throws IOException {
        write(file, gzip, shuffle ? Order.SHUFFLED : Order.SORTED, segmentLimit, seed);
    }

    /** How objects are ordered in the dump. */
    enum Order { SORTED, SHUFFLED, FEW_RUNS }

    void write(Path file, boolean gzip, Order orderKind, int segmentLimit, long seed) throws IOException {
        try (OutputStream raw = Files.newOutputStream(file);
                OutputStream os = gzip ? new GZIPOutputStream(raw, 1 << 16) : raw;
                HprofWriter w = new HprofWriter(os, "JAVA PROFILE 1.0.2", idSize, 0, segmentLimit)) {
            long sid = 1;
            Map<String, Long> names = new HashMap<>();
            for (Cls c : classes) {
                for (String n : namesOf(c)) {
                    if (!names.containsKey(n)) {
                        names.put(n, sid);
                        w.string(sid++, n);
                    }
                }
            }
            int serial = 1;
            for (Cls c : classes) {
                w.loadClass(serial++, c.id, 0, names.get(c.name));
            }
            for (long[] root : roots) {
                RootKind k = RootKind.values()[(int) root[1]];
                switch (k) {
                    case JNI_GLOBAL -> w.rootJniGlobal(root[0], 0x99);
                    case STICKY_CLASS -> w.root(0x05, root[0]);
                    case MONITOR_USED -> w.root(0x07, root[0]);
                    default -> w.root(0xFF, root[0]);
                }
            }
            for (Cls c : classes) {
                long[] fieldNames = c.fields.stream().mapToLong(f -> names.get(f.name())).toArray();
                long[] staticNames = c.statics.stream().mapToLong(f -> names.get(f.name())).toArray();
                w.classDump(c.id, c.sup == null ? 0 : c.sup.id, 0, 0, c.statics, staticNames, c.fields, fieldNames);
            }
            List<Obj> order = new ArrayList<>(objects);
            if (orderKind == Order.SHUFFLED) {
                Collections.shuffle(order, new Random(seed));
            } else if (orderKind == Order.FEW_RUNS && order.size() > 3) {
                // a few address-ordered runs, as a parallel dump or G1's region order gives
                Random r = new Random(seed);
                int cut1 = r.nextInt(order.size());
                int cut2 = r.nextInt(order.size());
                List<Obj> a = new ArrayList<>(order.subList(Math.max(cut1, cut2), order.size()));
                a.addAll(order.subList(Math.min(cut1, cut2), Math.max(cut1, cut2)));
                a.addAll(order.subList(0, Math.min(cut1, cut2)));
                order = a;
            }
            for (Obj o : order) {
                if (o.primType != null) {
                    w.primitiveArray(o.id, o.primType, o.primLength, o.primData);
                } else if (o.cls.arrayOf != null) {
                    w.objectArray(o.id, o.cls.id, o.values);
                } else {
                    List<FieldType> types = o.cls.allFields().stream().map(FieldDef::type).toList();
                    w.instance(o.id, o.cls.id, w.values(types, o.values));
                }
            }
            w.endHeapDump();
        }
    }

    private static List<String> namesOf(Cls c) {
        List<String> out = new ArrayList<>();
        out.add(c.name);
        c.fields.forEach(f -> out.add(f.name()));
        c.statics.forEach(f -> out.add(f.name()));
        return out;
    }
}
