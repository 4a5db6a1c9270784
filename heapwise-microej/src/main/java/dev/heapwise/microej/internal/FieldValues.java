package dev.heapwise.microej.internal;

import dev.heapwise.graph.FieldType;

/**
 * Base-type values as MicroEJ dumps spell them, to and from the graph's raw bits (see
 * {@link dev.heapwise.graph.FieldValue#raw()}). Field values: integers in decimal, booleans as
 * {@code true}/{@code false} (or 1/0), chars as their decimal code (or one non-digit character),
 * floats and doubles in Java syntax. Array content is a list of integers: floats and doubles are
 * their IEEE bits there (decimal float syntax is accepted too). Thread-safe, allocation-free on
 * the integer paths. Raw bits follow the graph: floats as their int bits sign-extended, like ints.
 */
public final class FieldValues {
    private FieldValues() {}

    /** Parses a field's {@code value} attribute; throws NumberFormatException when it does not fit the type. */
    public static long parseField(FieldType type, String text) {
        String t = text.trim();
        return switch (type) {
            case BOOLEAN -> switch (t) {
                case "true", "1" -> 1;
                case "false", "0" -> 0;
                default -> throw new NumberFormatException("not a boolean: \"" + t + "\"");
            };
            case CHAR -> {
                if (t.length() == 1 && (t.charAt(0) < '0' || t.charAt(0) > '9')) {
                    yield t.charAt(0);
                }
                yield ranged(type, parseLong(t, 0, t.length()), t);
            }
            case FLOAT -> Float.floatToRawIntBits(parseFloat(t));
            case DOUBLE -> Double.doubleToRawLongBits(Double.parseDouble(t));
            case OBJECT -> throw new IllegalArgumentException("references are ids, not values");
            default -> ranged(type, parseLong(t, 0, t.length()), t);
        };
    }

    /** The text a field's {@code value} attribute gets for raw bits. */
    public static String formatField(FieldType type, long raw) {
        return switch (type) {
            case BOOLEAN -> raw != 0 ? "true" : "false";
            case CHAR -> Long.toString(raw & 0xFFFF);
            case FLOAT -> Float.toString(Float.intBitsToFloat((int) raw));
            case DOUBLE -> Double.toString(Double.longBitsToDouble(raw));
            case BYTE -> Long.toString((byte) raw);
            case SHORT -> Long.toString((short) raw);
            case INT -> Long.toString((int) raw);
            case LONG -> Long.toString(raw);
            case OBJECT -> throw new IllegalArgumentException("references are ids, not values");
        };
    }

    /** An array element: an integer (floats: IEEE bits), or a decimal float for F and D arrays. */
    public static long parseElement(FieldType type, CharSequence s, int from, int to) {
        if ((type == FieldType.FLOAT || type == FieldType.DOUBLE) && !isInteger(s, from, to)) {
            String t = s.subSequence(from, to).toString();
            return type == FieldType.FLOAT ? Float.floatToRawIntBits(parseFloat(t))
                    : Double.doubleToRawLongBits(Double.parseDouble(t));
        }
        long v = parseLong(s, from, to);
        return switch (type) {
            case FLOAT -> {
                if (v < Integer.MIN_VALUE || v > 0xFFFFFFFFL) {
                    throw new NumberFormatException("float bits out of range: " + s.subSequence(from, to));
                }
                yield (int) v;
            }
            case DOUBLE, LONG -> v;
            default -> ranged(type, v, s.subSequence(from, to));
        };
    }

    /** The integer an array element is written as. */
    public static long element(FieldType type, long raw) {
        return switch (type) {
            case BOOLEAN -> raw != 0 ? 1 : 0;
            case CHAR -> raw & 0xFFFF;
            case BYTE -> (byte) raw;
            case SHORT -> (short) raw;
            case INT, FLOAT -> (int) raw;
            default -> raw;
        };
    }

    private static boolean isInteger(CharSequence s, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if ((c < '0' || c > '9') && !(i == from && (c == '-' || c == '+'))) {
                return false;
            }
        }
        return to > from;
    }

    private static float parseFloat(String t) {
        return Float.parseFloat(t);
    }

    private static long ranged(FieldType type, long v, CharSequence text) {
        long min;
        long max;
        switch (type) {
            case BOOLEAN -> { min = 0; max = 1; }
            case BYTE -> { min = Byte.MIN_VALUE; max = Byte.MAX_VALUE; }
            case CHAR -> { min = 0; max = Character.MAX_VALUE; }
            case SHORT -> { min = Short.MIN_VALUE; max = Short.MAX_VALUE; }
            case INT -> { min = Integer.MIN_VALUE; max = Integer.MAX_VALUE; }
            default -> { min = Long.MIN_VALUE; max = Long.MAX_VALUE; }
        }
        if (v < min || v > max) {
            throw new NumberFormatException(text + " is out of range for " + type.javaName());
        }
        return v;
    }

    /** A decimal long with an optional sign, allocation-free; NumberFormatException otherwise. */
    public static long parseLong(CharSequence s, int from, int to) {
        if (to <= from) {
            throw new NumberFormatException("empty number");
        }
        boolean negative = false;
        int i = from;
        char c0 = s.charAt(i);
        if (c0 == '-' || c0 == '+') {
            negative = c0 == '-';
            i++;
            if (i == to) {
                throw new NumberFormatException("not a number: " + s.subSequence(from, to));
            }
        }
        long v = 0;
        for (; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw new NumberFormatException("not a number: \"" + s.subSequence(from, to) + "\"");
            }
            int d = c - '0';
            // accumulate negatively so Long.MIN_VALUE parses
            if (v < (Long.MIN_VALUE + d) / 10) {
                throw new NumberFormatException(s.subSequence(from, to) + " is out of range for long");
            }
            v = v * 10 - d;
        }
        if (!negative) {
            if (v == Long.MIN_VALUE) {
                throw new NumberFormatException(s.subSequence(from, to) + " is out of range for long");
            }
            v = -v;
        }
        return v;
    }
}
