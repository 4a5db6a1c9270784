package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RootKind;
import java.util.List;

/** The JDK and Android inspectors applied to every node of a leak trace. Read the nodes' fields. */
public final class DefaultInspectors {
    private DefaultInspectors() {}

    public static List<ObjectInspector> all(RootIndex roots) {
        return List.of(DefaultInspectors::classes, DefaultInspectors::classLoaders,
                (h, o, l, n, labels) -> threads(h, o, n, labels, roots), DefaultInspectors::application,
                DefaultInspectors::activity, DefaultInspectors::fragment, DefaultInspectors::view,
                DefaultInspectors::contextWrapper, DefaultInspectors::dialog, DefaultInspectors::messageQueue,
                new ServiceInspector());
    }

    static void classes(Hierarchy h, int o, List<String> leaking, List<String> notLeaking, List<String> labels) {
        if (h.graph().kind(o) == ObjectKind.CLASS) {
            notLeaking.add("a class is never leaking");
        }
    }

    static void classLoaders(Hierarchy h, int o, List<String> leaking, List<String> notLeaking, List<String> labels) {
        if (h.instanceOf(o, "java.lang.ClassLoader")) {
            notLeaking.add("A ClassLoader is never leaking"); // Shark 2.14's words, capital A included
        }
    }

    static void threads(Hierarchy h, int o, List<String> notLeaking, List<String> labels, RootIndex roots) {
        if (!h.instanceOf(o, "java.lang.Thread")) {
            return;
        }
        String name = h.stringField(o, "name");
        if (name != null) {
            labels.add("Thread name: '" + name + "'");
        }
        for (GcRoot r : roots.all(o)) {
            if (r.kind() == RootKind.THREAD_OBJECT) {
                notLeaking.add("the thread is running");
                return;
            }
        }
    }

    static void application(Hierarchy h, int o, List<String> leaking, List<String> notLeaking, List<String> labels) {
        if (h.instanceOf(o, "android.app.Application")) {
            notLeaking.add("Application is a singleton");
        }
    }

    static void activity(Hierarchy h, int o, List<String> leaking, List<String> notLeaking, List<String> labels) {
        if (!h.instanceOf(o, AndroidObjects.ACTIVITY)) {
            return;
        }
        Boolean destroyed = h.booleanField(o, "mDestroyed");
        if (Boolean.TRUE.equals(destroyed)) {
            leaking.add("Activity#mDestroyed is true");
        } else if (Boolean.FALSE.equals(destroyed)) {
            notLeaking.add("Activity#mDestroyed is false");
        }
    }

    static void fragment(Hierarchy h, int o, List<String> leaking, List<String> notLeaking, List<String> labels) {
        String f = AndroidObjects.fragmentClass(h, o);
        if (f == null) {
            return;
        }
        if (h.isNullField(o, "mFragmentManager")) {
            leaking.add("Fragment.mFragmentManager is null");
        } else {
            notLeaking.add("Fragment.mFragmentManager is not null");
        }
    }

    static void view(Hierarchy h, int o, List<String> leaking, List<String> notLeaking, List<String> labels) {
        if (!h.instanceOf(o, AndroidObjects.VIEW)) {
            return;
        }
        int context = h.objectField(o, "mContext");
        int activity = AndroidObjects.unwrapActivity(h, context);
        if (AndroidObjects.isDestroyedActivity(h, activity)) {
            leaking.add("View.mContext references a destroyed activity");
        }
        if (h.isNullField(o, "mAttachInfo")) {
            if (AndroidObjects.isDetachedAfterAttach(h, o)) {
                leaking.add("View.mAttachInfo is null (view detached)");
            } else {
                labels.add("View.mAttachInfo is null (view detached)");
            }
        } else if (h.graph().field(o, "mAttachInfo") != null) {
            notLeaking.add("View.mAttachInfo is not null (view attached)");
        }
    }

    static void contextWrapper(Hierarchy h, int o, List<String> leaking, List<String> notLeaking, List<String> labels) {
        if (!h.instanceOf(o, AndroidObjects.CONTEXT_WRAPPER) || h.instanceOf(o, AndroidObjects.ACTIVITY)) {
            return;
        }
        int activity = AndroidObjects.unwrapActivity(h, h.objectField(o, "mBase"));
        if (AndroidObjects.isDestroyedActivity(h, activity)) {
            leaking.add("ContextWrapper wraps an Activity with Activity.mDestroyed true");
        }
    }

    static void dialog(Hierarchy h, int o, List<String> leaking, List<String> notLeaking, List<String> labels) {
        if (!h.instanceOf(o, "android.app.Dialog")) {
            return;
        }
        if (h.isNullField(o, "mDecor")) {
            leaking.add("Dialog.mDecor is null");
        } else {
            notLeaking.add("Dialog.mDecor is not null");
        }
    }

    static void messageQueue(Hierarchy h, int o, List<String> leaking, List<String> notLeaking, List<String> labels) {
        if (!h.instanceOf(o, "android.os.MessageQueue")) {
            return;
        }
        Boolean quitting = h.booleanField(o, "mQuitting");
        if (Boolean.TRUE.equals(quitting)) {
            leaking.add("MessageQueue#mQuitting is true");
        } else if (Boolean.FALSE.equals(quitting)) {
            notLeaking.add("MessageQueue#mQuitting is false");
        }
    }
}
