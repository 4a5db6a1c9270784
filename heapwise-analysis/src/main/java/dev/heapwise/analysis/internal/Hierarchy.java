package dev.heapwise.analysis.internal;

import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import java.util.HashMap;
import java.util.Map;

/**
 * "Is this object an instance of that class (or a subclass)?" answered in O(1) after one walk of
 * the class hierarchy per asked class name, plus small field helpers. Not thread-safe (caches).
 */
public final class Hierarchy {
    private final HeapGraph g;
    private final Map<String, boolean[]> subclassesOf = new HashMap<>();

    public Hierarchy(HeapGraph g) {
        this.g = g;
    }

    public HeapGraph graph() {
        return g;
    }

    /** Class indexes that are {@code name} or extend it. */
    public boolean[] subclasses(String name) {
        return subclassesOf.computeIfAbsent(name, n -> {
            boolean[] out = new boolean[g.classCount()];
            for (int c = 0; c < g.classCount(); c++) {
                for (int s = c; s >= 0; s = g.heapClass(s).superIndex()) {
                    if (g.heapClass(s).name().equals(n)) {
                        out[c] = true;
                        break;
                    }
                }
            }
            return out;
        });
    }

    /** Whether an object (not a class object) is an instance of the class or a subclass. */
    public boolean instanceOf(int object, String className) {
        return g.kind(object) == ObjectKind.INSTANCE && subclasses(className)[g.classOf(object)];
    }

    public boolean anyClass(String name) {
        return !g.classesNamed(name).isEmpty();
    }

    /** The object a reference field points to, or -1 for null, missing objects and other types. */
    public int objectField(int object, String field) {
        FieldValue v = g.field(object, field);
        if (v == null || !v.isReference() || v.isNull()) {
            return -1;
        }
        return g.indexOf(v.objectId());
    }

    /**
     * The field {@code field} that class {@code className} declares, as Shark reads
     * {@code instance[className, field]}: a subclass's field of the same name does not hide it. Null
     * when the object is no instance, or its class and superclasses declare no such field. Reads the dump.
     */
    public FieldValue declaredField(int object, String className, String field) {
        if (g.kind(object) != ObjectKind.INSTANCE) {
            return null;
        }
        for (FieldValue v : g.fields(object)) {
            if (v.name().equals(field) && v.declaringClass().name().equals(className)) {
                return v;
            }
        }
        return null;
    }

    /** Whether the reference field exists and is null. */
    public boolean isNullField(int object, String field) {
        FieldValue v = g.field(object, field);
        return v != null && v.isNull();
    }

    /** A boolean field's value, or null when the object has no such field. */
    public Boolean booleanField(int object, String field) {
        FieldValue v = g.field(object, field);
        return v == null || v.isReference() ? null : v.asBoolean();
    }

    /** An int or long field's value, or null when the object has no such field. */
    public Long longField(int object, String field) {
        FieldValue v = g.field(object, field);
        return v == null || v.isReference() ? null : v.asLong();
    }

    /** A String field's text, or null. */
    public String stringField(int object, String field) {
        int s = objectField(object, field);
        return s < 0 ? null : g.readString(s, 200);
    }

    /** The class's simple name: after the last '.', as LeakCanary prints it. */
    public static String simpleName(String className) {
        int dot = className.lastIndexOf('.');
        return dot < 0 ? className : className.substring(dot + 1);
    }
}
