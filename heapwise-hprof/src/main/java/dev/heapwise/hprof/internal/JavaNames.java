package dev.heapwise.hprof.internal;

/**
 * Turns the class names dumps use into Java form: {@code java/lang/String} and
 * {@code java.lang.String} both become {@code java.lang.String}; {@code [I} becomes
 * {@code int[]} and {@code [[Ljava/lang/Object;} becomes {@code java.lang.Object[][]}. Names
 * already in Java form (Android's) are returned unchanged.
 */
public final class JavaNames {
    private JavaNames() {}

    public static String fromDump(String name) {
        if (name.isEmpty() || name.charAt(0) != '[') {
            return name.replace('/', '.');
        }
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') {
            dims++;
        }
        String rest = name.substring(dims);
        String element;
        if (rest.startsWith("L") && rest.endsWith(";")) {
            element = rest.substring(1, rest.length() - 1).replace('/', '.');
        } else if (rest.length() == 1) {
            element = switch (rest.charAt(0)) {
                case 'Z' -> "boolean";
                case 'B' -> "byte";
                case 'C' -> "char";
                case 'S' -> "short";
                case 'I' -> "int";
                case 'J' -> "long";
                case 'F' -> "float";
                case 'D' -> "double";
                default -> rest;
            };
        } else {
            element = rest.replace('/', '.');
        }
        return element + "[]".repeat(dims);
    }
}
