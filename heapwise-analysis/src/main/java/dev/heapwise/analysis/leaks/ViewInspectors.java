package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * Shark 2.14's inspectors of views: {@code VIEW}, {@code EDITOR} (a TextView's editor, as its view)
 * and {@code VIEW_ROOT_IMPL}.
 */
final class ViewInspectors {
    private static final String VIEW = AndroidObjects.VIEW;
    static final String VIEW_ROOT_IMPL = "android.view.ViewRootImpl";
    private static final String LAYOUT_PARAMS = "android.view.WindowManager$LayoutParams";
    static final String DECOR_VIEW = "com.android.internal.policy.DecorView";
    /** Where LeakCanary leaves the app's resource id names in the heap it dumps. */
    private static final String RESOURCE_ID_NAMES = "shark.AndroidResourceIdNames";
    private static final int TYPE_TOAST = 2005;
    /** More parents than any real view has: a cycle of parents ends here. */
    private static final int MAX_DEPTH = 10_000;

    private ViewInspectors() {}

    /**
     * Shark's {@code VIEW} and {@code EDITOR}, in that order. They share the resource id names
     * LeakCanary left in the dump, read once, when a view or an editor first needs them.
     */
    static List<ObjectInspector> viewAndEditor() {
        ResourceIdNames[] names = {null};
        java.util.function.Function<Hierarchy, ResourceIdNames> read = h -> {
            if (names[0] == null) {
                names[0] = ResourceIdNames.read(h);
            }
            return names[0];
        };
        ObjectInspector view = (h, o, leaking, notLeaking, labels) -> {
            if (h.instanceOf(o, VIEW)) {
                view(h, o, new Reporter(leaking, notLeaking, labels), read.apply(h));
            }
        };
        return List.of(view, Reporter.inspector((h, o, r) -> editor(h, o, r, read)));
    }

    /**
     * A view in a window's hierarchy (under a ViewRootImpl, or a DecorView) that was attached once is
     * leaking when detached, or attached under a detached root; not leaking when attached; leaking
     * whenever its context is a destroyed activity.
     */
    static void view(Hierarchy h, int o, Reporter r, ResourceIdNames names) {
        if (!h.instanceOf(o, VIEW)) {
            return;
        }
        FieldValue parent = SharkValues.field(h, o, VIEW, "mParent");
        Integer attachCount = SharkValues.integer(SharkValues.field(h, o, VIEW, "mWindowAttachCount"));
        FieldValue attachInfo = SharkValues.field(h, o, VIEW, "mAttachInfo");
        int context = SharkValues.instance(h, o, VIEW, "mContext");
        if (parent == null || attachCount == null || attachInfo == null || context < 0) {
            return; // Shark 2.14 stops the analysis there
        }
        int rootView = -1;
        int rootParent = SharkValues.instance(h, parent);
        for (int depth = 0; rootParent >= 0 && h.instanceOf(rootParent, VIEW) && depth < MAX_DEPTH; depth++) {
            rootView = rootParent;
            rootParent = SharkValues.instance(h, rootParent, VIEW, "mParent");
        }
        boolean inWindow = rootParent >= 0
                || rootView >= 0 && ObjectLabels.className(h.graph(), rootView).equals(DECOR_VIEW);
        boolean detached = attachInfo.isNull();
        if (AndroidObjects.wrapsDestroyedActivity(h, context)) {
            r.leaking("View.mContext references a destroyed activity");
        } else if (inWindow && attachCount > 0) {
            if (detached) {
                r.leaking("View detached yet still part of window view hierarchy");
            } else if (rootView >= 0 && isNull(SharkValues.field(h, rootView, VIEW, "mAttachInfo"))) {
                r.leaking("View attached but root view " + ObjectLabels.className(h.graph(), rootView)
                        + " detached (attach disorder)");
            } else {
                r.notLeaking("View attached");
            }
        }
        r.label(inWindow ? "View is part of a window view hierarchy" : "View not part of a window view hierarchy");
        r.label(detached ? "View.mAttachInfo is null (view detached)" : "View.mAttachInfo is not null (view attached)");
        Integer id = names == null || !names.present() ? null
                : SharkValues.integer(SharkValues.field(h, o, VIEW, "mID"));
        if (id != null && id != -1) {
            r.label("View.mID = R.id." + names.name(id));
        }
        r.label("View.mWindowAttachCount = " + attachCount);
    }

