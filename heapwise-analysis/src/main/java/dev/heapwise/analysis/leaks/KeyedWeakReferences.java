package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import java.util.ArrayList;
import java.util.List;

/**
 * LeakCanary's watched references as Shark 2.14 reads them ({@code KeyedWeakReferenceMirror}):
 * instances of exactly {@code leakcanary.KeyedWeakReference} (LeakCanary 2) or
 * {@code com.squareup.leakcanary.KeyedWeakReference} (LeakCanary 1), with the durations measured
 * against LeakCanary 2's {@code heapDumpUptimeMillis} when the dump has it. Shark's
 * {@code KEYED_WEAK_REFERENCE} inspector, which says of any object on a trace that is watched
 * that it is leaking, is {@link #inspect}.
 */
final class KeyedWeakReferences {
    static final String LEAKCANARY2 = "leakcanary.KeyedWeakReference";
    static final List<String> CLASSES = List.of("com.squareup.leakcanary.KeyedWeakReference", LEAKCANARY2);

    /**
     * One reference.
     *
     * @param referent          the watched object, or -1 once cleared
     * @param retainedDuration  -1 while LeakCanary still waits for the object to go (not yet retained);
     *                          null, as the watch duration, when the dump does not say
     */
    record Watch(int referent, String key, String description, Long watchDuration, Long retainedDuration) {
        boolean retained() {
            return retainedDuration == null || retainedDuration != -1;
        }

        String reason() {
            return description.isEmpty() ? "ObjectWatcher was watching this"
                    : "ObjectWatcher was watching this because " + description;
        }

        List<String> labels() {
            List<String> out = new ArrayList<>(3);
            out.add("key = " + key);
            if (watchDuration != null) {
                out.add("watchDurationMillis = " + watchDuration);
            }
            if (retainedDuration != null) {
                out.add("retainedDurationMillis = " + retainedDuration);
            }
            return out;
        }
    }

    private KeyedWeakReferences() {}

    /** Which class indexes are exactly one of {@link #CLASSES}. */
    static boolean[] watchClasses(HeapGraph g) {
        boolean[] out = new boolean[g.classCount()];
        for (String name : CLASSES) {
            g.classesNamed(name).forEach(c -> out[c.index()] = true);
        }
        return out;
    }

    /** The reference's fields; reads the dump. */
    static Watch read(Hierarchy h, int reference, Long heapDumpUptime) {
        String cls = ObjectLabels.className(h.graph(), reference);
        Long watchDuration = null;
        Long retainedDuration = null;
        if (heapDumpUptime != null) {
            Long watchedAt = SharkValues.longValue(SharkValues.field(h, reference, cls, "watchUptimeMillis"));
            Long retainedAt = SharkValues.longValue(SharkValues.field(h, reference, cls, "retainedUptimeMillis"));
            watchDuration = watchedAt == null ? null : heapDumpUptime - watchedAt;
            retainedDuration = retainedAt == null ? null : retainedAt == -1 ? -1 : heapDumpUptime - retainedAt;
        }
        FieldValue description = SharkValues.field(h, reference, cls, "description");
        if (description == null) {
            description = SharkValues.field(h, reference, cls, "name"); // LeakCanary 1
        }
        String text = SharkValues.text(h, description);
        return new Watch(SharkValues.object(h, SharkValues.field(h, reference, "java.lang.ref.Reference", "referent")),
                String.valueOf(SharkValues.text(h, SharkValues.field(h, reference, cls, "key"))),
                text == null ? "Unknown (legacy)" : text, watchDuration, retainedDuration);
    }

    /** {@code leakcanary.KeyedWeakReference.heapDumpUptimeMillis}, or null. */
    static Long heapDumpUptime(HeapGraph g) {
        for (HeapClass c : g.classesNamed(LEAKCANARY2)) {
            for (FieldValue v : g.staticFields(c.index())) {
                if (v.name().equals("heapDumpUptimeMillis")) {
                    return SharkValues.longValue(v);
                }
            }
        }
        return null;
    }

    /**
     * Shark's {@code KEYED_WEAK_REFERENCE}: for each watched reference to the object (found among its
     * referrers, not by a pass over the heap), the reason and the key and durations as labels.
     */
    static ObjectInspector inspector() {
        return new ObjectInspector() {
            private RefCursor referrers;
            private Long heapDumpUptime;
            /** By class index: a watched reference's class; null when the dump has none (nothing to look at). */
            private boolean[] watch;
            private boolean started;

            @Override
            public void inspect(Hierarchy h, int object, List<String> leaking, List<String> notLeaking,
                    List<String> labels) {
                HeapGraph g = h.graph();
                if (!started) {
                    started = true;
                    boolean[] classes = watchClasses(g);
                    for (boolean c : classes) {
                        if (c) {
                            watch = classes;
                            referrers = g.inRefs();
                            heapDumpUptime = heapDumpUptime(g);
                            break;
                        }
                    }
                }
                if (watch == null) {
                    return;
                }
                Reporter r = new Reporter(leaking, notLeaking, labels);
                referrers.reset(object);
                for (int from = referrers.next(), previous = -1; from >= 0; previous = from, from = referrers.next()) {
                    if (from == previous || !watch[g.classOf(from)] || g.classIndexOfClassObject(from) >= 0) {
                        continue;
                    }
                    Watch w = read(h, from, heapDumpUptime);
                    if (w.referent() == object) {
                        r.leaking(w.reason());
                        w.labels().forEach(r::label);
                    }
                }
            }
        };
    }
}
