package dev.heapwise.graph.build;

import dev.heapwise.graph.FieldType;
import java.util.List;

/**
 * How the VM that wrote a dump accounts object sizes. Format readers supply one (HotSpot with
 * detected compressed oops and class pointers, ART, MicroEJ); the graph stores its answers.
 */
public interface SizeModel {
    /** The VM family, e.g. {@code hotspot}, {@code art}. */
    String vm();

    /** How sizes are computed, in one line for {@code heapwise info}. */
    String describe();

    /** What the model could not work out and the sizes may get wrong, for the graph's warnings. */
    default List<String> warnings() {
        return List.of();
    }

    /** The shallow size of one instance of {@code cls}. */
    long instanceSize(ClassInfo cls);

    /**
     * The shallow size of an array with these elements: never smaller for a longer array (the
     * waste analysis relies on it to find zero-length arrays among the smallest). Called from
     * several threads at once: keep it a pure function.
     */
    long arraySize(FieldType elementType, long length);

    /** The shallow size of the class object of {@code cls} (its mirror and statics). */
    long classObjectSize(ClassInfo cls);

    /** A unit all sizes are multiples of, usually the object alignment (8). */
    int alignment();
}
