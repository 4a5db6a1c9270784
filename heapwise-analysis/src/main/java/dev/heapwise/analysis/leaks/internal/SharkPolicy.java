package dev.heapwise.analysis.leaks.internal;

import dev.heapwise.analysis.leaks.ReferenceMatcher;
import dev.heapwise.analysis.paths.internal.PathSearch;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.RootKind;
import java.util.Set;

/**
 * Shark's search priorities: thread objects, the locals of Java frames and library-leak references
 * (and roots) are visited last, ignored roots not at all; strings, boxed primitives, primitive
 * arrays, arrays of boxes and objects without references are never stepped through. Follows the
 * references Shark's Android readers add ({@link AndroidReaders}).
 */
public final class SharkPolicy implements PathSearch.Policy {
    private static final Set<String> BOXES = Set.of("java.lang.Boolean", "java.lang.Character", "java.lang.Byte",
            "java.lang.Short", "java.lang.Integer", "java.lang.Long", "java.lang.Float", "java.lang.Double");

    private final HeapGraph g;
    private final MatcherEdges matchers;
    private final boolean[] skipClass;
    private final RefCursor out;
    private final AndroidReaders readers;

    public SharkPolicy(HeapGraph g, MatcherEdges matchers, AndroidReaders readers) {
        this.g = g;
        this.matchers = matchers;
        this.readers = readers;
        this.out = g.outRefs();
        skipClass = new boolean[g.classCount()];
        for (HeapClass c : g.classes()) {
            String n = c.name();
            String element = n.endsWith("[]") ? n.substring(0, n.length() - 2) : null;
            skipClass[c.index()] = n.equals("java.lang.String") || BOXES.contains(n)
                    || c.shape() == HeapClass.Shape.PRIMITIVE_ARRAY || (element != null && BOXES.contains(element));
        }
    }

    @Override
    public boolean ignoreRoot(GcRoot root) {
        ReferenceMatcher m = matchers.root(root);
        return m != null && m.ignored();
    }

    @Override
    public boolean rootLast(GcRoot root) {
        if (root.kind() == RootKind.THREAD_OBJECT || root.kind() == RootKind.JAVA_FRAME) {
            return true;
        }
        ReferenceMatcher m = matchers.root(root);
        return m != null && !m.ignored();
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
        out.reset(object);
        return out.count() == 0;
    }
}
