package dev.heapwise.graph;

import java.util.List;

/**
 * A per-object value some dump formats carry besides the heap graph itself (MicroEJ: when, in
 * which thread and in which method an object was created, and its tag). Text attributes are
 * stored as a code per object into a dictionary of distinct values; number attributes as the
 * number. Reads are O(1), allocation-free (except {@link #values()}), thread-safe.
 */
public interface ObjectAttribute {
    String name();

    /** True for number attributes ({@link #number}), false for text ones ({@link #text}). */
    boolean numeric();

    /** The object's value as text (numbers in decimal), or null when the object has none. */
    String text(int object);

    /** The object's number, or {@code missing} when it has none (or the attribute is text). */
    long number(int object, long missing);

    /** For text attributes: the object's dictionary code, or -1 when it has none. */
    int code(int object);

    /** For text attributes: the distinct values, indexed by code. Empty for numbers. */
    List<String> values();
}
