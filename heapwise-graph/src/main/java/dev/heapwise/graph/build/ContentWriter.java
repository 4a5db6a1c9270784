package dev.heapwise.graph.build;

import dev.heapwise.graph.FieldType;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes object records in the graph's content encoding (HPROF heap-dump sub-records, see
 * {@code ObjectRecords}) for readers of formats whose files cannot be read back in place. Write to
 * {@link GraphBuilder#contentCopyTarget()}, pass each returned position to the builder, and finish
 * with {@code builder.setContent(ContentLocation.copy(writer.size()))}. Not thread-safe.
 */
public final class ContentWriter implements AutoCloseable {
    private final DataOutputStream out;
    private final int idSize;
    private long position;

    public ContentWriter(Path file, int idSize) throws IOException {
        this.out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
        this.idSize = idSize;
    }

    private void id(long id) throws IOException {
        if (idSize == 8) {
            out.writeLong(id);
        } else {
            out.writeInt((int) id);
        }
    }

    /** An instance whose {@code values} are encoded by {@link #encode}; returns its position. */
    public long instance(long id, long classId, byte[] values) throws IOException {
        long at = position;
        out.writeByte(0x21);
        id(id);
        out.writeInt(0);
        id(classId);
        out.writeInt(values.length);
        out.write(values);
        position += 1 + idSize + 4 + idSize + 4 + values.length;
        return at;
    }

    public long objectArray(long id, long arrayClassId, long[] elements) throws IOException {
        long at = position;
        out.writeByte(0x22);
        id(id);
        out.writeInt(0);
        out.writeInt(elements.length);
        id(arrayClassId);
        for (long e : elements) {
            id(e);
        }
        position += 1 + idSize + 4 + 4 + idSize + (long) elements.length * idSize;
        return at;
    }

    /** A primitive array; {@code data} holds {@code length} big-endian elements. */
    public long primitiveArray(long id, FieldType type, int length, byte[] data) throws IOException {
        long at = position;
        out.writeByte(0x23);
        id(id);
        out.writeInt(0);
        out.writeInt(length);
        out.writeByte(type.code());
        out.write(data);
        position += 1 + idSize + 4 + 4 + 1 + data.length;
        return at;
    }

    /** Encodes field values (class first, then superclasses) for {@link #instance}. */
    public byte[] encode(List<FieldType> types, long[] raw) {
        int size = 0;
        for (FieldType t : types) {
            size += t.size(idSize);
        }
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(size);
        for (int i = 0; i < types.size(); i++) {
            long v = raw[i];
            switch (types.get(i)) {
                case OBJECT -> {
                    if (idSize == 8) {
                        b.putLong(v);
                    } else {
                        b.putInt((int) v);
                    }
                }
                case BOOLEAN, BYTE -> b.put((byte) v);
                case CHAR, SHORT -> b.putShort((short) v);
                case INT, FLOAT -> b.putInt((int) v);
                case LONG, DOUBLE -> b.putLong(v);
            }
        }
        return b.array();
    }

    /** Bytes written so far. */
    public long size() {
        return position;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
