package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.HeapGraph;
import java.util.ArrayList;
import java.util.List;

/**
 * Objects LeakCanary was watching when the dump was taken, as Shark 2.14's finder: the referents of
 * {@code com.squareup.leakcanary.KeyedWeakReference} (LeakCanary 1) and
 * {@code leakcanary.KeyedWeakReference} (LeakCanary 2) instances that are still set. LeakCanary 2 also
 * marks whether the object was already considered retained ({@code retainedUptimeMillis != -1});
 * objects still within their grace period are left out when the dump says when it was taken. The
 * reason and details are the words of Shark's {@code KEYED_WEAK_REFERENCE} inspector. Reads each
 * reference once.
 */
public final class KeyedWeakReferenceFinder implements LeakFinder {
    public static final List<String> CLASSES = KeyedWeakReferences.CLASSES;

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
        Long dumpUptime = KeyedWeakReferences.heapDumpUptime(g);
        boolean[] watch = KeyedWeakReferences.watchClasses(g);
        List<LeakingObject> out = new ArrayList<>();
        for (int o = 0; o < g.objectCount(); o++) {
            if (!watch[g.classOf(o)] || g.classIndexOfClassObject(o) >= 0) {
                continue;
            }
            KeyedWeakReferences.Watch w = KeyedWeakReferences.read(h, o, dumpUptime);
            if (w.referent() >= 0 && w.retained()) { // else collected, or LeakCanary 2 still waits for it
                out.add(new LeakingObject(w.referent(), List.of(w.reason()), w.labels()));
            }
        }
        return out;
    }
}
