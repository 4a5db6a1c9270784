package dev.heapwise.hprof;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.StaticField;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes HPROF files record by record: the header, strings, classes, stack frames and traces,
 * threads, and a heap dump of roots, classes and objects in HEAP_DUMP_SEGMENT records of at most
 * {@code segmentLimit} bytes, ended by HEAP_DUMP_END. The caller supplies ids; the writer only
 * encodes. Used to convert other formats to HPROF and by tests. Not thread-safe.
 */
public final class HprofWriter implements AutoCloseable {
    private final DataOutputStream out;
    private final int idSize;
    private final int segmentLimit;
    private final ByteArrayOutputStream segmentBytes = new ByteArrayOutputStream(1 << 16);
    private final DataOutputStream segment = new DataOutputStream(segmentBytes);
    private boolean ended;

    /**
     * @param format "JAVA PROFILE 1.0.2" (HotSpot) or "JAVA PROFILE 1.0.3" (Android)
     * @param idSize 4 or 8
     */
    public HprofWriter(OutputStream out, String format, int idSize, long timestampMillis, int segmentLimit)
            throws IOException {
        this.out = new DataOutputStream(out);
        this.idSize = idSize;
        this.segmentLimit = segmentLimit;
        this.out.write(format.getBytes(StandardCharsets.US_ASCII));
        this.out.write(0);
        this.out.writeInt(idSize);
        this.out.writeLong(timestampMillis);
    }

    public HprofWriter(OutputStream out, int idSize) throws IOException {
        this(out, "JAVA PROFILE 1.0.2", idSize, 0, 1 << 20);
    }

    public int idSize() {
        return idSize;
    }

    private void id(DataOutputStream d, long id) throws IOException {
        if (idSize == 8) {
            d.writeLong(id);
        } else {
            d.writeInt((int) id);
        }
    }

    private void record(int tag, byte[] body) throws IOException {
        flushSegment();
        out.writeByte(tag);
        out.writeInt(0);
        out.writeInt(body.length);
        out.write(body);
    }

    private interface Body {
        void write(DataOutputStream d) throws IOException;
    }

