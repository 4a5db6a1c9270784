package dev.heapwise.graph.internal;

/**
 * The graph's encoding of object bodies, which is HPROF's heap-dump sub-record encoding: an
 * object's position points at its sub-record tag, so HPROF dumps are read in place and other
 * formats write the same records into a content file. Only object bodies are read back; class
 * records are held in memory.
 *
 * <pre>
 * 0x21 INSTANCE_DUMP           id, u4 stack, id class, u4 n, n bytes of field values
 * 0x22 OBJ_ARRAY_DUMP          id, u4 stack, u4 length, id array class, length ids
 * 0x23 PRIM_ARRAY_DUMP         id, u4 stack, u4 length, u1 type, length values
 * 0xC3 PRIM_ARRAY_NODATA       id, u4 stack, u4 length, u1 type (Android; no values)
 * </pre>
 * All values are big-endian.
 */
public final class ObjectRecords {
    public static final int INSTANCE = 0x21;
    public static final int OBJECT_ARRAY = 0x22;
    public static final int PRIMITIVE_ARRAY = 0x23;
    public static final int PRIMITIVE_ARRAY_NODATA = 0xC3;
    public static final int CLASS = 0x20;

    private ObjectRecords() {}

    /** Bytes before an instance's field values. */
    public static int instanceHeader(int idSize) {
        return 1 + idSize + 4 + idSize + 4;
    }

    /** Offset of an array's u4 length from the tag. */
    public static int arrayLengthOffset(int idSize) {
        return 1 + idSize + 4;
    }

    /** Bytes before an object array's elements. */
    public static int objectArrayHeader(int idSize) {
        return 1 + idSize + 4 + 4 + idSize;
    }

    /** Bytes before a primitive array's elements. */
    public static int primitiveArrayHeader(int idSize) {
        return 1 + idSize + 4 + 4 + 1;
    }
}
