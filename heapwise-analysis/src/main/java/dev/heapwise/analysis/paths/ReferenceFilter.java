package dev.heapwise.analysis.paths;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Which references a path may use. By default every reference except the referents of weak,
 * soft, phantom and finalizer references; {@link #including} lets some of those back in, and
 * {@link #excluding} drops user-named fields, written {@code class:field} (the field of that class
 * and its subclasses, or a static field of that class). Immutable.
 */
public record ReferenceFilter(Set<ReferentKind> excludedReferents, List<FieldRef> excludedFields) {

    /** A {@code class:field} exclusion. */
    public record FieldRef(String className, String field) {
        @Override
        public String toString() {
            return className + ":" + field;
        }
    }

    public ReferenceFilter {
        excludedReferents = excludedReferents.isEmpty() ? EnumSet.noneOf(ReferentKind.class) : EnumSet.copyOf(excludedReferents);
        excludedFields = List.copyOf(excludedFields);
    }

    public static ReferenceFilter defaults() {
        return new ReferenceFilter(EnumSet.allOf(ReferentKind.class), List.of());
    }

    /** Every reference counts, weak ones included. */
    public static ReferenceFilter everything() {
        return new ReferenceFilter(EnumSet.noneOf(ReferentKind.class), List.of());
    }

    public ReferenceFilter including(Set<ReferentKind> kinds) {
        EnumSet<ReferentKind> left = excludedReferents.isEmpty() ? EnumSet.noneOf(ReferentKind.class) : EnumSet.copyOf(excludedReferents);
        left.removeAll(kinds);
        return new ReferenceFilter(left, excludedFields);
    }

    public ReferenceFilter excluding(List<FieldRef> fields) {
        List<FieldRef> all = new ArrayList<>(excludedFields);
        all.addAll(fields);
        return new ReferenceFilter(excludedReferents, all);
    }

    /**
     * Parses {@code com.example.Cache:entries}.
     *
     * @throws IllegalArgumentException naming the text when it is not {@code class:field}
     */
    public static FieldRef parseField(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1 || text.indexOf(' ') >= 0) {
            throw new IllegalArgumentException("'" + text + "' is not class:field (e.g. java.lang.Thread:threadLocals)");
        }
        return new FieldRef(text.substring(0, colon), text.substring(colon + 1));
    }
}
