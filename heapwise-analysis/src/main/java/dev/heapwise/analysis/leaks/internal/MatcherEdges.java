package dev.heapwise.analysis.leaks.internal;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.internal.Hierarchy;

import dev.heapwise.analysis.leaks.ReferenceMatcher;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.Reference;
import dev.heapwise.graph.RootKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which library-leak matcher, if any, a reference or a root matches. The classes concerned are
 * found once; only their objects are read from the dump (once per object, cached for the last
 * one). Not thread-safe.
 */
public final class MatcherEdges {
    private final HeapGraph g;
    private final RootIndex roots;
    private final List<List<ReferenceMatcher>> instanceMatchers;
    private final List<List<ReferenceMatcher>> staticMatchers;
    private final Map<String, ReferenceMatcher> locals = new HashMap<>();
    private final List<ReferenceMatcher> rootClasses = new ArrayList<>();
    private final Map<String, ReferenceMatcher> nativeGlobals = new HashMap<>();
    private final Hierarchy h;
    private int cachedObject = -1;
    private ReferenceMatcher[] cached;

    public MatcherEdges(Hierarchy h, RootIndex roots, List<ReferenceMatcher> matchers) {
        this.h = h;
        this.g = h.graph();
        this.roots = roots;
        int classes = g.classCount();
        instanceMatchers = new ArrayList<>(java.util.Collections.nCopies(classes, (List<ReferenceMatcher>) null));
        staticMatchers = new ArrayList<>(java.util.Collections.nCopies(classes, (List<ReferenceMatcher>) null));
        for (ReferenceMatcher m : matchers) {
            switch (m.type()) {
                case INSTANCE_FIELD -> {
                    boolean[] sub = h.subclasses(m.className());
                    for (int c = 0; c < classes; c++) {
                        if (sub[c]) {
                            add(instanceMatchers, c, m);
                        }
                    }
                }
                case STATIC_FIELD -> {
                    for (var c : g.classesNamed(m.className())) {
                        add(staticMatchers, c.index(), m);
                    }
                }
                case JAVA_LOCAL -> locals.putIfAbsent(m.name(), m);
                case ROOT_CLASS -> rootClasses.add(m);
                case NATIVE_GLOBAL -> nativeGlobals.putIfAbsent(m.className(), m);
            }
        }
    }

    private static void add(List<List<ReferenceMatcher>> lists, int c, ReferenceMatcher m) {
        if (lists.get(c) == null) {
            lists.set(c, new ArrayList<>());
        }
        lists.get(c).add(m);
    }

    /** Whether {@code from} may have a matched reference. O(1). */
    public boolean concerns(int from) {
        int represented = g.classIndexOfClassObject(from);
        return represented >= 0 ? staticMatchers.get(represented) != null : instanceMatchers.get(g.classOf(from)) != null;
    }

    /** The matcher for the reference at {@code ordinal} of {@code from}, or null. */
    public ReferenceMatcher edge(int from, long ordinal) {
        if (!concerns(from)) {
            return null;
        }
        if (from != cachedObject) {
            cachedObject = from;
            int represented = g.classIndexOfClassObject(from);
            List<ReferenceMatcher> ms = represented >= 0 ? staticMatchers.get(represented) : instanceMatchers.get(g.classOf(from));
            List<Reference> refs = g.references(from);
            cached = new ReferenceMatcher[refs.size()];
            for (int i = 0; i < refs.size(); i++) {
                Reference r = refs.get(i);
                boolean field = r.kind() == Reference.Kind.FIELD || r.kind() == Reference.Kind.STATIC_FIELD;
                if (field) {
                    for (ReferenceMatcher m : ms) {
                        if (m.name().equals(r.name())) {
                            cached[i] = m;
                            break;
                        }
                    }
                }
            }
        }
        return ordinal < cached.length ? cached[(int) ordinal] : null;
    }

    /**
     * The matcher a root matches: a Java local of a named thread, a JNI global of a named class (first:
     * Shark's own pattern), or a root of a named class or its subclasses.
     */
    public ReferenceMatcher root(GcRoot r) {
        if (r.kind() == RootKind.JNI_GLOBAL && !nativeGlobals.isEmpty()) {
            ReferenceMatcher m = nativeGlobals.get(ObjectLabels.className(g, r.object()));
            if (m != null) {
                return m;
            }
        }
        if (r.kind() == RootKind.JAVA_FRAME && !locals.isEmpty() // Shark: a Java local, not a JNI one
                && r.threadSerial() >= 0) {
            HeapThread t = roots.thread(r.threadSerial());
            if (t != null) {
                ReferenceMatcher m = locals.get(t.name());
                if (m != null) {
                    return m;
                }
            }
        }
        for (ReferenceMatcher m : rootClasses) {
            if (h.instanceOf(r.object(), m.className())) {
                return m;
            }
        }
        return null;
    }
}
