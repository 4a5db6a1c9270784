package dev.heapwise.graph;

/**
 * The value of a field as stored in the dump. {@code raw} is the object id of a reference (0 for
 * null) or the bits of a primitive: booleans, bytes, chars, shorts and ints zero- or sign-extended
 * as Java does, floats and doubles as their IEEE bits. Cheap value object; allocates nothing else.
 */
public record FieldValue(HeapClass declaringClass, String name, FieldType type, long raw) {

    public boolean isReference() {
        return type == FieldType.OBJECT;
    }

    public boolean isNull() {
        return type == FieldType.OBJECT && raw == 0;
    }

    /** The referenced object id (0 for null). */
    public long objectId() {
        if (type != FieldType.OBJECT) {
            throw new IllegalStateException(name + " is a " + type.javaName() + ", not a reference");
        }
        return raw;
    }

    public boolean asBoolean() {
        return raw != 0;
    }

    public int asInt() {
        return (int) raw;
    }

    public long asLong() {
        return raw;
    }

    public double asDouble() {
        return switch (type) {
            case FLOAT -> Float.intBitsToFloat((int) raw);
            case DOUBLE -> Double.longBitsToDouble(raw);
            default -> raw;
        };
    }

    /** The value as Java would print it; references as {@code 0x…} ids or {@code null}. */
    public String display() {
        return display(type, raw);
    }

    public static String display(FieldType type, long raw) {
        return switch (type) {
            case OBJECT -> raw == 0 ? "null" : Ids.hex(raw);
            case BOOLEAN -> Boolean.toString(raw != 0);
            case CHAR -> "'" + escapeChar((char) raw) + "'";
            case FLOAT -> Float.toString(Float.intBitsToFloat((int) raw));
            case DOUBLE -> Double.toString(Double.longBitsToDouble(raw));
            case BYTE, SHORT, INT, LONG -> Long.toString(raw);
        };
    }

    private static String escapeChar(char c) {
        if (c >= 0x20 && c < 0x7F && c != '\'' && c != '\\') {
            return String.valueOf(c);
        }
        return String.format("\\u%04x", (int) c);
    }
}
