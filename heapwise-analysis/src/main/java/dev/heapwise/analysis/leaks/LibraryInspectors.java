package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Shark 2.14's inspectors of libraries' objects that its Android defaults include: Square's Mortar
 * and Coordinators, Jetpack Compose's recomposer and compositions, Android's animators and
 * AndroidX's lifecycle registries.
 */
final class LibraryInspectors {
    static final String MORTAR_SCOPE = "mortar.MortarScope";
    private static final String RECOMPOSER = "androidx.compose.runtime.Recomposer";
    private static final String COMPOSITION = "androidx.compose.runtime.CompositionImpl";
    private static final String ANIMATOR = "android.animation.Animator";
    private static final String VALUE_ANIMATOR = "android.animation.ValueAnimator";
    private static final String OBJECT_ANIMATOR = "android.animation.ObjectAnimator";
    private static final String PROPERTY = "android.util.Property";
    private static final String LIFECYCLE_REGISTRY = "androidx.lifecycle.LifecycleRegistry";
    private static final String ARRAY_LIST = "java.util.ArrayList";
    private static final Set<String> RECOMPOSER_STOPPED = Set.of("ShutDown", "ShuttingDown");
    private static final Set<String> RECOMPOSER_IDLE = Set.of("Inactive", "InactivePendingWork");
    private static final Set<String> RECOMPOSER_RUNNING = Set.of("PendingWork", "Idle");

    private LibraryInspectors() {}

    static void mortarPresenter(Hierarchy h, int o, Reporter r) {
        String cls = "mortar.Presenter";
        FieldValue view = h.instanceOf(o, cls) ? SharkValues.field(h, o, cls, "view") : null;
        if (view != null) {
            r.label(SharkValues.described(view, view.isNull() ? "null" : "not null"));
        }
    }

    static void mortarScope(Hierarchy h, int o, Reporter r) {
        Boolean dead = h.instanceOf(o, MORTAR_SCOPE) ? SharkValues.bool(SharkValues.field(h, o, MORTAR_SCOPE, "dead"))
                : null;
        if (dead == null) {
            return;
        }
        String name = SharkValues.text(h, SharkValues.field(h, o, MORTAR_SCOPE, "name"));
        r.leakingIf(dead, "mortar.MortarScope.dead is " + dead + " for scope " + name);
    }

    static void coordinator(Hierarchy h, int o, Reporter r) {
        String cls = "com.squareup.coordinators.Coordinator";
        FieldValue attached = h.instanceOf(o, cls) ? SharkValues.field(h, o, cls, "attached") : null;
        if (attached != null) {
            r.label(SharkValues.described(attached, String.valueOf(SharkValues.bool(attached))));
        }
    }

