package dev.heapwise.analysis.leaks.internal;

import dev.heapwise.analysis.leaks.ReferenceMatcher;
import dev.heapwise.analysis.paths.internal.PathSearch;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import java.util.List;
import java.util.Set;

/**
 * Shark's search: its roots in its order ({@link SharkRoots}: thread objects, the locals of Java
 * frames and library-leak roots visited last, ignored roots not at all), each object's references
 * in its order ({@link SharkReferences}), library-leak references visited last; strings, boxed
 * primitives, primitive arrays, arrays of boxes and objects without references Shark follows are
 * never stepped through. Follows the references Shark's Android readers add ({@link AndroidReaders}).
 */
public final class SharkPolicy implements PathSearch.Policy {
    private static final Set<String> BOXES = Set.of("java.lang.Boolean", "java.lang.Character", "java.lang.Byte",
            "java.lang.Short", "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double");

    private final HeapGraph g;
    private final MatcherEdges matchers;
    private final boolean[] skipClass;
    private final SharkReferences forSkip;
    private final SharkReferences forOrder;
    private final AndroidReaders readers;
    private final boolean allRootKinds;

    /** @param allRootKinds start from roots of every kind, not only Shark's ({@link SharkRoots}) */
    public SharkPolicy(HeapGraph g, MatcherEdges matchers, AndroidReaders readers, boolean allRootKinds) {
        this.g = g;
        this.matchers = matchers;
        this.readers = readers;
        this.allRootKinds = allRootKinds;
        this.forSkip = new SharkReferences(g); // its own: skip is asked while the search walks another row
        this.forOrder = new SharkReferences(g);
        skipClass = new boolean[g.classCount()];
        for (HeapClass c : g.classes()) {
            String n = c.name();
            String element = n.endsWith("[]") ? n.substring(0, n.length() - 2) : null;
            skipClass[c.index()] = n.equals("java.lang.String") || BOXES.contains(n)
                    || c.shape() == HeapClass.Shape.PRIMITIVE_ARRAY || (element != null && BOXES.contains(element));
        }
    }

    @Override
    public List<PathSearch.Start> starts(RootIndex roots) {
        return SharkRoots.starts(g, matchers, allRootKinds);
    }

    @Override
    public RefCursor references(HeapGraph graph) {
        return new SharkReferences(graph);
    }

    @Override
    public boolean reorders(int from) {
        return forOrder.reorders(from);
    }

    @Override
    public void order(int from, int[] targets, long[] ordinals, int n) {
        forOrder.order(from, targets, ordinals, n);
    }

    @Override
    public boolean edgeLast(int from, long ordinal) {
        ReferenceMatcher m = matchers.edge(from, ordinal);
        return m != null && !m.ignored();
    }

    @Override
    public void virtualEdges(int from, PathSearch.VirtualEdges out) {
        readers.edges(from, out);
    }

    @Override
    public boolean skip(int object) {
        if (g.classIndexOfClassObject(object) >= 0) {
            return false;
        }
        if (skipClass[g.classOf(object)]) {
            return true;
        }
        return !forSkip.any(object);
    }
}
