package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;

/**
 * Field values read as Shark 2.14 reads them ({@code HeapValue.asBoolean}, {@code valueAsInstance},
 * {@code readAsJavaString}, …): a value of another type than asked counts as absent, and objects
 * are named as Shark names them. Where Shark would stop the whole analysis on an absent value
 * ({@code !!}), the inspectors using these say nothing instead. Each call reads the dump at most once.
 */
final class SharkValues {
    /** Longer texts than this are cut; the texts read are names and titles. */
    private static final int MAX_CHARS = 10_000;

    private SharkValues() {}

    static FieldValue field(Hierarchy h, int object, String className, String field) {
        return h.declaredField(object, className, field);
    }

    /** The instance a reference field points to ({@code valueAsInstance}): -1 for null, arrays and classes. */
    static int instance(Hierarchy h, FieldValue v) {
        int o = object(h, v);
        return o >= 0 && h.graph().kind(o) == ObjectKind.INSTANCE ? o : -1;
    }

    /** The object of any kind a reference field points to ({@code asObject}), or -1. */
    static int object(Hierarchy h, FieldValue v) {
        return v == null || !v.isReference() || v.isNull() ? -1 : h.graph().indexOf(v.objectId());
    }

    static int instance(Hierarchy h, int object, String className, String field) {
        return instance(h, field(h, object, className, field));
    }

    static Boolean bool(FieldValue v) {
        return v != null && v.type() == FieldType.BOOLEAN ? v.asBoolean() : null;
    }

    static Integer integer(FieldValue v) {
        return v != null && v.type() == FieldType.INT ? v.asInt() : null;
    }

    static Long longValue(FieldValue v) {
        return v != null && v.type() == FieldType.LONG ? v.asLong() : null;
    }

    /** The text of a {@code java.lang.String} instance, or null for anything else. */
    static String text(Hierarchy h, int object) {
        if (object < 0 || !ObjectLabels.className(h.graph(), object).equals("java.lang.String")
                || h.graph().kind(object) != ObjectKind.INSTANCE) {
            return null;
        }
        return h.graph().readString(object, MAX_CHARS);
    }

    static String text(Hierarchy h, FieldValue v) {
        return text(h, object(h, v));
    }

    /** The class name after its last dot ({@code instanceClassSimpleName}, {@code HeapClass.simpleName}). */
    static String simpleName(HeapGraph g, int object) {
        return Hierarchy.simpleName(ObjectLabels.className(g, object));
    }

    /** An object as Shark's {@code HeapObject.toString()} names it: "instance @123 of com.example.Foo". */
    static String describe(HeapGraph g, int object) {
        String name = ObjectLabels.className(g, object);
        return switch (g.kind(object)) {
            case CLASS -> "class " + name;
            case INSTANCE -> "instance @" + ObjectLabels.sharkId(g, object) + " of " + name;
            case OBJECT_ARRAY -> "object array @" + ObjectLabels.sharkId(g, object) + " of " + name;
            case PRIMITIVE_ARRAY -> "primitive array @" + ObjectLabels.sharkId(g, object) + " of " + name;
        };
    }

    /** Shark's {@code describedWithValue}: "Activity#mDestroyed is true", by the declaring class's simple name. */
    static String described(FieldValue v, String value) {
        return Hierarchy.simpleName(v.declaringClass().name()) + "#" + v.name() + " is " + value;
    }
}
