package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.StaticField;
import java.util.ArrayList;
import java.util.List;

/**
 * Objects LeakCanary was watching when the dump was taken: the referents of
 * {@code com.squareup.leakcanary.KeyedWeakReference} (LeakCanary 1) and
 * {@code leakcanary.KeyedWeakReference} (LeakCanary 2) that are still set. LeakCanary 2 also marks
 * whether the object was already considered retained ({@code retainedUptimeMillis != -1}); objects
 * still within their grace period are left out, as Shark does. Reads each reference once.
 */
public final class KeyedWeakReferenceFinder implements LeakFinder {
    public static final List<String> CLASSES = List.of("com.squareup.leakcanary.KeyedWeakReference",
            "leakcanary.KeyedWeakReference");

    @Override
    public String name() {
        return "KeyedWeakReference";
    }

    @Override
    public boolean appliesTo(Hierarchy h) {
        return CLASSES.stream().anyMatch(h::anyClass);
    }

    @Override
    public List<LeakingObject> find(Hierarchy h) {
        HeapGraph g = h.graph();
        List<LeakingObject> out = new ArrayList<>();
        for (String name : CLASSES) {
            if (!h.anyClass(name)) {
                continue;
            }
            boolean[] kwr = h.subclasses(name);
            Long dumpUptime = heapDumpUptime(g, name);
            for (int o = 0; o < g.objectCount(); o++) {
                if (!kwr[g.classOf(o)] || g.classIndexOfClassObject(o) >= 0) {
                    continue;
                }
                int referent = h.objectField(o, "referent");
                if (referent < 0) {
                    continue; // cleared: the object was collected
                }
                Long retainedAt = h.longField(o, "retainedUptimeMillis");
                if (retainedAt != null && retainedAt == -1) {
                    continue; // LeakCanary 2: still within the watch delay
                }
                String description = h.stringField(o, "description");
                if (description == null) {
                    description = h.stringField(o, "name");
                }
                String key = h.stringField(o, "key");
                List<String> details = new ArrayList<>();
                if (key != null) {
                    details.add("key = " + key);
                }
                Long watchedAt = h.longField(o, "watchUptimeMillis");
                if (watchedAt != null && dumpUptime != null) {
                    details.add("watchDurationMillis = " + (dumpUptime - watchedAt));
                }
                if (retainedAt != null && dumpUptime != null) {
                    details.add("retainedDurationMillis = " + (dumpUptime - retainedAt));
                }
                String why = (name.startsWith("leakcanary") ? "ObjectWatcher" : "RefWatcher") + " was watching this"
                        + (description == null || description.isEmpty() ? "" : " because " + description)
                        + " and " + Hierarchy.simpleName(name) + ".referent is not null";
                out.add(new LeakingObject(referent, List.of(why), details));
            }
        }
        return out;
    }

    private static Long heapDumpUptime(HeapGraph g, String name) {
        for (HeapClass c : g.classesNamed(name)) {
            for (StaticField s : c.statics()) {
                if (s.name().equals("heapDumpUptimeMillis") && !s.type().equals(dev.heapwise.graph.FieldType.OBJECT)) {
                    return s.raw();
                }
            }
        }
        return null;
    }
}
