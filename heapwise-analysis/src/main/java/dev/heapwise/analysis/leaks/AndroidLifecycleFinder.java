package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Android objects past the end of their life, as Shark 2.14's {@code AndroidObjectInspectors}
 * leaking-object filters find them (its {@code appLeakingObjectFilters} but for
 * {@code KEYED_WEAK_REFERENCE}, which is {@link KeyedWeakReferenceFinder}), in its order: root views
 * and editors of such views, destroyed activities, services the ActivityThread no longer holds,
 * anything that is or wraps a destroyed activity, {@code ContextImpl}s (and Shark's
 * {@code ApplicationContextManager}) whose outer context is one, fragments no manager holds
 * ({@code android.app} and the support library) or whose lifecycle is destroyed (AndroidX), quitting
 * message queues, dead Mortar scopes, ViewRootImpls without a view or with a destroyed activity's
 * context, destroyed windows and toasts done showing. Shark's filters are written apart from its
 * inspectors and sometimes differ from them; these follow the filters. Where a filter would stop
 * Shark's analysis ({@code !!} on a missing field or value) it matches nothing here. Reads the fields
 * of the instances of those classes only.
 */
public final class AndroidLifecycleFinder implements LeakFinder {
    /** One of Shark's filters: the classes it can match (with their subclasses), and the test. */
    private record Filter(String name, List<String> classes, Test test) {}

    private interface Test {
        /** The finder's reason (empty: the inspectors say why), or null when the object does not match. */
        List<String> reasons(Hierarchy h, int object);
    }

    private static final List<String> NONE = List.of();

    private static Test when(Check check, List<String> reasons) {
        return (h, o) -> check.test(h, o) ? reasons : null;
    }

    private interface Check {
        boolean test(Hierarchy h, int object);
    }

    @Override
    public String name() {
        return "Android lifecycle";
    }

    @Override
    public boolean appliesTo(Hierarchy h) {
        for (Filter f : filters(null)) {
            if (f.classes().stream().anyMatch(h::anyClass)) {
                return true;
            }
        }
        return false;
    }

    /** Shark 2.14's filters in its order; {@code heldServices} null judges no service (the dump does not say). */
    private static List<Filter> filters(Set<Integer> heldServices) {
        return List.of(
                new Filter("VIEW", List.of(AndroidObjects.VIEW), (h, o) -> viewReasons(h, o)),
                new Filter("EDITOR", List.of("android.widget.Editor"), when(ViewInspectors::leakingEditor, NONE)),
                new Filter("ACTIVITY", List.of(AndroidObjects.ACTIVITY),
                        when(AndroidObjects::isDestroyedActivity, List.of("Activity#mDestroyed is true"))),
                new Filter("SERVICE", List.of(AndroidObjects.SERVICE), when((h, o) -> heldServices != null
                        && !heldServices.contains(o), List.of(ServiceInspector.NOT_HELD))),
                // any instance, but only a context (a component, or a ContextWrapper) can wrap an activity
                new Filter("CONTEXT_WRAPPER", List.of(AndroidObjects.CONTEXT_WRAPPER, AndroidObjects.ACTIVITY,
                        AndroidObjects.APPLICATION, AndroidObjects.SERVICE),
                        when(AndroidObjects::wrapsDestroyedActivity, NONE)),
                new Filter("APPLICATION_PACKAGE_MANAGER", List.of(AndroidInspectors.APPLICATION_CONTEXT_MANAGER),
                        when((h, o) -> AndroidObjects.outerContextIsLeaking(h, SharkValues.instance(h, o,
                                AndroidInspectors.APPLICATION_CONTEXT_MANAGER, "mContext")), NONE)),
                new Filter("CONTEXT_IMPL", List.of(AndroidObjects.CONTEXT_IMPL),
                        when(AndroidObjects::outerContextIsLeaking, NONE)),
                managerless(AndroidObjects.FRAGMENT),
                managerless(AndroidInspectors.SUPPORT_FRAGMENT),
                new Filter("ANDROIDX_FRAGMENT", List.of(AndroidInspectors.ANDROIDX_FRAGMENT),
                        when(AndroidLifecycleFinder::destroyedAndroidxFragment, NONE)),
                new Filter("MESSAGE_QUEUE", List.of(AndroidInspectors.MESSAGE_QUEUE), when((h, o) ->
                        Boolean.TRUE.equals(SharkValues.bool(AndroidInspectors.quitting(h, o))), NONE)),
                new Filter("MORTAR_SCOPE", List.of(LibraryInspectors.MORTAR_SCOPE), when((h, o) -> Boolean.TRUE.equals(
                        SharkValues.bool(SharkValues.field(h, o, LibraryInspectors.MORTAR_SCOPE, "dead"))), NONE)),
                new Filter("VIEW_ROOT_IMPL", List.of(ViewInspectors.VIEW_ROOT_IMPL),
                        when(ViewInspectors::leakingViewRootImpl, NONE)),
                new Filter("WINDOW", List.of(AndroidObjects.WINDOW), when((h, o) -> Boolean.TRUE.equals(
                        SharkValues.bool(SharkValues.field(h, o, AndroidObjects.WINDOW, "mDestroyed"))), NONE)),
                new Filter("TOAST", List.of(AndroidObjects.TOAST),
                        when((h, o) -> Boolean.TRUE.equals(AndroidInspectors.doneShowing(h, o)), NONE)));
    }