    private static boolean isNull(FieldValue v) {
        return v != null && v.isNull();
    }

    /**
     * Shark 2.14's {@code VIEW} leaking-object filter, which differs from its inspector: a root view
     * (no parent, or a parent that is no view: a ViewRootImpl) whose context is or wraps a destroyed
     * activity, or that is detached ({@code mAttachInfo} null) after having been attached
     * ({@code mWindowAttachCount > 0}) and is either the child of a ViewRootImpl or exactly a
     * {@code DecorView} (another detached parentless view may be a cached one). False where Shark
     * would stop ({@code !!} on a missing field); a null {@code mContext} is no destroyed activity.
     */
    static boolean leakingRootView(Hierarchy h, int o) {
        if (!h.instanceOf(o, VIEW)) {
            return false;
        }
        FieldValue parentField = SharkValues.field(h, o, VIEW, "mParent");
        if (parentField == null) {
            return false;
        }
        int parent = SharkValues.instance(h, parentField);
        boolean childOfViewRootImpl = parent >= 0 && !h.instanceOf(parent, VIEW);
        if (parent >= 0 && !childOfViewRootImpl) {
            return false; // not a root view
        }
        if (AndroidObjects.wrapsDestroyedActivity(h, SharkValues.instance(h, o, VIEW, "mContext"))) {
            return true;
        }
        if (!isNull(SharkValues.field(h, o, VIEW, "mAttachInfo"))) {
            return false; // attached
        }
        Integer attachCount = SharkValues.integer(SharkValues.field(h, o, VIEW, "mWindowAttachCount"));
        return attachCount != null && attachCount > 0
                && (childOfViewRootImpl || ObjectLabels.className(h.graph(), o).equals(DECOR_VIEW));
    }

    /** Shark's {@code EDITOR} filter: an editor whose {@code mTextView} the {@code VIEW} filter keeps. */
    static boolean leakingEditor(Hierarchy h, int o) {
        int textView = SharkValues.object(h, SharkValues.field(h, o, "android.widget.Editor", "mTextView"));
        return h.instanceOf(o, "android.widget.Editor") && textView >= 0 && leakingRootView(h, textView);
    }

    /**
     * Shark's {@code VIEW_ROOT_IMPL} filter: a ViewRootImpl whose {@code mView} is null, or whose
     * {@code mContext} (not in every version) is or wraps a destroyed activity.
     */
    static boolean leakingViewRootImpl(Hierarchy h, int o) {
        if (!h.instanceOf(o, VIEW_ROOT_IMPL)) {
            return false;
        }
        FieldValue view = SharkValues.field(h, o, VIEW_ROOT_IMPL, "mView");
        if (view == null) {
            return false;
        }
        FieldValue context = SharkValues.field(h, o, VIEW_ROOT_IMPL, "mContext");
        return view.isNull() || context != null && AndroidObjects.wrapsDestroyedActivity(h, SharkValues.instance(h, context));
    }

    /** A TextView's editor says what its view says, each text after "Editor#mTextView:". */
    static void editor(Hierarchy h, int o, Reporter r, java.util.function.Function<Hierarchy, ResourceIdNames> names) {
        if (!h.instanceOf(o, "android.widget.Editor")) {
            return;
        }
        FieldValue textView = SharkValues.field(h, o, "android.widget.Editor", "mTextView");
        int view = SharkValues.object(h, textView);
        if (view < 0) {
            return;
        }
        Reporter of = new Reporter();
        view(h, view, of, names.apply(h));
        String prefix = Hierarchy.simpleName(textView.declaringClass().name()) + "#" + textView.name() + ": ";
        of.labels.forEach(l -> r.label(prefix + l));
        of.leaking.forEach(l -> r.leaking(prefix + l));
        of.notLeaking.forEach(l -> r.notLeaking(prefix + l));
    }

