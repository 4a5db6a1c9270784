package dev.heapwise.microej;

import dev.heapwise.graph.FieldType;

/**
 * MicroEJ dumps name types in the class-file's internal notation ({@code Lcom/x/Y;}, {@code [I},
 * {@code B C D F I J S Z}) or as slash-separated names ({@code com/x/Y}); heapwise shows them the
 * Java way ({@code com.x.Y}, {@code int[]}). Pure functions, thread-safe, allocate the result only.
 */
public final class TypeNames {
    private TypeNames() {}

    /**
     * The Java form of any type spelling a MicroEJ dump uses: {@code Lcom/x/Y;}, {@code com/x/Y},
     * {@code com.x.Y} and {@code [[Lcom/x/Y;} become {@code com.x.Y} and {@code com.x.Y[][]};
     * {@code [I} becomes {@code int[]}. A lone letter is a class name ({@code A}), not a base type:
     * use {@link #descriptorToJava} for descriptors.
     */
    public static String toJava(String type) {
        String t = type.trim();
        int dims = 0;
        while (dims < t.length() && t.charAt(dims) == '[') {
            dims++;
        }
        String element = t.substring(dims);
        String javaElement;
        FieldType base = element.length() == 1 ? baseType(element.charAt(0)) : null;
        if (base != null && dims > 0) {
            javaElement = base.javaName();
        } else if (element.length() > 2 && element.charAt(0) == 'L' && element.endsWith(";")) {
            javaElement = element.substring(1, element.length() - 1).replace('/', '.');
        } else {
            javaElement = element.replace('/', '.');
        }
        return javaElement + "[]".repeat(dims);
    }

    /** A field descriptor in Java form: {@code I} gives {@code int}, {@code [J} gives {@code long[]}. */
    public static String descriptorToJava(String descriptor) {
        FieldType base = descriptor.length() == 1 ? baseType(descriptor.charAt(0)) : null;
        return base != null ? base.javaName() : toJava(descriptor);
    }

    /**
     * The internal descriptor of a Java-form type: {@code com.x.Y} gives {@code Lcom/x/Y;},
     * {@code int[]} gives {@code [I}, {@code int} gives {@code I}.
     */
    public static String toDescriptor(String javaName) {
        int dims = 0;
        String n = javaName;
        while (n.endsWith("[]")) {
            n = n.substring(0, n.length() - 2);
            dims++;
        }
        FieldType base = FieldType.ofJavaName(n);
        String element = base != null ? String.valueOf(letter(base)) : "L" + n.replace('.', '/') + ";";
        return "[".repeat(dims) + element;
    }

    /**
     * The name a {@code class} element gets: {@code Lcom/x/Y;} for classes (also for the classes
     * of primitive types some dumps have, {@code Lboolean;}, which a lone {@code Z} would not
     * tell from a class named Z), a descriptor for arrays ({@code [I}).
     */
    public static String classElementName(String javaName) {
        return javaName.endsWith("[]") ? toDescriptor(javaName) : "L" + javaName.replace('.', '/') + ";";
    }

    /** The slash-separated name of a Java-form class name ({@code com.x.Y} gives {@code com/x/Y}); arrays as descriptors. */
    public static String toInternalName(String javaName) {
        return javaName.endsWith("[]") ? toDescriptor(javaName) : javaName.replace('.', '/');
    }

    /** The base type for a descriptor letter, or null. */
    public static FieldType baseType(char letter) {
        return switch (letter) {
            case 'Z' -> FieldType.BOOLEAN;
            case 'B' -> FieldType.BYTE;
            case 'C' -> FieldType.CHAR;
            case 'S' -> FieldType.SHORT;
            case 'I' -> FieldType.INT;
            case 'J' -> FieldType.LONG;
            case 'F' -> FieldType.FLOAT;
            case 'D' -> FieldType.DOUBLE;
            default -> null;
        };
    }

    /** The descriptor letter of a base type ({@code OBJECT} gives {@code L}). */
    public static char letter(FieldType type) {
        return switch (type) {
            case BOOLEAN -> 'Z';
            case BYTE -> 'B';
            case CHAR -> 'C';
            case SHORT -> 'S';
            case INT -> 'I';
            case LONG -> 'J';
            case FLOAT -> 'F';
            case DOUBLE -> 'D';
            case OBJECT -> 'L';
        };
    }

    /**
     * The field type a {@code type} attribute names: a base type letter ({@code I}) or its Java
     * keyword ({@code int}) gives that type; a class or array type ({@code Lx/Y;}, {@code [I})
     * gives {@code OBJECT}; anything else null.
     */
    public static FieldType fieldType(String type) {
        String t = type.trim();
        if (t.length() == 1) {
            return baseType(t.charAt(0));
        }
        if (t.startsWith("[") || (t.startsWith("L") && t.endsWith(";"))) {
            return FieldType.OBJECT;
        }
        return FieldType.ofJavaName(t);
    }

    /**
     * A creating method as the Heap Analyzer shows it: {@code com/x/Y.run(I[Ljava/lang/String;)V}
     * becomes {@code com.x.Y.run(int, java.lang.String[]) : void}. Text that is not a method
     * descriptor is returned with slashes turned into dots.
     */
    public static String method(String method) {
        if (method == null) {
            return null;
        }
        int open = method.indexOf('(');
        int close = method.indexOf(')', open + 1);
        if (open < 0 || close < 0 || close == method.length() - 1 || method.substring(close + 1).strip().startsWith(":")) {
            return method.replace('/', '.'); // no descriptor to translate (already "name(...) : type")
        }
        String owner = toJava(method.substring(0, open));
        String params = method.substring(open + 1, close);
        String ret = method.substring(close + 1);
        StringBuilder sb = new StringBuilder(owner).append('(');
        int i = 0;
        boolean first = true;
        while (i < params.length()) {
            int end = descriptorEnd(params, i);
            if (end < 0) {
                return method.replace('/', '.');
            }
            sb.append(first ? "" : ", ").append(descriptorToJava(params.substring(i, end)));
            first = false;
            i = end;
        }
        String r = ret.equals("V") ? "void" : (descriptorEnd(ret, 0) == ret.length() ? descriptorToJava(ret) : ret);
        return sb.append(") : ").append(r).toString();
    }

    private static int descriptorEnd(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) == '[') {
            i++;
        }
        if (i >= s.length()) {
            return -1;
        }
        char c = s.charAt(i);
        if (c == 'L') {
            int semi = s.indexOf(';', i);
            return semi < 0 ? -1 : semi + 1;
        }
        return baseType(c) != null ? i + 1 : -1;
    }
}
