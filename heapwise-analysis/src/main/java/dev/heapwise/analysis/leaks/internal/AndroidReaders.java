package dev.heapwise.analysis.leaks.internal;

import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.analysis.paths.internal.PathSearch;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.internal.LongIntMap;
import java.util.ArrayList;
import java.util.List;

/**
 * The references Shark 2.14's {@code AndroidReferenceReaders} add to the heap's own, which the
 * leak search follows and the traces name:
 * <ul>
 * <li>{@code ANIMATOR_WEAK_REF_SUCKS}: an {@code android.animation.ObjectAnimator} refers to the
 *     object its {@code mTarget} weak reference holds, at low priority (queued last), as
 *     {@code .mTarget};
 * <li>{@code ACTIVITY_THREAD__NEW_ACTIVITIES}: {@code ActivityThread.mNewActivities}, a list of
 *     {@code ActivityClientRecord}s through {@code nextIdle} that Android keeps until the main thread
 *     is idle, is followed at normal priority although it is a known library leak (otherwise a new
 *     activity would be reached through {@code mActivities} instead and the leak not recognised), and
 *     the first record refers to each destroyed activity of the list directly, as
 *     {@code ActivityClientRecord[i]} (its place in the list).
 * </ul>
 * Each applies when the dump has its classes and fields, as Shark checks. Reads the dump for the
 * objects concerned only; not thread-safe (it remembers the lists it has read, as Shark does).
 */
public final class AndroidReaders {
    private static final String ACTIVITY_THREAD = "android.app.ActivityThread";
    private static final String RECORD = "android.app.ActivityThread$ActivityClientRecord";
    /** Records of a list read at most (a list that loops back on itself would never end). */
    private static final int MAX_RECORDS = 1 << 16;

    /** A reference of {@link #label}: its name, and whether it is an array entry (else a field). */
    public record Label(String name, boolean arrayEntry) {}

    private final HeapGraph g;
    private final Hierarchy h;
    private final int animatorClass;
    private final int weakReferenceClass;
    private final int threadClass;
    private final boolean newActivities;
    /** First records of the lists read so far: record index to its place in {@link #listed}. */
    private final LongIntMap heads = new LongIntMap(4);
    /** Per list read: the destroyed activities, each with its place in the list. */
    private final List<int[][]> listed = new ArrayList<>();

    public AndroidReaders(Hierarchy h) {
        this.h = h;
        this.g = h.graph();
        this.animatorClass = exactClass("android.animation.ObjectAnimator");
        this.weakReferenceClass = exactClass("java.lang.ref.WeakReference");
        this.threadClass = exactClass(ACTIVITY_THREAD);
        int record = exactClass(RECORD);
        this.newActivities = threadClass >= 0 && record >= 0 && declares(threadClass, "mNewActivities")
                && declares(record, "nextIdle") && declares(record, "activity");
    }

    private int exactClass(String name) {
        List<HeapClass> c = g.classesNamed(name);
        return c.isEmpty() ? -1 : c.getFirst().index();
    }

    private boolean declares(int classIndex, String field) {
        return g.heapClass(classIndex).fields().stream().anyMatch(f -> f.name().equals(field));
    }

    private boolean isInstanceOf(int object, int classIndex) {
        return classIndex >= 0 && g.kind(object) == ObjectKind.INSTANCE && g.classOf(object) == classIndex;
    }

    /** Hands the references of {@code from} that the heap does not store to {@code out}. */
    public void edges(int from, PathSearch.VirtualEdges out) {
        if (animatorClass >= 0 && isInstanceOf(from, animatorClass)) {
            int target = animatorTarget(from);
            if (target >= 0) {
                out.add(target, true);
            }
        } else if (newActivities && isInstanceOf(from, threadClass)) {
            int head = h.objectField(from, "mNewActivities");
            if (head >= 0) {
                if (!heads.containsKey(head)) {
                    heads.put(head, listed.size(), -1);
                    listed.add(destroyedActivities(head));
                }
                // At normal priority, ahead of the stored field (a library leak, which goes last): the
                // trace still names the field, and its matcher still makes the leak a library leak.
                out.add(head, false);
            }
        } else if (newActivities && heads.containsKey(from)) {
            for (int[] a : listed.get(heads.get(from, -1))) {
                out.add(a[0], false);
            }
        }
    }

    /** How {@code from} refers to {@code to} by a reference the heap does not store, or null. */
    public Label label(int from, int to) {
        if (animatorClass >= 0 && isInstanceOf(from, animatorClass) && animatorTarget(from) == to) {
            return new Label("mTarget", false);
        }
        int list = newActivities ? heads.get(from, -1) : -1;
        if (list >= 0) {
            for (int[] a : listed.get(list)) {
                if (a[0] == to) {
                    return new Label("[" + a[1] + "]", true);
                }
            }
        }
        return null;
    }

    /** What an animator's {@code mTarget}, a plain {@code WeakReference}, holds; or -1. */
    private int animatorTarget(int animator) {
        int ref = h.objectField(animator, "mTarget");
        return ref >= 0 && isInstanceOf(ref, weakReferenceClass) ? h.objectField(ref, "referent") : -1;
    }

    /** The list from {@code head} through {@code nextIdle}: each destroyed activity and its place. */
    private int[][] destroyedActivities(int head) {
        List<int[]> out = new ArrayList<>();
        int index = 0;
        for (int r = head; r >= 0 && index < MAX_RECORDS; r = h.objectField(r, "nextIdle"), index++) {
            int activity = h.objectField(r, "activity");
            // As Shark: only activities whose mDestroyed says so (a missing field counts as not destroyed).
            if (activity >= 0 && Boolean.TRUE.equals(h.booleanField(activity, "mDestroyed"))) {
                out.add(new int[] {activity, index});
            }
        }
        return out.toArray(new int[0][]);
    }
}
