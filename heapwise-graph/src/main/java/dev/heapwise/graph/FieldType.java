package dev.heapwise.graph;

/**
 * The type of a field or array element, with its HPROF basic-type code. A reference's byte size
 * is the dump's id size, so {@link #OBJECT} reports 0 here.
 */
public enum FieldType {
    OBJECT(2, 0, "Object"),
    BOOLEAN(4, 1, "boolean"),
    CHAR(5, 2, "char"),
    FLOAT(6, 4, "float"),
    DOUBLE(7, 8, "double"),
    BYTE(8, 1, "byte"),
    SHORT(9, 2, "short"),
    INT(10, 4, "int"),
    LONG(11, 8, "long");

    private static final FieldType[] BY_CODE = new FieldType[12];

    static {
        for (FieldType t : values()) {
            BY_CODE[t.code] = t;
        }
    }

    private final int code;
    private final int size;
    private final String javaName;

    FieldType(int code, int size, String javaName) {
        this.code = code;
        this.size = size;
        this.javaName = javaName;
    }

    /** The HPROF basic-type code (2 object, 4 boolean ... 11 long). */
    public int code() {
        return code;
    }

    /** Bytes a value of this type takes in a dump, with {@code idSize} for references. */
    public int size(int idSize) {
        return this == OBJECT ? idSize : size;
    }

    /**
     * The value of this type at buffer index {@code at} (in the buffer's byte order), extended to a
     * long as Java would; booleans read as 0 or 1, references as unsigned ids of {@code idSize} bytes.
     * Allocates nothing.
     */
    public long read(java.nio.ByteBuffer b, int at, int idSize) {
        return switch (this) {
            case OBJECT -> idSize == 8 ? b.getLong(at) : b.getInt(at) & 0xFFFFFFFFL;
            case BOOLEAN -> b.get(at) != 0 ? 1 : 0;
            case BYTE -> b.get(at);
            case CHAR -> b.getChar(at);
            case SHORT -> b.getShort(at);
            case INT, FLOAT -> b.getInt(at);
            case LONG, DOUBLE -> b.getLong(at);
        };
    }

    public boolean isPrimitive() {
        return this != OBJECT;
    }

    /** The Java keyword for primitives ({@code int}), {@code Object} for references. */
    public String javaName() {
        return javaName;
    }

    /** The type for an HPROF basic-type code, or null if the code is not one. */
    public static FieldType ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }

    /** The primitive type for a Java keyword ({@code "int"}), or null. */
    public static FieldType ofJavaName(String name) {
        for (FieldType t : values()) {
            if (t.isPrimitive() && t.javaName.equals(name)) {
                return t;
            }
        }
        return null;
    }
}