    /**
     * A ViewRootImpl without a view is leaking, as one whose context is a destroyed activity; labelled
     * with its window's title and type.
     */
    static void viewRootImpl(Hierarchy h, int o, Reporter r) {
        if (!h.instanceOf(o, VIEW_ROOT_IMPL)) {
            return;
        }
        FieldValue view = SharkValues.field(h, o, VIEW_ROOT_IMPL, "mView");
        if (view == null) {
            return;
        }
        if (view.isNull()) {
            r.leaking(SharkValues.described(view, "null"));
        } else {
            FieldValue context = SharkValues.field(h, o, VIEW_ROOT_IMPL, "mContext"); // not in every version
            if (context != null && AndroidObjects.wrapsDestroyedActivity(h, SharkValues.instance(h, context))) {
                r.leaking("ViewRootImpl.mContext references a destroyed activity, did you forget to cancel toasts"
                        + " or dismiss dialogs?");
            }
            r.label(SharkValues.described(view, "not null"));
        }
        int attributes = SharkValues.instance(h, o, VIEW_ROOT_IMPL, "mWindowAttributes");
        if (attributes < 0) {
            return;
        }
        FieldValue title = SharkValues.field(h, attributes, LAYOUT_PARAMS, "mTitle");
        if (title != null && title.isNull()) {
            r.label("mWindowAttributes.mTitle is null");
        } else if (SharkValues.text(h, title) != null) {
            r.label("mWindowAttributes.mTitle = \"" + SharkValues.text(h, title) + "\"");
        }
        Integer type = SharkValues.integer(SharkValues.field(h, attributes, LAYOUT_PARAMS, "type"));
        if (type != null) {
            r.label("mWindowAttributes.type = " + type + (type == TYPE_TOAST ? " (Toast)" : ""));
        }
    }

    /**
     * The names LeakCanary saved of the app's view ids ({@code shark.AndroidResourceIdNames}, held
     * by its static {@code holderField}): ids sorted, names by the same index. Absent in most dumps.
     */
    record ResourceIdNames(int[] ids, String[] names) {
        static final ResourceIdNames NONE = new ResourceIdNames(null, null);

        boolean present() {
            return ids != null;
        }

        String name(int id) {
            int at = Arrays.binarySearch(ids, id);
            return at >= 0 && at < names.length ? names[at] : "null";
        }

        static ResourceIdNames read(Hierarchy h) {
            HeapGraph g = h.graph();
            for (HeapClass c : g.classesNamed(RESOURCE_ID_NAMES)) {
                for (FieldValue v : g.staticFields(c.index())) {
                    int holder = v.name().equals("holderField") ? SharkValues.instance(h, v) : -1;
                    if (holder >= 0) {
                        return read(h, holder);
                    }
                }
            }
            return NONE;
        }

        private static ResourceIdNames read(Hierarchy h, int holder) {
            HeapGraph g = h.graph();
            int ids = SharkValues.object(h, SharkValues.field(h, holder, RESOURCE_ID_NAMES, "resourceIds"));
            int names = SharkValues.object(h, SharkValues.field(h, holder, RESOURCE_ID_NAMES, "names"));
            if (ids < 0 || names < 0 || g.kind(ids) != ObjectKind.PRIMITIVE_ARRAY
                    || g.kind(names) != ObjectKind.OBJECT_ARRAY) {
                return NONE;
            }
            int count = (int) g.arrayLength(ids);
            byte[] raw = g.readPrimitiveArray(ids, 0, count);
            if (raw == null || raw.length != count * FieldType.INT.size(g.info().idSize())) {
                return NONE;
            }
            int[] values = new int[count];
            ByteBuffer.wrap(raw).asIntBuffer().get(values);
            long[] nameIds = g.readObjectArray(names, 0, (int) g.arrayLength(names));
            String[] texts = new String[nameIds.length];
            for (int i = 0; i < texts.length; i++) {
                texts[i] = String.valueOf(SharkValues.text(h, nameIds[i] == 0 ? -1 : g.indexOf(nameIds[i])));
            }
            return new ResourceIdNames(values, texts);
        }
    }
}