    /** Compose's recomposer by the name of its state: shut down is leaking, pending work or idle is not. */
    static void recomposer(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, RECOMPOSER)) {
            return;
        }
        int flow = SharkValues.instance(h, o, RECOMPOSER, "_state");
        int state = flow < 0 ? -1 : SharkValues.instance(h, flow, "kotlinx.coroutines.flow.StateFlowImpl", "_state");
        String name = state < 0 ? null : enumName(h, state);
        if (name == null) {
            return;
        }
        String label = "Recomposer is in state " + name;
        if (RECOMPOSER_STOPPED.contains(name)) {
            r.leaking(label);
        } else if (RECOMPOSER_IDLE.contains(name)) {
            r.label(label);
        } else if (RECOMPOSER_RUNNING.contains(name)) {
            r.notLeaking(label);
        }
    }

    /** Shark 2.14 reads a composition's {@code disposed} only (later Compose versions have none). */
    static void composition(Hierarchy h, int o, Reporter r) {
        Boolean disposed = h.instanceOf(o, COMPOSITION)
                ? SharkValues.bool(SharkValues.field(h, o, COMPOSITION, "disposed")) : null;
        if (disposed != null) {
            r.leakingIf(disposed, disposed ? "Composition disposed" : "Composition not disposed");
        }
    }

    /** An animator's listeners, by class, when they are in an {@code ArrayList}. */
    static void animator(Hierarchy h, int o, Reporter r) {
        FieldValue field = h.instanceOf(o, ANIMATOR) ? SharkValues.field(h, o, ANIMATOR, "mListeners") : null;
        if (field == null) {
            return;
        }
        int listeners = SharkValues.instance(h, field);
        if (listeners < 0) {
            r.label("mListeners = null");
            return;
        }
        List<String> values = arrayListValues(h, listeners);
        if (values.isEmpty()) {
            r.label("mListeners is empty");
        }
        values.forEach(v -> r.label("mListeners" + v));
    }

    /**
     * The elements of exactly a {@code java.util.ArrayList} (OpenJDK's {@code elementData} or Android's
     * {@code array}, up to {@code size}) as Shark lists them: "[1] = com.example.Listener", nulls
     * skipped. Empty for any other list.
     */
    private static List<String> arrayListValues(Hierarchy h, int list) {
        HeapGraph g = h.graph();
        if (!ObjectLabels.className(g, list).equals(ARRAY_LIST)) {
            return List.of();
        }
        FieldValue elements = SharkValues.field(h, list, ARRAY_LIST, "elementData");
        if (elements == null) {
            elements = SharkValues.field(h, list, ARRAY_LIST, "array");
        }
        int array = SharkValues.object(h, elements);
        Integer size = SharkValues.integer(SharkValues.field(h, list, ARRAY_LIST, "size"));
        if (array < 0 || size == null || g.kind(array) != ObjectKind.OBJECT_ARRAY) {
            return List.of();
        }
        long[] ids = g.readObjectArray(array, 0, (int) Math.min(size, g.arrayLength(array)));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < ids.length; i++) {
            int element = ids[i] == 0 ? -1 : g.indexOf(ids[i]);
            if (element >= 0) {
                out.add("[" + i + "] = " + ObjectLabels.className(g, element));
            }
        }
        return out;
    }

    /** What an ObjectAnimator animates and how far it got, as labels. */
    static void objectAnimator(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, OBJECT_ANIMATOR)) {
            return;
        }
        r.label("mPropertyName = " + textOrNull(h, SharkValues.field(h, o, OBJECT_ANIMATOR, "mPropertyName")));
        int property = SharkValues.instance(h, o, OBJECT_ANIMATOR, "mProperty");
        if (property < 0) {
            r.label("mProperty = null");
        } else {
            r.label("mProperty.mName = " + textOrNull(h, SharkValues.field(h, property, PROPERTY, "mName")));
            int type = SharkValues.object(h, SharkValues.field(h, property, PROPERTY, "mType"));
            int typeClass = type < 0 ? -1 : h.graph().classIndexOfClassObject(type);
            r.label("mProperty.mType = " + (typeClass < 0 ? "null" : h.graph().heapClass(typeClass).name()));
        }
        for (String flag : List.of("mInitialized", "mStarted", "mRunning", "mAnimationEndRequested")) {
            r.label(flag + " = " + SharkValues.bool(SharkValues.field(h, o, VALUE_ANIMATOR, flag)));
        }
        for (String duration : List.of("mDuration", "mStartDelay")) {
            r.label(duration + " = " + SharkValues.longValue(SharkValues.field(h, o, VALUE_ANIMATOR, duration)));
        }
        Integer count = SharkValues.integer(SharkValues.field(h, o, VALUE_ANIMATOR, "mRepeatCount"));
        r.label("mRepeatCount = " + (count != null && count == -1 ? "INFINITE (-1)" : count));
        Integer mode = SharkValues.integer(SharkValues.field(h, o, VALUE_ANIMATOR, "mRepeatMode"));
        String modeName = mode == null ? "Unknown (null)" : switch (mode) {
            case 1 -> "RESTART (1)";
            case 2 -> "REVERSE (2)";
            default -> "Unknown (" + mode + ")";
        };
        r.label("mRepeatMode = " + modeName);
    }

    private static String textOrNull(Hierarchy h, FieldValue v) {
        return String.valueOf(SharkValues.text(h, v));
    }

    /**
     * A lifecycle registry that is not destroyed is not leaking. A destroyed one may still be held
     * by its live owner (a fragment keeps its view's registry), so that is only a label.
     */
    static void lifecycleRegistry(Hierarchy h, int o, Reporter r) {
        String state = h.instanceOf(o, LIFECYCLE_REGISTRY) ? lifecycleState(h, o) : null;
        if (state == null) {
            return;
        }
        if (state.equals("DESTROYED")) {
            r.label("state = " + state);
        } else {
            r.notLeaking("state is " + state);
        }
    }

    /** The name of a registry's state ({@code state}, or {@code mState} before AndroidX went Kotlin), or null. */
    static String lifecycleState(Hierarchy h, int registry) {
        FieldValue state = SharkValues.field(h, registry, LIFECYCLE_REGISTRY, "state");
        if (state == null) {
            state = SharkValues.field(h, registry, LIFECYCLE_REGISTRY, "mState");
        }
        int value = SharkValues.instance(h, state);
        return value < 0 ? null : enumName(h, value);
    }

    private static String enumName(Hierarchy h, int constant) {
        return SharkValues.text(h, SharkValues.field(h, constant, "java.lang.Enum", "name"));
    }
}
