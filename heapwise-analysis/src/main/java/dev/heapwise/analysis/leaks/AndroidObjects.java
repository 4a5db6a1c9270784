package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import java.util.HashSet;
import java.util.Set;

/** Facts about Android framework objects, read from their fields. Reads the dump. */
final class AndroidObjects {
    static final String ACTIVITY = "android.app.Activity";
    static final String CONTEXT_WRAPPER = "android.content.ContextWrapper";
    static final String VIEW = "android.view.View";
    static final String SERVICE = "android.app.Service";
    static final String APPLICATION = "android.app.Application";
    static final String CONTEXT_IMPL = "android.app.ContextImpl";
    static final String FRAGMENT = "android.app.Fragment";
    static final String WINDOW = "android.view.Window";
    static final String TOAST = "android.widget.Toast";
    static final String DECOR_CONTEXT = "com.android.internal.policy.DecorContext";
    private static final Set<String> COMPONENTS = Set.of(CONTEXT_WRAPPER, ACTIVITY, APPLICATION, SERVICE);

    private AndroidObjects() {}

    /** The Activity a context is or wraps, as Shark's {@code unwrapActivityContext}, or -1. */
    static int unwrapActivity(Hierarchy h, int context) {
        int c = context < 0 ? -1 : unwrapComponentContext(h, context);
        return c >= 0 && h.instanceOf(c, ACTIVITY) ? c : -1;
    }

    /**
     * The Android component (activity, application, service) a context is or wraps, as Shark 2.14's
     * {@code unwrapComponentContext}: a ContextWrapper is followed through {@code mBase} (a
     * {@code DecorContext} through its window's context) until a component, or -1 when the chain
     * ends elsewhere or comes back on itself.
     */
    static int unwrapComponentContext(Hierarchy h, int instance) {
        String kind = componentClass(h, instance);
        if (!CONTEXT_WRAPPER.equals(kind)) {
            return kind == null ? -1 : instance;
        }
        // The wrappers met so far, to stop on a cycle: chains are a few long, so a list scanned whole
        // (no boxing: the lifecycle finder unwraps every context of the heap).
        int[] visited = new int[4];
        int seen = 0;
        int context = instance;
        boolean keepUnwrapping = true;
        while (keepUnwrapping) {
            if (seen == visited.length) {
                visited = java.util.Arrays.copyOf(visited, seen * 2);
            }
            visited[seen++] = context;
            keepUnwrapping = false;
            FieldValue base = SharkValues.field(h, context, CONTEXT_WRAPPER, "mBase");
            int next = SharkValues.instance(h, base);
            if (next < 0) {
                return -1;
            }
            int wrapper = context;
            context = next;
            String contextKind = componentClass(h, context);
            boolean isWrapper = CONTEXT_WRAPPER.equals(contextKind);
            if (ACTIVITY.equals(contextKind)) {
                return context;
            }
            FieldValue window = h.instanceOf(wrapper, DECOR_CONTEXT)
                    ? SharkValues.field(h, wrapper, DECOR_CONTEXT, "mPhoneWindow") : null;
            if (window != null) { // mBase is no activity: a DecorContext's window knows it
                int phoneWindow = SharkValues.instance(h, window);
                context = phoneWindow < 0 ? -1
                        : SharkValues.instance(h, phoneWindow, "android.view.Window", "mContext");
                if (context < 0 || h.instanceOf(context, ACTIVITY)) {
                    return context;
                }
                isWrapper = h.instanceOf(context, CONTEXT_WRAPPER);
            }
            if (SERVICE.equals(contextKind) || APPLICATION.equals(contextKind)) {
                return context;
            }
            keepUnwrapping = isWrapper && !contains(visited, seen, context);
        }
        return -1;
    }

    private static boolean contains(int[] values, int count, int value) {
        for (int i = 0; i < count; i++) {
            if (values[i] == value) {
                return true;
            }
        }
        return false;
    }

    /**
     * The first of ContextWrapper, Activity, Application and Service met going up from the object's
     * class, or null: which kind of context it is, as Shark tells them apart.
     */
    static String componentClass(Hierarchy h, int object) {
        HeapGraph g = h.graph();
        if (g.kind(object) != ObjectKind.INSTANCE) {
            return null;
        }
        for (int c = g.classOf(object); c >= 0; c = g.heapClass(c).superIndex()) {
            String name = g.heapClass(c).name();
            if (COMPONENTS.contains(name)) {
                return name;
            }
        }
        return null;
    }

    /** {@code Activity.mDestroyed}, or null when the object has no such field. */
    static Boolean destroyed(Hierarchy h, int activity) {
        return SharkValues.bool(SharkValues.field(h, activity, ACTIVITY, "mDestroyed"));
    }

    static boolean isDestroyedActivity(Hierarchy h, int o) {
        return o >= 0 && h.instanceOf(o, ACTIVITY) && Boolean.TRUE.equals(destroyed(h, o));
    }

    /**
     * A context that is, or wraps, an activity whose {@code mDestroyed} is true (Shark's
     * {@code unwrapActivityContext()?.get("android.app.Activity", "mDestroyed")?.value?.asBoolean == true}).
     */
    static boolean wrapsDestroyedActivity(Hierarchy h, int context) {
        return isDestroyedActivity(h, unwrapActivity(h, context));
    }

    /**
     * Shark's {@code outerContextIsLeaking}: the {@code ContextImpl.mOuterContext} of the object is a
     * destroyed activity. False where Shark would stop (no such field, or null).
     */
    static boolean outerContextIsLeaking(Hierarchy h, int contextImpl) {
        return isDestroyedActivity(h, SharkValues.instance(h, contextImpl, CONTEXT_IMPL, "mOuterContext"));
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
}
