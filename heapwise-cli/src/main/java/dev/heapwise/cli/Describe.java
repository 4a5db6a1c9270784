package dev.heapwise.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Ids;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.Printable;
import java.util.List;

/** One-line descriptions of objects for text and JSON output. Reads the dump for strings and array lengths. */
public final class Describe {
    private Describe() {}

    /** The class name as users read it: the represented class for class objects. */
    public static String className(HeapGraph g, int o) {
        return (g.kind(o) == ObjectKind.CLASS ? "class " : "") + ObjectLabels.className(g, o);
    }

    /** {@code java.lang.String 0x7f01 "hello"}, {@code int[12] 0x7f40}, {@code class java.util.Map 0x…}. */
    public static String brief(HeapGraph g, int o) {
        ObjectKind k = g.kind(o);
        HeapClass c = g.heapClass(g.classOf(o));
        String id = Ids.hex(g.id(o));
        return switch (k) {
            case CLASS -> className(g, o) + " " + id;
            case OBJECT_ARRAY, PRIMITIVE_ARRAY -> {
                String n = c.name();
                long len = g.arrayLength(o);
                String typed = n.endsWith("[]") ? n.substring(0, n.length() - 2) + "[" + len + "]" : n;
                yield typed + " " + id;
            }
            case INSTANCE -> {
                String text = c.name().equals("java.lang.String") ? g.readString(o, 60) : null;
                yield c.name() + " " + id + (text == null ? "" : " " + quote(text, 60));
            }
        };
    }

    /**
     * {@code s} with control characters written as {@code \\uXXXX}: for names that come from a dump
     * or a VM (a tab, an escape sequence), to be shown on a terminal rather than obeyed by it.
     */
    public static String controlsEscaped(String s) {
        return Printable.escape(s, false);
    }

    public static String quote(String s, int max) {
        StringBuilder sb = new StringBuilder("\"");
        int n = Math.min(s.length(), max);
        for (int i = 0; i < n; i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                default -> sb.append(ch < 0x20 ? String.format("\\u%04x", (int) ch) : String.valueOf(ch));
            }
        }
        if (s.length() > max) {
            sb.append("…");
        }
        return sb.append('"').toString();
    }

    /** {"id","className"} for JSON. */
    public static ObjectNode json(HeapGraph g, int o) {
        ObjectNode n = Json.object();
        n.put("id", Ids.hex(g.id(o)));
        // As in every command's JSON: a class object's className is the class it represents, kind "class".
        n.put("className", ObjectLabels.className(g, o));
        n.put("kind", ObjectLabels.kind(g, o));
        return n;
    }

    /** Resolves a user's OBJECT argument (hex or decimal id) or fails with a clear message. */
    public static int object(HeapGraph g, String text, java.nio.file.Path dump) {
        long id;
        try {
            id = Ids.parse(text);
        } catch (NumberFormatException e) {
            throw new BadInputException("\"" + text + "\" is not an object id (give it as 0x1f2e or in decimal)");
        }
        int o = g.indexOf(id);
        if (o < 0) {
            throw new BadInputException(dump + ": no object with id " + Ids.hex(id) + " in this dump");
        }
        return o;
    }

    /**
     * The classes of a user's exact class name, or fails with a clear message when there are none,
     * naming the closest class names ({@link ClassSuggestions}).
     */
    public static List<HeapClass> classes(HeapGraph g, String name, java.nio.file.Path dump) {
        List<HeapClass> cs = g.classesNamed(name);
        if (cs.isEmpty()) {
            throw new BadInputException(dump + ": no class named " + name + " in this dump"
                    + ClassSuggestions.didYouMean(g, name));
        }
        return cs;
    }
}
