package dev.heapwise.microej;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.StaticField;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.HprofWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes any heap graph as an HPROF 1.0.2 dump (with {@link HprofWriter}), so MicroEJ dumps open
 * in Eclipse MAT and VisualVM: class names in internal form in LOAD_CLASS records, one CLASS_DUMP
 * per class (declared fields and statics), instances, arrays, and the graph's roots (class statics
 * as sticky-class roots, everything else as unknown roots). Ids are the graph's ids, as wide as the
 * source dump's (4 bytes for a MicroEJ dump whose ids all fit, else 8); an Android source stays an
 * Android dump (1.0.3, ART's stated sizes). MicroEJ's per-object creation data has no place in
 * HPROF and is left out.
 * Streams over the graph, keeping per-class data only. Not thread-safe.
 */
public final class HprofExport {
    private HprofExport() {}

    /** The bytes of the values of every instance field of {@code c} and its superclasses. */
    private static int fieldBytes(HeapGraph g, HeapClass c, int idSize) {
        int bytes = 0;
        for (HeapClass k = c; k != null; k = k.superIndex() >= 0 ? g.heapClass(k.superIndex()) : null) {
            for (FieldDef f : k.fields()) {
                bytes += f.type().size(idSize);
            }
        }
        return bytes;
    }

    /** Writes {@code g} to {@code out}; closes {@code out}. */
    public static void write(HeapGraph g, OutputStream out, ProgressListener progress) throws IOException {
        long maxId = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            maxId = Math.max(maxId, g.id(o));
        }
        // The source's id size when it has one: a 64-bit HotSpot dump written back with 4-byte ids
        // would be read as a 32-bit VM's, and every shallow size would change.
        int idSize = maxId < (1L << 32) && g.info().idSize() != 8 ? 4 : 8;
        long nextFreeId = maxId + 1;
        // An Android dump stays 1.0.3, so that it is read back with ART's object sizes.
        boolean android = "JAVA PROFILE 1.0.3".equals(g.info().formatDetail());
        String header = android ? "JAVA PROFILE 1.0.3" : "JAVA PROFILE 1.0.2";
        try (HprofWriter w = new HprofWriter(out, header, idSize, System.currentTimeMillis(), 1 << 20)) {
            Map<String, Long> strings = new HashMap<>();
            long[] nextString = {1};
            // classes the graph has no class object for (synthetic ones with instances) get a fresh id
            long[] classIds = new long[g.classCount()];
            for (HeapClass c : g.classes()) {
                classIds[c.index()] = c.classObjectId() != 0 ? c.classObjectId()
                        : c.shape() == HeapClass.Shape.PRIMITIVE_ARRAY || c.instanceCount() == 0 ? 0 : nextFreeId++;
            }
            int serial = 1;
            for (HeapClass c : g.classes()) {
                if (classIds[c.index()] != 0) {
                    w.loadClass(serial++, classIds[c.index()], 0, string(w, strings, nextString, internal(c.name())));
                }
            }
            for (GcRoot r : g.roots()) {
                switch (r.kind()) {
                    case CLASS_STATICS, STICKY_CLASS -> w.root(0x05, g.id(r.object()));
                    default -> w.root(0xFF, g.id(r.object()));
                }
            }
            for (HeapClass c : g.classes()) {
                long id = classIds[c.index()];
                if (id == 0) {
                    continue;
                }
                List<StaticField> statics = c.statics();
                long[] staticNames = new long[statics.size()];
                for (int i = 0; i < statics.size(); i++) {
                    staticNames[i] = string(w, strings, nextString, statics.get(i).name());
                }
                List<FieldDef> fields = c.fields();
                long[] fieldNames = new long[fields.size()];
                // ART's records state the whole object's size; HotSpot's, the bytes of its field values.
                int instanceSize = android ? (int) c.instanceSize() : fieldBytes(g, c, idSize);
                for (int i = 0; i < fields.size(); i++) {
                    fieldNames[i] = string(w, strings, nextString, fields.get(i).name());
                }
                long superId = c.superIndex() >= 0 ? classIds[c.superIndex()] : 0;
                w.classDump(id, superId, 0, c.isArray() ? 0 : instanceSize, statics, staticNames, fields, fieldNames);
            }
            int n = g.objectCount();
            progress.phase("writing HPROF", n);
            for (int o = 0; o < n; o++) {
                long id = g.id(o);
                switch (g.kind(o)) {
                    case INSTANCE -> {
                        List<FieldValue> values = g.fields(o);
                        List<FieldType> types = new ArrayList<>(values.size());
                        long[] raws = new long[values.size()];
                        for (int i = 0; i < values.size(); i++) {
                            types.add(values.get(i).type());
                            raws[i] = values.get(i).raw();
                        }
                        w.instance(id, classIds[g.classOf(o)], w.values(types, raws));
                    }
                    case OBJECT_ARRAY -> {
                        long length = Math.max(0, g.arrayLength(o));
                        w.objectArray(id, classIds[g.classOf(o)], g.readObjectArray(o, 0, (int) length));
                    }
                    case PRIMITIVE_ARRAY -> {
                        FieldType type = g.heapClass(g.classOf(o)).elementType();
                        int length = (int) Math.max(0, g.arrayLength(o));
                        byte[] data = g.readPrimitiveArray(o, 0, length);
                        w.primitiveArray(id, type, length, data == null ? new byte[length * type.size(idSize)] : data);
                    }
                    case CLASS -> { }
                }
                if ((o & 0xFFFF) == 0) {
                    progress.progress(o);
                }
            }
            w.endHeapDump();
        }
    }

    /** HotSpot's spelling: {@code java/lang/String}, and descriptors for arrays ({@code [I}). */
    private static String internal(String javaName) {
        return TypeNames.toInternalName(javaName);
    }

    private static long string(HprofWriter w, Map<String, Long> strings, long[] next, String s) throws IOException {
        Long id = strings.get(s);
        if (id == null) {
            id = next[0]++;
            strings.put(s, id);
            w.string(id, s);
        }
        return id;
    }
}
