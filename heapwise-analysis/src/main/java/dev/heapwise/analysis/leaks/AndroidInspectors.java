package dev.heapwise.analysis.leaks;

import static dev.heapwise.analysis.leaks.Reporter.inspector;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Shark 2.14's {@code AndroidObjectInspectors}, in its order, with its words: Android's components
 * and contexts, fragments, the main thread's queue and messages, windows and toasts here; views in
 * {@link ViewInspectors}, libraries' objects (Mortar, Coordinators, Compose, animators, AndroidX
 * lifecycles) in {@link LibraryInspectors}. Shark's {@code STUB} is left out: in 2.14 it builds its
 * labels into a set it then drops, so it says nothing. Read the inspected object's fields and those
 * of the few objects they name.
 */
final class AndroidInspectors {
    static final String MESSAGE = "android.os.Message";
    static final String MESSAGE_QUEUE = "android.os.MessageQueue";
    private static final String CONTEXT_IMPL = AndroidObjects.CONTEXT_IMPL;
    /** Shark 2.14's name for {@code ApplicationPackageManager}; no AOSP class has it, so it never applies. */
    static final String APPLICATION_CONTEXT_MANAGER = "android.app.ApplicationContextManager";
    static final String SUPPORT_FRAGMENT = "android.support.v4.app.Fragment";
    static final String ANDROIDX_FRAGMENT = "androidx.fragment.app.Fragment";
    private static final String FRAGMENT = AndroidObjects.FRAGMENT;
    private static final String WINDOW = AndroidObjects.WINDOW;
    private static final String TOAST = AndroidObjects.TOAST;

    private AndroidInspectors() {}

    /** New inspectors for one analysis, in Shark's order. */
    static List<ObjectInspector> all() {
        List<ObjectInspector> all = new ArrayList<>(ViewInspectors.viewAndEditor());
        all.addAll(List.of(inspector(AndroidInspectors::activity),
                new ServiceInspector(), inspector(AndroidInspectors::contextFields),
                inspector(AndroidInspectors::contextWrapper), inspector(AndroidInspectors::applicationContextManager),
                inspector(AndroidInspectors::contextImpl), inspector(AndroidInspectors::dialog),
                singleton("android.app.ActivityThread", "ActivityThread is a singleton"),
                singleton(AndroidObjects.APPLICATION, "Application is a singleton"),
                singleton("android.view.inputmethod.InputMethodManager", "InputMethodManager is a singleton"),
                inspector((h, o, r) -> fragment(h, o, r, FRAGMENT)),
                inspector((h, o, r) -> fragment(h, o, r, SUPPORT_FRAGMENT)),
                inspector(AndroidInspectors::androidxFragment),
                inspector(AndroidInspectors::messageQueue), inspector(AndroidInspectors::loadedApk),
                inspector(LibraryInspectors::mortarPresenter), inspector(LibraryInspectors::mortarScope),
                inspector(LibraryInspectors::coordinator), inspector(AndroidInspectors::mainThread),
                inspector(ViewInspectors::viewRootImpl), inspector(AndroidInspectors::window),
                inspector(AndroidInspectors::message), inspector(AndroidInspectors::toast),
                inspector(LibraryInspectors::recomposer), inspector(LibraryInspectors::composition),
                inspector(LibraryInspectors::animator), inspector(LibraryInspectors::objectAnimator),
                inspector(LibraryInspectors::lifecycleRegistry)));
        return List.copyOf(all);
    }

    /** An instance of the class is not leaking, for the reason given. */
    private static ObjectInspector singleton(String className, String reason) {
        return inspector((h, o, r) -> {
            if (h.instanceOf(o, className)) {
                r.notLeaking(reason);
            }
        });
    }

