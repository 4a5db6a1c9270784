package dev.heapwise.analysis.compare.internal;

import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.analysis.waste.internal.CollectionInspector;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which classes are collections or their insides, to say where growing objects are held. A
 * collection: a subclass of {@code AbstractMap}, {@code AbstractCollection} or {@code Dictionary}
 * (HPROF records no interfaces), or one of the other collections the waste analysis reads
 * (Android's {@code ArrayMap}, {@code SparseArray}). Its insides: object arrays, and the nested
 * classes of a collection ({@code HashMap$Node}, {@code LinkedHashMap$Entry},
 * {@code ConcurrentHashMap$TreeBin}...) and of {@code java.util.Collections} (its wrappers and
 * views). Cost: one walk of the class hierarchy per base name; a boolean per class.
 */
public final class CollectionParts {
    private static final List<String> COLLECTIONS = List.of("java.util.AbstractMap", "java.util.AbstractCollection",
            "java.util.Dictionary");
    private static final String WRAPPERS = "java.util.Collections";

    private final HeapGraph g;
    private final boolean[] part;

    public CollectionParts(HeapGraph g) {
        this.g = g;
        Hierarchy h = new Hierarchy(g);
        boolean[] collection = new boolean[g.classCount()];
        for (String base : COLLECTIONS) {
            or(collection, h.subclasses(base));
        }
        for (String base : CollectionInspector.BASES) {
            or(collection, h.subclasses(base));
        }
        Set<String> names = new HashSet<>();
        names.add(WRAPPERS);
        for (int c = 0; c < collection.length; c++) {
            if (collection[c]) {
                names.add(g.heapClass(c).name());
            }
        }
        part = new boolean[g.classCount()];
        for (int c = 0; c < part.length; c++) {
            HeapClass k = g.heapClass(c);
            int dollar = k.name().indexOf('$');
            part[c] = collection[c] || k.shape() == HeapClass.Shape.OBJECT_ARRAY
                    || dollar > 0 && names.contains(k.name().substring(0, dollar));
        }
    }

    private static void or(boolean[] into, boolean[] more) {
        for (int i = 0; i < into.length; i++) {
            into[i] |= more[i];
        }
    }

    /** Whether an object (not a class object) is a collection or a part of one. O(1). */
    public boolean isPart(int object) {
        return g.classIndexOfClassObject(object) < 0 && part[g.classOf(object)];
    }
}
