package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import java.util.HashSet;
import java.util.Set;

/** Facts about Android framework objects, read from their fields. Reads the dump. */
final class AndroidObjects {
    static final String ACTIVITY = "android.app.Activity";
    static final String CONTEXT_WRAPPER = "android.content.ContextWrapper";
    static final String VIEW = "android.view.View";
    static final String SERVICE = "android.app.Service";
    static final String[] FRAGMENTS = {"android.app.Fragment", "android.support.v4.app.Fragment",
            "androidx.fragment.app.Fragment"};

    private AndroidObjects() {}

    /** The Activity a context is or wraps (through ContextWrapper.mBase), or -1. */
    static int unwrapActivity(Hierarchy h, int context) {
        int c = context;
        for (int depth = 0; c >= 0 && depth < 20; depth++) {
            if (h.instanceOf(c, ACTIVITY)) {
                return c;
            }
            if (!h.instanceOf(c, CONTEXT_WRAPPER)) {
                return -1;
            }
            c = h.objectField(c, "mBase");
        }
        return -1;
    }

    static boolean isDestroyedActivity(Hierarchy h, int o) {
        return o >= 0 && h.instanceOf(o, ACTIVITY) && Boolean.TRUE.equals(h.booleanField(o, "mDestroyed"));
    }

    /** A view with no parent, or whose parent is no view (a ViewRootImpl): the top of a hierarchy. */
    static boolean isRootView(Hierarchy h, int view) {
        int parent = h.objectField(view, "mParent");
        return parent < 0 || !h.instanceOf(parent, VIEW);
    }

    /** Detached from its window after having been attached at least once. */
    static boolean isDetachedAfterAttach(Hierarchy h, int view) {
        if (!h.isNullField(view, "mAttachInfo")) {
            return false;
        }
        Long count = h.longField(view, "mWindowAttachCount");
        return count != null && count > 0;
    }

    /**
     * The services the app's ActivityThread holds, as Shark reads them: the values of
     * {@code ActivityThread.sCurrentActivityThread.mServices}, an {@code ArrayMap} whose
     * {@code mArray} alternates keys and values. Null when the dump does not say (no ActivityThread,
     * or a map of another kind), so that no service is judged. A few reads; a set of the services.
     */
    static Set<Integer> servicesHeld(Hierarchy h) {
        HeapGraph g = h.graph();
        int thread = -1;
        for (HeapClass c : g.classesNamed("android.app.ActivityThread")) {
            for (FieldValue v : g.staticFields(c.index())) {
                if (v.name().equals("sCurrentActivityThread") && v.isReference() && !v.isNull()) {
                    thread = g.indexOf(v.objectId());
                }
            }
        }
        int services = thread < 0 ? -1 : h.objectField(thread, "mServices");
        if (services < 0 || !h.instanceOf(services, "android.util.ArrayMap")) {
            return null;
        }
        int array = h.objectField(services, "mArray");
        Set<Integer> held = new HashSet<>();
        if (array >= 0) {
            long length = g.arrayLength(array);
            for (long from = 0; from < length; from += 4096) {
                long[] ids = g.readObjectArray(array, from, (int) Math.min(4096, length - from));
                for (int i = 1; i < ids.length; i += 2) { // values at odd places; chunks are of even length
                    int o = ids[i] == 0 ? -1 : g.indexOf(ids[i]);
                    if (o >= 0) {
                        held.add(o);
                    }
                }
            }
        }
        return held;
    }

    static String fragmentClass(Hierarchy h, int o) {
        for (String f : FRAGMENTS) {
            if (h.instanceOf(o, f)) {
                return f;
            }
        }
        return null;
    }
}
