package dev.heapwise.cli.microej;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.heapwise.cli.BadInputException;
import dev.heapwise.cli.Json;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.microej.MicroEjAttributes;
import dev.heapwise.microej.analysis.Selection;
import java.nio.file.Path;
import java.util.Locale;

/** Small helpers the MicroEJ commands share: finding objects, time windows, JSON rows. */
final class Cli {
    private Cli() {}

    /** The object a user names ({@code #98}, {@code 98}, {@code 0x62}); a clear error when there is none. */
    static int object(HeapGraph g, Path dump, String id) {
        int o = new MicroEjAttributes(g).find(id);
        if (o < 0) {
            throw new BadInputException(dump + ": no object has id " + id);
        }
        return o;
    }

    /** The type a user names: exact Java, internal or descriptor form, else a unique simple-name match. */
    static String type(HeapGraph g, Path dump, String name) {
        String found = findType(g, dump, name);
        if (found == null) {
            throw new BadInputException(dump + ": no type " + name);
        }
        return found;
    }

    /** As {@link #type}, null when the dump has no such type (an ambiguous name is still an error). */
    static String findType(HeapGraph g, Path dump, String name) {
        String java = dev.heapwise.microej.TypeNames.toJava(name);
        if (!g.classesNamed(java).isEmpty()) {
            return java;
        }
        String found = null;
        for (var c : g.classes()) {
            String n = c.name();
            if (n.endsWith("." + name) || n.endsWith("$" + name)) {
                if (found != null && !found.equals(n)) {
                    throw new BadInputException(dump + ": type " + name + " is ambiguous (" + found + ", " + n + ", ...)");
                }
                found = n;
            }
        }
        return found;
    }

    static Selection selection(HeapGraph g, Path dump, Long from, Long to, String thread, String method, String type) {
        checkWindow(from, to);
        if (from != null || to != null || thread != null || method != null) {
            requireTimes(g, dump); // an HPROF dump has no creation data to filter on: 0 instances would mislead
        }
        return new Selection(from, to, thread, method, type == null ? null : type(g, dump, type));
    }

    /** Rejects a time window whose start is after its end. */
    static void checkWindow(Long from, Long to) {
        if (from != null && to != null && from > to) {
            throw new BadInputException("--from " + from + " is after --to " + to);
        }
    }

    static void requireTimes(HeapGraph g, Path dump) {
        if (!new MicroEjAttributes(g).hasCreationTimes()) {
            throw new BadInputException(dump + ": the dump records no creation times (only MicroEJ dumps do)");
        }
    }

    static String time(long t) {
        return t == MicroEjAttributes.NO_TIME ? "-" : Long.toString(t);
    }

    static void putTime(ObjectNode o, String name, long t) {
        if (t == MicroEjAttributes.NO_TIME) {
            o.putNull(name);
        } else {
            o.put(name, t);
        }
    }

    static ArrayNode longs(ObjectNode o, String name, long[] values) {
        ArrayNode a = o.putArray(name);
        for (long v : values) {
            a.add(v);
        }
        return a;
    }

    static String orDash(String s) {
        return s == null ? "-" : s;
    }

    static String fit(String s, int width) {
        return s.length() <= width ? s : s.substring(0, Math.max(0, width - 1)) + "…";
    }

    static ObjectNode object() {
        return Json.object();
    }

    static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
