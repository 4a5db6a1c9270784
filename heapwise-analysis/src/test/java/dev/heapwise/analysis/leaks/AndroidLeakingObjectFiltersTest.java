package dev.heapwise.analysis.leaks;

import static dev.heapwise.analysis.leaks.SyntheticLeaksTest.OBJ;
import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The leaking objects of an Android dump are those Shark 2.14's
 * {@code FilteringLeakingObjectFinder(AndroidObjectInspectors.appLeakingObjectFilters)} finds: on a
 * written dump with one object that each filter keeps and a near miss for each, heapwise's default
 * finders name exactly the ids Shark 2.14 named on the same dump. The objects are held by nothing
 * (Shark's filters look at every object), but for the services the ActivityThread holds.
 */
class AndroidLeakingObjectFiltersTest {
    /**
     * The ids Shark 2.14's {@code FilteringLeakingObjectFinder(AndroidObjectInspectors.appLeakingObjectFilters)}
     * found on the dump {@link #write} makes ({@code finderIds=19}, by the Shark harness in filter mode).
     * Shark then stops while inspecting the objects no root reaches (its inspectors want fields this dump
     * leaves out), after its finder has answered.
     */
    static final List<String> SHARK_2_14_IDS = List.of("0x102e", "0x104e", "0x106e", "0x108e", "0x10be", "0x10de",
            "0x111e", "0x113e", "0x114e", "0x116e", "0x117e", "0x119e", "0x121b", "0x124b", "0x130b", "0x133b",
            "0x135b", "0x137b", "0x13bb");

    /** The objects written to match a filter, as the test means them to. */
    final List<Long> expected = new ArrayList<>();

    private long match(long id) {
        expected.add(id);
        return id;
    }

    Path write(Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        h.androidBuild(34, "Google");
        long context = h.cls("android.content.Context", h.javaLangObject, List.of(), List.of());
        long wrapper = h.cls("android.content.ContextWrapper", context, List.of(OBJ("mBase")), List.of());
        long themeWrapper = h.cls("android.view.ContextThemeWrapper", wrapper, List.of(), List.of());
        long activity = h.cls("android.app.Activity", themeWrapper, List.of(flag("mDestroyed")), List.of());
        long service = h.cls("android.app.Service", wrapper, List.of(), List.of());
        long appService = h.cls("app.SyncService", service, List.of(), List.of());
        long contextImpl = h.cls("android.app.ContextImpl", context, List.of(OBJ("mOuterContext")), List.of());
        long manager = h.cls("android.app.ApplicationContextManager", "mContext");
        long view = h.cls("android.view.View", h.javaLangObject, List.of(OBJ("mContext"), OBJ("mParent"),
                OBJ("mAttachInfo"), new FieldDef("mWindowAttachCount", FieldType.INT)), List.of());
        long decor = h.cls("com.android.internal.policy.DecorView", view, List.of(), List.of());
        long textView = h.cls("android.widget.TextView", view, List.of(), List.of());
        long attachInfo = h.cls("android.view.View$AttachInfo");
        long editor = h.cls("android.widget.Editor", "mTextView");
        long viewRoot = h.cls("android.view.ViewRootImpl", "mView", "mContext");
        long fragment = h.cls("android.app.Fragment", "mFragmentManager");
        long supportFragment = h.cls("android.support.v4.app.Fragment", "mFragmentManager");
        long androidxFragment = h.cls("androidx.fragment.app.Fragment", "mLifecycleRegistry");
        long registry = h.cls("androidx.lifecycle.LifecycleRegistry", "state");
        long enumClass = h.cls("java.lang.Enum", h.javaLangObject, List.of(OBJ("name"),
                new FieldDef("ordinal", FieldType.INT)), List.of());
        long state = h.cls("androidx.lifecycle.Lifecycle$State", enumClass, List.of(), List.of());
        long queue = h.cls("android.os.MessageQueue", h.javaLangObject, List.of(flag("mQuitting")), List.of());
        long scope = h.cls("mortar.MortarScope", h.javaLangObject, List.of(flag("dead")), List.of());
        long window = h.cls("android.view.Window", h.javaLangObject, List.of(flag("mDestroyed")), List.of());
        long toast = h.cls("android.widget.Toast", "mTN");
        long tn = h.cls("android.widget.Toast$TN", "mWM", "mView");
        long fragmentManager = h.cls("android.app.FragmentManagerImpl");
        long windowManager = h.cls("android.view.WindowManagerImpl");
        long thread = h.cls("android.app.ActivityThread", "mServices");
        long arrayMap = h.cls("android.util.ArrayMap", "mArray");

        // Contexts: Activity's own mDestroyed first, then ContextWrapper's mBase.
        long destroyed = match(h.obj(activity, 1, 0));
        long live = h.obj(activity, 0, 0);
        match(h.obj(themeWrapper, destroyed)); // CONTEXT_WRAPPER
        h.obj(wrapper, live);
        long leakingImpl = match(h.obj(contextImpl, destroyed)); // CONTEXT_IMPL
        long liveImpl = h.obj(contextImpl, live);
        match(h.obj(manager, leakingImpl)); // APPLICATION_PACKAGE_MANAGER
        h.obj(manager, liveImpl);

        // Views: mContext, mParent, mAttachInfo, mWindowAttachCount.
        long attached = h.obj(attachInfo);
        long rootOfDestroyed = match(h.obj(view, destroyed, 0, attached, 1)); // VIEW: context destroyed
        h.obj(view, destroyed, rootOfDestroyed, attached, 1); // not a root view
        match(h.obj(decor, live, 0, 0, 1)); // VIEW: a detached DecorView
        long cached = h.obj(view, live, 0, 0, 1); // detached parentless view, may be cached: not leaking
        long root = h.obj(viewRoot, 0, live);
        h.set(root, 0, h.obj(view, live, root, attached, 1));
        match(h.obj(view, live, root, 0, 2)); // VIEW: detached child of a ViewRootImpl
        h.obj(view, live, root, 0, 0); // never attached
        long text = match(h.obj(textView, destroyed, 0, attached, 1)); // VIEW
        match(h.obj(editor, text)); // EDITOR
        h.obj(editor, cached);
        match(h.obj(viewRoot, 0, live)); // VIEW_ROOT_IMPL: no view
        match(h.obj(viewRoot, cached, destroyed)); // VIEW_ROOT_IMPL: destroyed activity

        // Services: the ActivityThread's mServices holds one.
        long held = h.obj(appService, live);
        match(h.obj(appService, live)); // SERVICE
        long current = h.obj(thread, h.obj(arrayMap, h.objectArray(h.string("token"), held)));
        h.staticField(thread, "sCurrentActivityThread", FieldType.OBJECT, current);
        h.root(SyntheticHeap.ROOT_STICKY_CLASS, thread);

        // Fragments.
        match(h.obj(fragment, 0));
        h.obj(fragment, h.obj(fragmentManager));
        match(h.obj(supportFragment, 0));
        h.obj(supportFragment, h.obj(fragmentManager));
        long destroyedState = h.obj(state, h.string("DESTROYED"), 0);
        long resumedState = h.obj(state, h.string("RESUMED"), 4);
        match(h.obj(androidxFragment, h.obj(registry, destroyedState)));
        h.obj(androidxFragment, h.obj(registry, resumedState));

        // Queues, scopes, windows, toasts.
        match(h.obj(queue, 1));
        h.obj(queue, 0);
        match(h.obj(scope, 1));
        h.obj(scope, 0);
        match(h.obj(window, 1));
        h.obj(window, 0);
        long wm = h.obj(windowManager);
        match(h.obj(toast, h.obj(tn, wm, 0))); // shown, then hidden
        h.obj(toast, h.obj(tn, wm, cached)); // showing
        h.obj(toast, h.obj(tn, 0, 0)); // never shown

        Path dump = dir.resolve("filters.hprof");
        h.write(dump);
        return dump;
    }

    private static FieldDef flag(String name) {
        return new FieldDef(name, FieldType.BOOLEAN);
    }

    @Test
    void findsWhatSharksFiltersFind(@TempDir Path dir) throws Exception {
        Path dump = write(dir);
        try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
            Hierarchy h = new Hierarchy(g);
            TreeSet<Long> found = new TreeSet<>();
            for (LeakFinder f : LeakAnalyzer.defaultFinders()) {
                if (f.appliesTo(h)) {
                    f.find(h).forEach(l -> found.add(g.id(l.object())));
                }
            }
            assertThat(found).containsExactlyInAnyOrderElementsOf(expected);
            assertThat(found.stream().map(id -> "0x" + Long.toHexString(id)).toList())
                    .containsExactlyInAnyOrderElementsOf(SHARK_2_14_IDS);
            LeakReport r = LeakAnalyzer.analyze(g, tree, LeakAnalyzer.Options.defaults(), ProgressListener.NONE);
            assertThat(r.leakingObjects()).isEqualTo(SHARK_2_14_IDS.size());
        }
    }
}