    /** {@code android.app}'s and the support library's fragments, when {@code mFragmentManager} is null. */
    private static Filter managerless(String fragmentClass) {
        return new Filter(fragmentClass, List.of(fragmentClass), when((h, o) -> {
            FieldValue manager = SharkValues.field(h, o, fragmentClass, "mFragmentManager");
            return manager != null && manager.isNull();
        }, List.of("Fragment#mFragmentManager is null"))); // Shark's words for both
    }

    /** AndroidX's: {@code mLifecycleRegistry}'s state is {@code DESTROYED}. */
    private static boolean destroyedAndroidxFragment(Hierarchy h, int o) {
        int registry = SharkValues.instance(h, o, AndroidInspectors.ANDROIDX_FRAGMENT, "mLifecycleRegistry");
        return registry >= 0 && "DESTROYED".equals(LibraryInspectors.lifecycleState(h, registry));
    }

    private static List<String> viewReasons(Hierarchy h, int o) {
        if (!ViewInspectors.leakingRootView(h, o)) {
            return null;
        }
        if (AndroidObjects.wrapsDestroyedActivity(h, SharkValues.instance(h, o, AndroidObjects.VIEW, "mContext"))) {
            return List.of("View.mContext references a destroyed activity");
        }
        return List.of("View detached from its window (mAttachInfo is null, mWindowAttachCount > 0)");
    }

    @Override
    public List<LeakingObject> find(Hierarchy h) {
        HeapGraph g = h.graph();
        Set<Integer> heldServices = h.anyClass(AndroidObjects.SERVICE) ? AndroidObjects.servicesHeld(h) : null;
        List<Filter> filters = filters(heldServices);
        int classes = g.classCount();
        boolean[][] applies = new boolean[filters.size()][];
        boolean[] any = new boolean[classes];
        for (int i = 0; i < filters.size(); i++) {
            applies[i] = new boolean[classes];
            for (String name : filters.get(i).classes()) {
                boolean[] sub = h.subclasses(name);
                for (int c = 0; c < classes; c++) {
                    applies[i][c] |= sub[c];
                    any[c] |= sub[c];
                }
            }
        }
        List<LeakingObject> out = new ArrayList<>();
        for (int o = 0; o < g.objectCount(); o++) {
            int c = g.classOf(o);
            if (!any[c] || g.kind(o) != ObjectKind.INSTANCE || g.classIndexOfClassObject(o) >= 0) {
                continue;
            }
            boolean matched = false;
            List<String> reasons = new ArrayList<>(1);
            for (int i = 0; i < filters.size(); i++) {
                List<String> r = applies[i][c] ? filters.get(i).test().reasons(h, o) : null;
                if (r != null) {
                    matched = true;
                    for (String x : r) {
                        if (!reasons.contains(x)) {
                            reasons.add(x);
                        }
                    }
                }
            }
            if (matched) {
                out.add(new LeakingObject(o, List.copyOf(reasons), List.of()));
            }
        }
        return out;
    }
}
