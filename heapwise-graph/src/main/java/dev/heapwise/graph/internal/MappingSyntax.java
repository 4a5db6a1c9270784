package dev.heapwise.graph.internal;

/**
 * The lines of an R8/ProGuard mapping file ({@code mapping.txt}):
 * <pre>
 * # comment, or R8's {"id":"sourceFile","fileName":"Main.kt"} and other JSON information
 * com.example.Service -&gt; a.b:                      a class: original -&gt; obfuscated
 *     java.lang.String name -&gt; a                     a field: type original -&gt; obfuscated
 *     1:4:void start(int,a.c):20:23 -&gt; b            a method: [range:]type name(args)[:line[:line]] -&gt; obfuscated
 *     5:5:void com.example.Util.log():7:7 -&gt; b       an inlined frame of the method above (same range)
 * </pre>
 * Names are in Java form ({@code com.example.Outer$Inner}, {@code int[]}); member types name the
 * original classes. Member lines are told from class lines by the colon that ends a class line,
 * not by their indentation (tools write either). Each parse works on a line's non-blank span
 * {@code [from, to)}, and the checks allocate nothing: a big app's mapping has millions of lines.
 */
public final class MappingSyntax {
    private MappingSyntax() {}

    /** What a member line is. */
    public enum Kind { FIELD, METHOD, BAD }

    /** {@code original -> obfuscated:}. */
    public record ClassLine(String original, String obfuscated) {}

    /** {@code type original -> obfuscated}; {@code original} as written, qualified when the field moved. */
    public record FieldLine(String type, String original, String obfuscated) {
        /** The original name without the class a moved field came from. */
        public String simpleName() {
            return original.substring(original.lastIndexOf('.') + 1);
        }
    }

    /**
     * {@code [obfFrom:obfTo:]returnType [originalClass.]name(args)[:origFrom[:origTo]] -> obfuscated};
     * absent numbers are -1, {@code originalClass} is null unless the method came from another class
     * (inlined or moved), {@code args} is the comma-separated list of original argument types.
     */
    public record MethodLine(int obfFrom, int obfTo, String returnType, String originalClass, String name,
            String args, int origFrom, int origTo, String obfuscated) {
        public boolean hasRange() {
            return obfFrom >= 0;
        }

        public boolean covers(int line) {
            return obfFrom >= 0 && line >= obfFrom && line <= obfTo;
        }

        /** The original line of obfuscated line {@code line} of this range, or {@code line} when not known. */
        public int originalLine(int line) {
            if (obfFrom < 0 || origFrom < 0 || line <= 0) {
                return line; // no range, ProGuard's unchanged lines, or a frame without a line
            }
            if (origTo >= 0 && origTo - origFrom == obfTo - obfFrom) {
                return origFrom + (line - obfFrom);
            }
            return origFrom; // a range that maps onto one line (an inlined call site, R8's 0:65535)
        }
    }

    /** What a member line should look like, for the message about one that does not. */
    public static final String MEMBER_SHAPE = "expected a field 'type name -> obfuscated' or a method "
            + "'[from:to:]type name(args)[:line[:line]] -> obfuscated'";

    /** What a class line should look like. */
    public static final String CLASS_SHAPE = "expected a class 'original.Name -> obfuscated.Name:'";

    /** Where the non-blank text of {@code s} starts. */
    public static int start(String s) {
        int i = 0;
        while (i < s.length() && isBlank(s.charAt(i))) {
            i++;
        }
        return i;
    }

    /** Where the non-blank text of {@code s} ends (exclusive), given where it starts. */
    public static int end(String s, int start) {
        int e = s.length();
        while (e > start && isBlank(s.charAt(e - 1))) {
            e--;
        }
        return e;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\f' || c == '\u000b' || c == '\r' || c == '\n';
    }

    /** Whether a non-blank span is a comment (R8's JSON information included). */
    public static boolean isComment(String s, int from) {
        return s.charAt(from) == '#';
    }

    /** Whether a non-blank, non-comment span is a class line (it ends with a colon). */
    public static boolean isClassLine(String s, int to) {
        return s.charAt(to - 1) == ':';
    }

    /** A class line, or null when the span is not one. */
    public static ClassLine classLine(String s, int from, int to) {
        int arrow = arrow(s, from, to - 1);
        if (arrow < 0) {
            return null;
        }
        int originalEnd = spanEnd(s, from, arrow);
        int obfuscatedFrom = arrow + 2;
        while (isBlank(s.charAt(obfuscatedFrom))) {
            obfuscatedFrom++;
        }
        if (!isToken(s, from, originalEnd, ":()") || !isToken(s, obfuscatedFrom, to - 1, ":()")) {
            return null;
        }
        return new ClassLine(s.substring(from, originalEnd), s.substring(obfuscatedFrom, to - 1));
    }

    /**
     * Where {@code ->} stands between blanks in {@code [from, to)}, with a name after it (the last
     * such arrow: names never hold one), or -1.
     */
    private static int arrow(String s, int from, int to) {
        int a = s.lastIndexOf("->", to - 2);
        if (a <= from || a + 3 >= to || !isBlank(s.charAt(a - 1)) || !isBlank(s.charAt(a + 2))) {
            return -1;
        }
        return a;
    }

