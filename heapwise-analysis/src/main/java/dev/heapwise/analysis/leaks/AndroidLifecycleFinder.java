package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.HeapGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Android objects past the end of their life, as Shark's lifecycle inspectors find them:
 * destroyed activities ({@code Activity.mDestroyed}), fragments no manager holds any more
 * ({@code Fragment.mFragmentManager} null), and root views that are detached from their window
 * after having been attached, or whose context is a destroyed activity, and services the
 * ActivityThread no longer holds ({@code mServices}). Reads the fields of every instance of those
 * classes.
 */
public final class AndroidLifecycleFinder implements LeakFinder {
    @Override
    public String name() {
        return "Android lifecycle";
    }

    @Override
    public boolean appliesTo(Hierarchy h) {
        if (h.anyClass(AndroidObjects.ACTIVITY) || h.anyClass(AndroidObjects.VIEW)
                || h.anyClass(AndroidObjects.SERVICE)) {
            return true;
        }
        for (String f : AndroidObjects.FRAGMENTS) {
            if (h.anyClass(f)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public List<LeakingObject> find(Hierarchy h) {
        HeapGraph g = h.graph();
        boolean[] activity = h.subclasses(AndroidObjects.ACTIVITY);
        boolean[] view = h.subclasses(AndroidObjects.VIEW);
        boolean[] service = h.subclasses(AndroidObjects.SERVICE);
        Set<Integer> heldServices = h.anyClass(AndroidObjects.SERVICE) ? AndroidObjects.servicesHeld(h) : null;
        boolean[][] fragments = new boolean[AndroidObjects.FRAGMENTS.length][];
        for (int i = 0; i < fragments.length; i++) {
            fragments[i] = h.subclasses(AndroidObjects.FRAGMENTS[i]);
        }
        List<LeakingObject> out = new ArrayList<>();
        for (int o = 0; o < g.objectCount(); o++) {
            int c = g.classOf(o);
            if (g.classIndexOfClassObject(o) >= 0) {
                continue;
            }
            if (activity[c]) {
                if (Boolean.TRUE.equals(AndroidObjects.destroyed(h, o))) {
                    out.add(new LeakingObject(o, List.of("Activity#mDestroyed is true"), List.of()));
                }
            } else if (view[c]) {
                if (!AndroidObjects.isRootView(h, o)) {
                    continue;
                }
                int context = h.objectField(o, "mContext");
                if (AndroidObjects.isDestroyedActivity(h, AndroidObjects.unwrapActivity(h, context))) {
                    out.add(new LeakingObject(o, List.of("View.mContext references a destroyed activity"), List.of()));
                } else if (AndroidObjects.isDetachedAfterAttach(h, o)) {
                    out.add(new LeakingObject(o, List.of("View detached from its window (mAttachInfo is null,"
                            + " mWindowAttachCount > 0)"), List.of()));
                }
            } else if (service[c]) {
                if (heldServices != null && !heldServices.contains(o)) {
                    out.add(new LeakingObject(o, List.of(ServiceInspector.NOT_HELD), List.of()));
                }
            } else {
                for (int i = 0; i < fragments.length; i++) {
                    if (fragments[i][c]) {
                        if (h.isNullField(o, "mFragmentManager")) {
                            // Shark's words for android.app's and the support library's fragments
                            out.add(new LeakingObject(o, List.of("Fragment#mFragmentManager is null"), List.of()));
                        }
                        break;
                    }
                }
            }
        }
        return out;
    }
}
