package dev.heapwise.analysis.paths.internal;

import dev.heapwise.analysis.paths.ReferenceFilter;
import dev.heapwise.analysis.paths.ReferentKind;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.Reference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Decides, per outbound reference, whether a {@link ReferenceFilter} lets a path use it. The
 * classes concerned are worked out once (O(classes)); only objects of those classes are read from
 * the dump ({@link HeapGraph#references}) to find which ordinals are the excluded fields, so a
 * search over the whole heap reads only, say, the Reference objects. One per thread.
 */
public final class EdgeFilter {
    private final HeapGraph g;
    /** Per class index: excluded instance field names, or null. */
    private final List<Set<String>> instanceRules;
    /** Per class index (the represented class): excluded static field names of its class object, or null. */
    private final List<Set<String>> staticRules;
    private final boolean any;
    private int cachedObject = -1;
    private boolean[] cachedExcluded;

    public EdgeFilter(HeapGraph g, ReferenceFilter filter) {
        this.g = g;
        int classes = g.classCount();
        instanceRules = new ArrayList<>(java.util.Collections.nCopies(classes, (Set<String>) null));
        staticRules = new ArrayList<>(java.util.Collections.nCopies(classes, (Set<String>) null));
        Map<String, ReferentKind> referentBases = new HashMap<>();
        for (ReferentKind k : filter.excludedReferents()) {
            referentBases.put(k.baseClass(), k);
        }
        boolean finalizer = filter.excludedReferents().contains(ReferentKind.FINALIZER);
        Map<String, List<String>> userFields = new HashMap<>();
        for (ReferenceFilter.FieldRef f : filter.excludedFields()) {
            userFields.computeIfAbsent(f.className(), k -> new ArrayList<>()).add(f.field());
        }
        boolean found = false;
        for (int c = 0; c < classes; c++) {
            Set<String> rule = null;
            for (int s = c; s >= 0; s = g.heapClass(s).superIndex()) {
                String name = g.heapClass(s).name();
                if (referentBases.containsKey(name)) {
                    rule = add(rule, "referent");
                }
                if (finalizer && name.equals("java.lang.ref.FinalizerReference")) {
                    rule = add(rule, "referent");
                    rule = add(rule, "zombie");
                }
                List<String> user = userFields.get(name);
                if (user != null) {
                    for (String f : user) {
                        rule = add(rule, f);
                    }
                }
            }
            instanceRules.set(c, rule);
            List<String> statics = userFields.get(g.heapClass(c).name());
            if (statics != null) {
                staticRules.set(c, new HashSet<>(statics));
            }
            found |= rule != null || statics != null;
        }
        any = found;
    }

    private static Set<String> add(Set<String> rule, String field) {
        Set<String> r = rule == null ? new HashSet<>() : rule;
        r.add(field);
        return r;
    }

    /** Whether no object needs checking at all. */
    public boolean passesEverything() {
        return !any;
    }

    /**
     * Whether {@code from} has any excluded reference. O(1): a class lookup.
     */
    public boolean concerns(int from) {
        if (!any) {
            return false;
        }
        int represented = g.classIndexOfClassObject(from);
        if (represented >= 0) {
            return staticRules.get(represented) != null;
        }
        return instanceRules.get(g.classOf(from)) != null;
    }

    /**
     * Whether the reference at {@code ordinal} (in {@link HeapGraph#outRefs()} order) of
     * {@code from} is excluded. Reads the dump once per object of a concerned class.
     */
    public boolean excluded(int from, long ordinal) {
        if (!concerns(from)) {
            return false;
        }
        if (from != cachedObject) {
            cachedObject = from;
            int represented = g.classIndexOfClassObject(from);
            Set<String> rule = represented >= 0 ? staticRules.get(represented) : instanceRules.get(g.classOf(from));
            List<Reference> refs = g.references(from);
            cachedExcluded = new boolean[refs.size()];
            for (int i = 0; i < refs.size(); i++) {
                Reference r = refs.get(i);
                boolean field = r.kind() == Reference.Kind.FIELD || r.kind() == Reference.Kind.STATIC_FIELD;
                cachedExcluded[i] = field && rule.contains(r.name());
            }
        }
        return ordinal < cachedExcluded.length && cachedExcluded[(int) ordinal];
    }

    /**
     * The ordinal of the first reference from {@code from} to {@code to} that a path may use, or
     * -1. Walks {@code out}, a cursor of the graph's outbound references, over {@code from}'s row.
     */
    public long firstAllowed(RefCursor out, int from, int to) {
        out.reset(from);
        for (int t; (t = out.next()) >= 0; ) {
            if (t == to && !excluded(from, out.ordinal())) {
                return out.ordinal();
            }
        }
        return -1;
    }

    /** The referent kind a class's {@code referent} field is of, or null when it is no Reference. */
    public static ReferentKind referentKind(HeapGraph g, HeapClass c) {
        for (int s = c.index(); s >= 0; s = g.heapClass(s).superIndex()) {
            String name = g.heapClass(s).name();
            for (ReferentKind k : ReferentKind.values()) {
                if (k.baseClass().equals(name)) {
                    return k;
                }
            }
            if (name.equals("java.lang.ref.FinalizerReference")) {
                return ReferentKind.FINALIZER;
            }
        }
        return null;
    }
}
