package dev.heapwise.graph.internal;

import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import java.nio.charset.StandardCharsets;

/**
 * Decodes {@code java.lang.String} objects the way each VM stores them:
 * <ul>
 *   <li>JDK 9+ compact strings: {@code byte[] value} with {@code byte coder} (0 Latin-1, 1 UTF-16
 *       in the VM's byte order, little-endian on every platform HotSpot runs on today);</li>
 *   <li>JDK 6-8: {@code char[] value}, with {@code offset} and {@code count} on JDK 6;</li>
 *   <li>Android: {@code char[] value} (or byte[] for compressed strings) with {@code count}.</li>
 * </ul>
 * Also decodes a bare {@code char[]}, and a {@code byte[]} as Latin-1.
 */
final class StringDecoder {
    private StringDecoder() {}

    static String decode(HeapGraph g, int object, int maxChars) {
        ObjectKind kind = g.kind(object);
        HeapClass cls = g.heapClass(g.classOf(object));
        if (kind == ObjectKind.PRIMITIVE_ARRAY) {
            return switch (cls.elementType()) {
                case CHAR -> chars(g, object, 0, Integer.MAX_VALUE, maxChars);
                case BYTE -> latin1(g, object, maxChars);
                default -> null;
            };
        }
        if (kind != ObjectKind.INSTANCE || !cls.name().equals("java.lang.String")) {
            return null;
        }
        long valueId = 0;
        int coder = -1;
        int offset = 0;
        int count = -1;
        for (FieldValue f : g.fields(object)) {
            switch (f.name()) {
                case "value" -> valueId = f.isReference() ? f.objectId() : 0;
                case "coder" -> coder = f.asInt();
                case "offset" -> offset = f.asInt();
                case "count" -> count = f.asInt();
                default -> { }
            }
        }
        if (valueId == 0) {
            return count == 0 ? "" : null;
        }
        int value = g.indexOf(valueId);
        if (value < 0 || g.kind(value) != ObjectKind.PRIMITIVE_ARRAY) {
            return null;
        }
        HeapClass valueClass = g.heapClass(g.classOf(value));
        return switch (valueClass.elementType()) {
            case CHAR -> chars(g, value, offset, count < 0 ? Integer.MAX_VALUE : count, maxChars);
            case BYTE -> coder == 1 ? utf16(g, value, maxChars) : latin1(g, value, count < 0 ? maxChars : Math.min(count, maxChars));
            default -> null;
        };
    }

    private static String chars(HeapGraph g, int array, int offset, int count, int maxChars) {
        long len = g.arrayLength(array);
        long n = Math.min(Math.min(count, len - offset), maxChars);
        if (n < 0) {
            return null;
        }
        byte[] b = g.readPrimitiveArray(array, offset, (int) n);
        if (b == null) {
            return null;
        }
        char[] c = new char[b.length / 2];
        for (int i = 0; i < c.length; i++) {
            c[i] = (char) (((b[2 * i] & 0xFF) << 8) | (b[2 * i + 1] & 0xFF));
        }
        return new String(c);
    }

    private static String latin1(HeapGraph g, int array, int maxChars) {
        long len = g.arrayLength(array);
        byte[] b = g.readPrimitiveArray(array, 0, (int) Math.min(len, maxChars));
        return b == null ? null : new String(b, StandardCharsets.ISO_8859_1);
    }

    private static String utf16(HeapGraph g, int array, int maxChars) {
        long len = g.arrayLength(array);
        byte[] b = g.readPrimitiveArray(array, 0, (int) Math.min(len, 2L * maxChars) & ~1);
        if (b == null) {
            return null;
        }
        char[] c = new char[b.length / 2];
        for (int i = 0; i < c.length; i++) {
            c[i] = (char) ((b[2 * i] & 0xFF) | ((b[2 * i + 1] & 0xFF) << 8));
        }
        return new String(c);
    }
}