    private void record(int tag, Body body) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(b);
        body.write(d);
        record(tag, b.toByteArray());
    }

    public void string(long id, String text) throws IOException {
        record(0x01, d -> {
            id(d, id);
            d.write(text.getBytes(StandardCharsets.UTF_8));
        });
    }

    public void loadClass(int serial, long classId, int stackTraceSerial, long nameId) throws IOException {
        record(0x02, d -> {
            d.writeInt(serial);
            id(d, classId);
            d.writeInt(stackTraceSerial);
            id(d, nameId);
        });
    }

    public void frame(long frameId, long methodNameId, long signatureId, long sourceFileId, int classSerial, int line)
            throws IOException {
        record(0x04, d -> {
            id(d, frameId);
            id(d, methodNameId);
            id(d, signatureId);
            id(d, sourceFileId);
            d.writeInt(classSerial);
            d.writeInt(line);
        });
    }

    public void trace(int serial, int threadSerial, long[] frameIds) throws IOException {
        record(0x05, d -> {
            d.writeInt(serial);
            d.writeInt(threadSerial);
            d.writeInt(frameIds.length);
            for (long f : frameIds) {
                id(d, f);
            }
        });
    }

    public void startThread(int serial, long threadObjectId, int traceSerial, long nameId, long groupNameId,
            long parentGroupNameId) throws IOException {
        record(0x0A, d -> {
            d.writeInt(serial);
            id(d, threadObjectId);
            d.writeInt(traceSerial);
            id(d, nameId);
            id(d, groupNameId);
            id(d, parentGroupNameId);
        });
    }

    /** A top-level record of any tag, for tests of unknown records. */
    public void rawRecord(int tag, byte[] body) throws IOException {
        record(tag, body);
    }

    // ---- heap dump sub-records

    private void sub() throws IOException {
        if (segmentBytes.size() >= segmentLimit) {
            flushSegment();
        }
    }

    private void flushSegment() throws IOException {
        if (segmentBytes.size() > 0) {
            out.writeByte(0x1C);
            out.writeInt(0);
            out.writeInt(segmentBytes.size());
            segmentBytes.writeTo(out);
            segmentBytes.reset();
        }
    }

    /** A root sub-record: {@code tag} and its id, followed by the given u4 values (thread, frame). */
    public void root(int tag, long id, int... u4s) throws IOException {
        sub();
        segment.writeByte(tag);
        id(segment, id);
        for (int v : u4s) {
            segment.writeInt(v);
        }
    }

    /** ROOT_JNI_GLOBAL, which carries a second id. */
    public void rootJniGlobal(long id, long refId) throws IOException {
        sub();
        segment.writeByte(0x01);
        id(segment, id);
        id(segment, refId);
    }

    /** Android's HEAP_DUMP_INFO: following objects are in this heap. */
    public void heapDumpInfo(int heapId, long nameId) throws IOException {
        sub();
        segment.writeByte(0xFE);
        segment.writeInt(heapId);
        id(segment, nameId);
    }

    /** A class dump; field and static names are ids of strings written earlier. */
    public void classDump(long classId, long superId, long loaderId, int instanceSize, List<StaticField> statics,
            long[] staticNameIds, List<FieldDef> fields, long[] fieldNameIds) throws IOException {
        sub();
        DataOutputStream s = segment;
        s.writeByte(0x20);
        id(s, classId);
        s.writeInt(0);
        id(s, superId);
        id(s, loaderId);
        id(s, 0);
        id(s, 0);
        id(s, 0);
        id(s, 0);
        s.writeInt(instanceSize);
        s.writeShort(0);
        s.writeShort(statics.size());
        for (int i = 0; i < statics.size(); i++) {
            StaticField f = statics.get(i);
            id(s, staticNameIds[i]);
            s.writeByte(f.type().code());
            value(s, f.type(), f.raw());
        }
        s.writeShort(fields.size());
        for (int i = 0; i < fields.size(); i++) {
            id(s, fieldNameIds[i]);
            s.writeByte(fields.get(i).type().code());
        }
    }

    /** Writes a value of {@code type} with the size HPROF gives it. */
    public void value(DataOutputStream s, FieldType type, long raw) throws IOException {
        switch (type) {
            case OBJECT -> id(s, raw);
            case BOOLEAN, BYTE -> s.writeByte((int) raw);
            case CHAR, SHORT -> s.writeShort((int) raw);
            case INT, FLOAT -> s.writeInt((int) raw);
            case LONG, DOUBLE -> s.writeLong(raw);
        }
    }

    /** An instance: {@code values} are the field values, class first then superclasses. */
    public void instance(long id, long classId, byte[] values) throws IOException {
        sub();
        segment.writeByte(0x21);
        id(segment, id);
        segment.writeInt(0);
        id(segment, classId);
        segment.writeInt(values.length);
        segment.write(values);
    }

    public void objectArray(long id, long arrayClassId, long[] elements) throws IOException {
        sub();
        segment.writeByte(0x22);
        id(segment, id);
        segment.writeInt(0);
        segment.writeInt(elements.length);
        id(segment, arrayClassId);
        for (long e : elements) {
            id(segment, e);
        }
    }

    /** A primitive array; {@code data} holds {@code length} big-endian elements. */
    public void primitiveArray(long id, FieldType type, int length, byte[] data) throws IOException {
        sub();
        segment.writeByte(0x23);
        id(segment, id);
        segment.writeInt(0);
        segment.writeInt(length);
        segment.writeByte(type.code());
        segment.write(data);
    }

    /** Ends the heap dump (HEAP_DUMP_END). */
    public void endHeapDump() throws IOException {
        flushSegment();
        out.writeByte(0x2C);
        out.writeInt(0);
        out.writeInt(0);
        ended = true;
    }

    /** Encodes field values for {@link #instance}. */
    public byte[] values(List<FieldType> types, long[] raws) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        DataOutputStream d = new DataOutputStream(b);
        for (int i = 0; i < types.size(); i++) {
            value(d, types.get(i), raws[i]);
        }
        return b.toByteArray();
    }

    @Override
    public void close() throws IOException {
        if (!ended) {
            flushSegment();
        }
        out.flush();
        out.close();
    }
}
