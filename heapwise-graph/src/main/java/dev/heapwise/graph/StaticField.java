package dev.heapwise.graph;

/**
 * A static field with its value. {@code raw} holds a reference's object id (0 for null) or a
 * primitive's bits (see {@link FieldValue#raw()}).
 */
public record StaticField(String name, FieldType type, long raw) {
    public FieldValue value(HeapClass declaringClass) {
        return new FieldValue(declaringClass, name, type, raw);
    }
}