    /** The end of the non-blank text of {@code [from, to)}. */
    private static int spanEnd(String s, int from, int to) {
        while (to > from && isBlank(s.charAt(to - 1))) {
            to--;
        }
        return to;
    }

    /** Whether {@code [from, to)} is one non-empty token without blanks or any of {@code banned}. */
    private static boolean isToken(String s, int from, int to, String banned) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (isBlank(c) || banned.indexOf(c) >= 0) {
                return false;
            }
        }
        return true;
    }

    /** What the member line in span {@code [from, to)} is; allocates nothing. */
    public static Kind memberKind(String s, int from, int to) {
        int arrow = arrow(s, from, to);
        if (arrow < 0) {
            return Kind.BAD;
        }
        int obfFrom = arrow + 2;
        while (isBlank(s.charAt(obfFrom))) {
            obfFrom++;
        }
        if (!isToken(s, obfFrom, to, "")) {
            return Kind.BAD;
        }
        int left = spanEnd(s, from, arrow);
        if (s.lastIndexOf('(', left - 1) < from) {
            return field(s, from, left) >= 0 ? Kind.FIELD : Kind.BAD;
        }
        return new MethodParser(s, from, left).parse() ? Kind.METHOD : Kind.BAD;
    }

    /** Where the name of the field line {@code type name} in {@code [from, to)} starts, or -1. */
    private static int field(String s, int from, int to) {
        int typeEnd = from;
        while (typeEnd < to && !isBlank(s.charAt(typeEnd))) {
            typeEnd++;
        }
        int name = typeEnd;
        while (name < to && isBlank(s.charAt(name))) {
            name++;
        }
        return name > typeEnd && isToken(s, from, typeEnd, ":()") && isToken(s, name, to, ":()") ? name : -1;
    }

    /** The field line in span {@code [from, to)}; call after {@link #memberKind} said FIELD. */
    public static FieldLine fieldLine(String s, int from, int to) {
        int arrow = arrow(s, from, to);
        int left = spanEnd(s, from, arrow);
        int name = field(s, from, left);
        return new FieldLine(s.substring(from, spanEnd(s, from, name)), s.substring(name, left),
                s.substring(arrow + 2, to).strip());
    }

    /** The method line in span {@code [from, to)}, or null when it is not one. */
    public static MethodLine methodLine(String s, int from, int to) {
        int arrow = arrow(s, from, to);
        if (arrow < 0) {
            return null;
        }
        MethodParser p = new MethodParser(s, from, spanEnd(s, from, arrow));
        if (!p.parse()) {
            return null;
        }
        String qualified = s.substring(p.nameFrom, p.nameTo);
        int dot = qualified.lastIndexOf('.');
        return new MethodLine(p.obfFrom, p.obfTo, s.substring(p.typeFrom, p.typeTo),
                dot < 0 ? null : qualified.substring(0, dot), qualified.substring(dot + 1),
                s.substring(p.argsFrom, p.argsTo), p.origFrom, p.origTo, s.substring(arrow + 2, to).strip());
    }

    /** {@code [obfFrom:obfTo:]type name(args)[:origFrom[:origTo]]}, by hand: a regular expression took seconds per million lines. */
    private static final class MethodParser {
        final String s;
        final int to;
        int at;
        int obfFrom = -1;
        int obfTo = -1;
        int origFrom = -1;
        int origTo = -1;
        int typeFrom;
        int typeTo;
        int nameFrom;
        int nameTo;
        int argsFrom;
        int argsTo;

        MethodParser(String s, int from, int to) {
            this.s = s;
            this.at = from;
            this.to = to;
        }

        boolean parse() {
            if (at < to && isDigit(s.charAt(at))) {
                obfFrom = number();
                if (obfFrom < 0 || !take(':') || (obfTo = number()) < 0 || !take(':') || obfFrom > obfTo) {
                    return false;
                }
            }
            typeFrom = at;
            while (at < to && !isBlank(s.charAt(at))) {
                at++;
            }
            typeTo = at;
            if (!isToken(s, typeFrom, typeTo, ":()")) {
                return false;
            }
            while (at < to && isBlank(s.charAt(at))) {
                at++;
            }
            nameFrom = at;
            while (at < to && s.charAt(at) != '(') {
                at++;
            }
            nameTo = at;
            if (!isToken(s, nameFrom, nameTo, ":()") || !take('(')) {
                return false;
            }
            argsFrom = at;
            while (at < to && s.charAt(at) != ')') {
                at++;
            }
            argsTo = at;
            if ((argsTo > argsFrom && !isToken(s, argsFrom, argsTo, ":()")) || !take(')')) {
                return false;
            }
            if (at < to) {
                if (!take(':') || (origFrom = number()) < 0) {
                    return false;
                }
                if (at < to && (!take(':') || (origTo = number()) < 0)) {
                    return false;
                }
            }
            return at == to;
        }

        private boolean take(char c) {
            if (at < to && s.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        /** A number of 1 to 9 digits, or -1. */
        private int number() {
            int start = at;
            int v = 0;
            while (at < to && isDigit(s.charAt(at)) && at - start < 9) {
                v = v * 10 + (s.charAt(at++) - '0');
            }
            return at == start || (at < to && isDigit(s.charAt(at))) ? -1 : v;
        }

        private static boolean isDigit(char c) {
            return c >= '0' && c <= '9';
        }
    }
}
