package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;

/** Facts about Android framework objects, read from their fields. Reads the dump. */
final class AndroidObjects {
    static final String ACTIVITY = "android.app.Activity";
    static final String CONTEXT_WRAPPER = "android.content.ContextWrapper";
    static final String VIEW = "android.view.View";
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

    static String fragmentClass(Hierarchy h, int o) {
        for (String f : FRAGMENTS) {
            if (h.instanceOf(o, f)) {
                return f;
            }
        }
        return null;
    }
}
