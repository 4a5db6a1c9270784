package dev.heapwise.analysis.paths.internal;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.paths.GcPath;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Reference;
import java.util.ArrayList;
import java.util.List;

/** Turns a list of object indexes into named steps. Reads the dump once per step. */
public final class StepLabels {
    private StepLabels() {}

    public static GcPath label(HeapGraph g, List<Integer> objects, EdgeFilter filter, RootIndex roots) {
        List<GcPath.Step> steps = new ArrayList<>(objects.size());
        for (int i = 0; i < objects.size(); i++) {
            int o = objects.get(i);
            String ref = null;
            boolean isStatic = false;
            if (i > 0) {
                Reference r = reference(g, objects.get(i - 1), o, filter);
                if (r != null) {
                    ref = r.label();
                    isStatic = r.kind() == Reference.Kind.STATIC_FIELD;
                }
            }
            GcRoot root = i == 0 ? roots.primary(o) : null;
            steps.add(new GcPath.Step(o, g.id(o), ObjectLabels.className(g, o), ObjectLabels.kind(g, o), ref, isStatic,
                    root == null ? null : root.kind(), root == null ? null : roots.describe(root)));
        }
        return new GcPath(steps);
    }

    /** The first reference from {@code from} to {@code to} a path may use. */
    public static Reference reference(HeapGraph g, int from, int to, EdgeFilter filter) {
        List<Reference> refs = g.references(from);
        for (int k = 0; k < refs.size(); k++) {
            Reference r = refs.get(k);
            if (r.to() == to && (filter == null || !filter.excluded(from, k))) {
                return r;
            }
        }
        return null;
    }
}
