package dev.heapwise.microej;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What a lenient read skipped, by kind of problem, with the first place each happened. A strict
 * read never has any: it fails at the first problem instead. Immutable.
 *
 * @param lenient  whether the dump was read with {@code --lenient}
 * @param problems counts per kind; kinds that did not occur are absent
 */
public record ReadReport(boolean lenient, Map<Problem, Count> problems) {

    /** The rules of the MicroEJ heap dump schema (and of a consistent heap) a dump can break. */
    public enum Problem {
        NOT_WELL_FORMED("XML not well-formed; the rest of the file was not read"),
        UNKNOWN_ELEMENT("elements the schema does not allow there (skipped with their content)"),
        UNKNOWN_ATTRIBUTE("attributes the schema does not define (ignored)"),
        UNEXPECTED_TEXT("text where the schema allows none (ignored)"),
        MISSING_ATTRIBUTE("required attributes missing (element skipped, or value left out)"),
        BAD_NUMBER("malformed or out-of-range numbers (value left out or read as 0)"),
        BAD_TYPE("unknown type names (field or array skipped)"),
        BAD_FIELD("fields with neither a reference nor a typed value, or both (read as 0/null)"),
        WRONG_ARRAY_LENGTH("arrays whose length attribute differs from their content (content kept)"),
        FIELD_COUNT("string literals without exactly 4 fields (fields kept)"),
        INCONSISTENT_FIELDS("objects whose fields differ from their class's other objects (missing ones read as 0/null)"),
        UNKNOWN_ID("references to ids no element has (read as null)"),
        UNKNOWN_CLASS("class references that name no class (object skipped)"),
        RESERVED_ID("elements with id 0, which means null (skipped)"),
        DUPLICATE_ID("ids given to more than one element (the first kept)");

        private final String description;

        Problem(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    /** How often a problem occurred, and where first ("line L, column C: what"). */
    public record Count(long count, String first) {}

    public ReadReport {
        problems = Map.copyOf(problems);
    }

    public static ReadReport none(boolean lenient) {
        return new ReadReport(lenient, Map.of());
    }

    public long total() {
        return problems.values().stream().mapToLong(Count::count).sum();
    }

    /** One line per problem kind, for warnings and text output. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        for (Problem p : Problem.values()) {
            Count c = problems.get(p);
            if (c != null) {
                out.add("lenient read skipped " + c.count() + " " + p.description() + "; first at " + c.first());
            }
        }
        return out;
    }

    /** Serializes for the index attachment: one tab-separated line per problem kind. */
    public String encode() {
        StringBuilder sb = new StringBuilder("lenient\t").append(lenient).append('\n');
        for (var e : problems.entrySet()) {
            sb.append(e.getKey().name()).append('\t').append(e.getValue().count()).append('\t')
                    .append(e.getValue().first().replace('\n', ' ').replace('\t', ' ')).append('\n');
        }
        return sb.toString();
    }

    /** The inverse of {@link #encode}; unknown problem kinds are left out. */
    public static ReadReport decode(String text) {
        boolean lenient = false;
        Map<Problem, Count> map = new EnumMap<>(Problem.class);
        for (String line : text.split("\n")) {
            String[] p = line.split("\t", 3);
            if (p.length >= 2 && p[0].equals("lenient")) {
                lenient = Boolean.parseBoolean(p[1]);
            } else if (p.length == 3) {
                try {
                    map.put(Problem.valueOf(p[0]), new Count(Long.parseLong(p[1]), p[2]));
                } catch (IllegalArgumentException e) {
                    // a kind this version does not know: leave it out
                }
            }
        }
        return new ReadReport(lenient, map);
    }
}