    static void activity(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, AndroidObjects.ACTIVITY)) {
            return;
        }
        FieldValue destroyed = SharkValues.field(h, o, AndroidObjects.ACTIVITY, "mDestroyed");
        Boolean value = SharkValues.bool(destroyed);
        if (value != null) {
            r.leakingIf(value, SharkValues.described(destroyed, value.toString()));
        }
    }

    /** Labels each field of the object that holds a Context with what that context is or wraps. */
    static void contextFields(Hierarchy h, int o, Reporter r) {
        HeapGraph g = h.graph();
        if (g.kind(o) != ObjectKind.INSTANCE) {
            return;
        }
        for (FieldValue f : g.fields(o)) {
            int context = SharkValues.instance(h, f);
            if (context >= 0 && h.instanceOf(context, "android.content.Context")) {
                r.label(f.name() + " instance of " + ObjectLabels.className(g, context)
                        + wrapped(h, context, AndroidObjects.unwrapComponentContext(h, context)));
            }
        }
    }

    private static String wrapped(Hierarchy h, int context, int component) {
        if (component < 0) {
            return "";
        }
        String name = ObjectLabels.className(h.graph(), component);
        if (h.instanceOf(component, AndroidObjects.ACTIVITY)) {
            Boolean destroyed = AndroidObjects.destroyed(h, component);
            String state = "with mDestroyed = " + (destroyed == null ? "UNKNOWN" : destroyed.toString());
            return component == context ? " " + state : ", wrapping activity " + name + " " + state;
        }
        return component == context ? "" : ", wrapping " + name;
    }

    /** A ContextWrapper that is no activity, application or service, by the component it wraps. */
    static void contextWrapper(Hierarchy h, int o, Reporter r) {
        if (!AndroidObjects.CONTEXT_WRAPPER.equals(AndroidObjects.componentClass(h, o))) {
            return;
        }
        String name = SharkValues.simpleName(h.graph(), o);
        int component = AndroidObjects.unwrapComponentContext(h, o);
        if (component < 0) {
            r.label(name + " does not wrap a known Android context");
        } else if (h.instanceOf(component, AndroidObjects.ACTIVITY)) {
            // A context may live shorter than its activity: a live one says nothing of it.
            Boolean destroyed = AndroidObjects.destroyed(h, component);
            if (Boolean.TRUE.equals(destroyed)) {
                r.leaking(name + " wraps an Activity with Activity.mDestroyed true");
            } else if (destroyed != null) {
                r.label(name + " wraps an Activity with Activity.mDestroyed false");
            }
        } else if (h.instanceOf(component, AndroidObjects.APPLICATION)) {
            r.label(name + " wraps an Application context");
        } else {
            r.label(name + " wraps a Service context");
        }
    }

    static void applicationContextManager(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, APPLICATION_CONTEXT_MANAGER)) {
            return;
        }
        int context = SharkValues.instance(h, o, APPLICATION_CONTEXT_MANAGER, "mContext");
        int outer = context < 0 ? -1 : SharkValues.instance(h, context, CONTEXT_IMPL, "mOuterContext");
        if (outer >= 0) {
            outerContext(h, outer, o, "ApplicationContextManager.mContext", r);
        }
    }

    static void contextImpl(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, CONTEXT_IMPL)) {
            return;
        }
        int outer = SharkValues.instance(h, o, CONTEXT_IMPL, "mOuterContext");
        if (outer >= 0) {
            outerContext(h, outer, o, "ContextImpl", r);
        }
    }

    /** What a ContextImpl's outer context says of the ContextImpl ({@code inspectContextImplOuterContext}). */
    private static void outerContext(Hierarchy h, int outer, int contextImpl, String prefix, Reporter r) {
        String is = prefix + ".mOuterContext is an instance of " + ObjectLabels.className(h.graph(), outer);
        if (h.instanceOf(outer, AndroidObjects.ACTIVITY)) {
            Boolean destroyed = AndroidObjects.destroyed(h, outer);
            if (destroyed == null) {
                r.label(is);
            } else if (destroyed) {
                r.leaking(is + " with Activity.mDestroyed true");
            } else {
                r.notLeaking(is + " with Activity.mDestroyed false");
            }
        } else if (h.instanceOf(outer, AndroidObjects.APPLICATION)) {
            r.notLeaking(is + " which extends android.app.Application");
        } else if (outer == contextImpl) {
            r.label(prefix + ".mOuterContext == ContextImpl.this: not tied to any particular lifecycle");
        } else {
            r.label(is);
        }
    }

    /** A dialog's decor says nothing sure: a dialog may stay showing after its activity is gone. */
    static void dialog(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, "android.app.Dialog")) {
            return;
        }
        FieldValue decor = SharkValues.field(h, o, "android.app.Dialog", "mDecor");
        if (decor != null && decor.isReference()) {
            r.label(SharkValues.described(decor, decor.isNull() ? "null" : "not null"));
        }
    }

    /** {@code android.app.Fragment} and the support library's, by their manager. */
    static void fragment(Hierarchy h, int o, Reporter r, String fragmentClass) {
        if (!h.instanceOf(o, fragmentClass)) {
            return;
        }
        FieldValue manager = SharkValues.field(h, o, fragmentClass, "mFragmentManager");
        if (manager == null || !manager.isReference()) {
            return;
        }
        r.leakingIf(manager.isNull(), SharkValues.described(manager, manager.isNull() ? "null" : "not null"));
        tag(h, o, fragmentClass, "Fragment.mTag=", r);
    }

    /** A fragment's tag, when it has one. */
    private static void tag(Hierarchy h, int fragment, String fragmentClass, String prefix, Reporter r) {
        String tag = SharkValues.text(h, SharkValues.field(h, fragment, fragmentClass, "mTag"));
        if (tag != null && !tag.isEmpty()) {
            r.label(prefix + tag);
        }
    }

    /** AndroidX's fragment, by the state of its lifecycle. */
    static void androidxFragment(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, ANDROIDX_FRAGMENT)) {
            return;
        }
        FieldValue registry = SharkValues.field(h, o, ANDROIDX_FRAGMENT, "mLifecycleRegistry");
        if (registry == null) {
            return;
        }
        int lifecycle = SharkValues.instance(h, registry);
        if (lifecycle < 0) {
            r.label("Fragment.mLifecycleRegistry = null");
        } else {
            String state = LibraryInspectors.lifecycleState(h, lifecycle);
            if (state == null) {
                return;
            }
            r.leakingIf(state.equals("DESTROYED"), "Fragment.mLifecycleRegistry.state is " + state);
        }
        tag(h, o, ANDROIDX_FRAGMENT, "Fragment.mTag = ", r);
    }

    static void messageQueue(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, MESSAGE_QUEUE)) {
            return;
        }
        FieldValue quitting = quitting(h, o);
        Boolean value = SharkValues.bool(quitting);
        if (value == null) {
            return;
        }
        r.leakingIf(value, SharkValues.described(quitting, value.toString()));
        int head = SharkValues.instance(h, o, MESSAGE_QUEUE, "mMessages");
        int handler = head < 0 ? -1 : SharkValues.instance(h, head, MESSAGE, "target");
        int looper = handler < 0 ? -1 : SharkValues.instance(h, handler, "android.os.Handler", "mLooper");
        int thread = looper < 0 ? -1 : SharkValues.instance(h, looper, "android.os.Looper", "mThread");
        String name = thread < 0 ? null : DefaultInspectors.threadName(h, thread);
        if (name != null) {
            r.label("HandlerThread: \"" + name + "\"");
        }
    }

    /** A queue's {@code mQuitting}, or {@code mQuiting} (its name before a typo was fixed), or null. */
    static FieldValue quitting(Hierarchy h, int queue) {
        FieldValue quitting = SharkValues.field(h, queue, MESSAGE_QUEUE, "mQuitting");
        return quitting != null ? quitting : SharkValues.field(h, queue, MESSAGE_QUEUE, "mQuiting");
    }

    /** The broadcast receivers registered per context: {@code mReceivers}, an ArrayMap of ArrayMaps. */
    static void loadedApk(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, "android.app.LoadedApk")) {
            return;
        }
        HeapGraph g = h.graph();
        long[] contexts = arrayMapArray(h, SharkValues.instance(h, o, "android.app.LoadedApk", "mReceivers"));
        List<String> lines = new ArrayList<>();
        for (int i = 0; contexts != null && i + 1 < contexts.length; i += 2) {
            int context = contexts[i] == 0 ? -1 : g.indexOf(contexts[i]);
            int receivers = contexts[i + 1] == 0 ? -1 : g.indexOf(contexts[i + 1]);
            long[] registered = arrayMapArray(h, receivers);
            if (context < 0 || registered == null) {
                continue;
            }
            lines.add(".." + SharkValues.simpleName(g, context) + "@" + ObjectLabels.sharkId(g, context));
            for (int k = 0; k < registered.length; k += 2) {
                int receiver = registered[k] == 0 ? -1 : g.indexOf(registered[k]);
                if (receiver >= 0 && g.kind(receiver) == ObjectKind.INSTANCE) {
                    lines.add("...." + SharkValues.simpleName(g, receiver) + "@" + ObjectLabels.sharkId(g, receiver));
                }
            }
        }
        if (!lines.isEmpty()) {
            r.label("Receivers");
            lines.forEach(r::label);
        }
    }

    /** An {@code android.util.ArrayMap}'s keys and values, alternating ({@code mArray}), or null. */
    private static long[] arrayMapArray(Hierarchy h, int map) {
        int array = map < 0 ? -1 : SharkValues.object(h, SharkValues.field(h, map, "android.util.ArrayMap", "mArray"));
        if (array < 0 || h.graph().kind(array) != ObjectKind.OBJECT_ARRAY) {
            return null;
        }
        return h.graph().readObjectArray(array, 0, (int) h.graph().arrayLength(array));
    }

    static void mainThread(Hierarchy h, int o, Reporter r) {
        if ("main".equals(DefaultInspectors.threadName(h, o))) {
            r.notLeaking("the main thread always runs");
        }
    }

    /** Only an activity's window is ever destroyed; a live one says nothing of a dialog's. */
    static void window(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, WINDOW)) {
            return;
        }
        FieldValue destroyed = SharkValues.field(h, o, WINDOW, "mDestroyed");
        Boolean value = SharkValues.bool(destroyed);
        if (Boolean.TRUE.equals(value)) {
            r.leaking(SharkValues.described(destroyed, "true"));
        } else if (value != null) {
            r.label(SharkValues.described(destroyed, "false"));
        }
    }

    static void message(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, MESSAGE)) {
            return;
        }
        r.label("Message.what = " + SharkValues.integer(SharkValues.field(h, o, MESSAGE, "what")));
        Long when = SharkValues.longValue(SharkValues.field(h, o, MESSAGE, "when"));
        if (when == null) {
            return;
        }
        Long dumpedAt = KeyedWeakReferences.heapDumpUptime(h.graph());
        if (dumpedAt == null) {
            r.label("Message.when = " + when);
        } else {
            long diff = when - dumpedAt;
            r.label("Message.when = " + when + " (" + Math.abs(diff) + " ms " + (diff > 0 ? "after" : "before")
                    + " heap dump)");
        }
        for (String field : List.of("obj", "callback", "target")) {
            int value = SharkValues.object(h, SharkValues.field(h, o, MESSAGE, field));
            r.label("Message." + field + " = " + (value < 0 ? "null" : SharkValues.describe(h.graph(), value)));
        }
    }

    /** A toast that was shown ({@code mTN.mWM} set) is leaking once hidden ({@code mTN.mView} null). */
    static void toast(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, TOAST)) {
            return;
        }
        Boolean done = doneShowing(h, o);
        if (done != null) {
            r.leakingIf(done, done
                    ? "This toast is done showing (Toast.mTN.mWM != null && Toast.mTN.mView == null)"
                    : "This toast is showing (Toast.mTN.mWM != null && Toast.mTN.mView != null)");
        }
    }

    /**
     * Whether a shown toast ({@code mTN.mWM} set) is hidden again ({@code mTN.mView} null); null when
     * it was never shown or its fields are missing.
     */
    static Boolean doneShowing(Hierarchy h, int toast) {
        int tn = SharkValues.instance(h, toast, TOAST, "mTN");
        FieldValue manager = tn < 0 ? null : SharkValues.field(h, tn, "android.widget.Toast$TN", "mWM");
        FieldValue view = tn < 0 ? null : SharkValues.field(h, tn, "android.widget.Toast$TN", "mView");
        if (manager == null || view == null || !manager.isReference() || manager.isNull()) {
            return null;
        }
        return view.isNull();
    }
}
