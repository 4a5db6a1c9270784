package dev.heapwise.analysis.leaks.internal;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.Reference;
import java.util.Map;

/**
 * Shark 2's view of lists on a leak trace: a list refers to its elements directly, as
 * {@code ArrayList[0]}, and the array behind it is not a node of the trace. Traces and their
 * signatures then read as LeakCanary 2.14 prints them ({@code java.util.ArrayList[x]} where the
 * reference is suspect). Maps and linked lists keep their inner objects. No dump reads.
 */
public final class CollectionSteps {
    /** List classes (exact names, as Shark matches them) and the field of their array, OpenJDK then Android. */
    private static final Map<String, String[]> LISTS = Map.of(
            "java.util.ArrayList", new String[] {"elementData", "array"},
            "java.util.concurrent.CopyOnWriteArrayList", new String[] {"array"});

    private CollectionSteps() {}

    /**
     * The index at which list {@code from} holds the object two steps on, when the trace goes from
     * the list through its array ({@code toArray}) to an element ({@code toElement}); else -1.
     */
    public static long listElement(HeapGraph g, int from, Reference toArray, int array, Reference toElement) {
        if (toArray == null || toElement == null || toArray.kind() != Reference.Kind.FIELD
                || toElement.kind() != Reference.Kind.ARRAY_ELEMENT || g.kind(array) != ObjectKind.OBJECT_ARRAY
                || g.kind(from) != ObjectKind.INSTANCE) {
            return -1;
        }
        String[] fields = LISTS.get(ObjectLabels.className(g, from));
        if (fields == null) {
            return -1;
        }
        for (String f : fields) {
            if (f.equals(toArray.name())) {
                return toElement.arrayIndex();
            }
        }
        return -1;
    }
}
