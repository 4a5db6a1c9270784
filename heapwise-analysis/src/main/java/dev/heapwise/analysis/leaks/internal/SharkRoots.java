package dev.heapwise.analysis.leaks.internal;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.leaks.ReferenceMatcher;
import dev.heapwise.analysis.paths.internal.PathSearch;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RootKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where the leak search starts, and in which order: Shark 2.14's roots ({@code HprofIndex}'s
 * default root tags, {@code GcRootProvider}), in one place.
 * <ul>
 * <li><b>Kinds</b>: JNI global, JNI local, Java frame, native stack, system class, thread block,
 *     busy monitor, thread object and JNI monitor roots; not VM-internal, unknown, interned-string,
 *     finalizing, debugger, reference-cleanup or unreachable ones, which Shark does not index, so an
 *     object held only by those has no trace. Also heapwise's own roots of formats without root
 *     records (class statics, held outside the dump): such a dump has no other. {@code allKinds}
 *     keeps every kind.
 * <li><b>Order</b>: thread objects first; then by kind, in descending order of the name of
 *     Shark's class for it ({@code VmInternal}, {@code Unreachable}, {@code Unknown},
 *     {@code ThreadBlock}, {@code StickyClass}, {@code ReferenceCleanup}, {@code NativeStack},
 *     {@code MonitorUsed}, {@code JniMonitor}, {@code JniLocal}, {@code JniGlobal},
 *     {@code JavaFrame}, {@code InternedString}, {@code Finalizing}, {@code Debugger}); then by the
 *     object's class name (a class object's: the class it is); then in dump order.
 * <li><b>Java frames</b>: Shark does not start from a Java frame whose thread has a thread-object
 *     root; it reaches its local from the thread object, as a low-priority {@code <Java Local>}
 *     reference, when it visits that thread, which it does before anything else (thread objects
 *     come first). heapwise starts from the local itself, queued last, and in the place Shark's
 *     queue gives it: after every other start, the threads' locals in the order of their threads,
 *     each thread's in dump order. A Java frame without such a thread starts in its kind's place,
 *     queued last, as in Shark.
 * <li><b>Priorities</b>: Java frames are queued last; so is a root a library-leak matcher names
 *     (Shark: JNI globals of a named class, and the locals of a named thread; heapwise's own
 *     {@code rootClass} matchers too), and one an ignored matcher names is not started from.
 *     Thread objects are queued with the other roots, as in Shark 2.14 (Shark 2.0 queued them
 *     last).
 * </ul>
 * An object may start several times (one per root record); {@link PathSearch} keeps the first,
 * unless a later one is not queued last and the first was. Cost: one pass over the roots, sorted;
 * allocates per root. Thread-safe if the matchers are used by one thread.
 */
public final class SharkRoots {
    /** The kinds Shark 2.14 indexes ({@code HprofIndex.defaultIndexedGcRootTags}). */
    public static final Set<RootKind> SHARK_KINDS = Collections.unmodifiableSet(EnumSet.of(RootKind.JNI_GLOBAL,
            RootKind.JAVA_FRAME, RootKind.JNI_LOCAL, RootKind.MONITOR_USED, RootKind.NATIVE_STACK,
            RootKind.STICKY_CLASS, RootKind.THREAD_BLOCK, RootKind.THREAD_OBJECT, RootKind.JNI_MONITOR));
    /** heapwise's roots for formats without root records: the only roots such a dump has. */
    public static final Set<RootKind> SYNTHESIZED_KINDS = Collections.unmodifiableSet(
            EnumSet.of(RootKind.CLASS_STATICS, RootKind.HELD_OUTSIDE_DUMP));

    private SharkRoots() {}

    /** Whether the leak search starts from roots of this kind (by default, or with every kind). */
    public static boolean started(RootKind k, boolean allKinds) {
        return allKinds || SHARK_KINDS.contains(k) || SYNTHESIZED_KINDS.contains(k);
    }

    /** The starts, in the order they are queued. */
    public static List<PathSearch.Start> starts(HeapGraph g, MatcherEdges matchers, boolean allKinds) {
        List<GcRoot> kept = new ArrayList<>();
        for (GcRoot r : g.roots()) {
            if (started(r.kind(), allKinds)) {
                kept.add(r);
            }
        }
        List<GcRoot> sorted = new ArrayList<>(kept);
        sorted.sort(order(g)); // stable: dump order within a kind and class name
        // Threads with a thread object among the roots, in Shark's order of those roots.
        Map<Integer, List<GcRoot>> localsByThread = new LinkedHashMap<>();
        for (GcRoot r : sorted) {
            if (r.kind() == RootKind.THREAD_OBJECT && r.threadSerial() >= 0) {
                localsByThread.putIfAbsent(r.threadSerial(), new ArrayList<>());
            }
        }
        for (GcRoot r : kept) { // dump order within a thread, as Shark lists a thread's frames
            List<GcRoot> locals = r.kind() == RootKind.JAVA_FRAME ? localsByThread.get(r.threadSerial()) : null;
            if (locals != null) {
                locals.add(r);
            }
        }
        List<PathSearch.Start> out = new ArrayList<>(kept.size());
        for (GcRoot r : sorted) {
            if (r.kind() != RootKind.JAVA_FRAME || !localsByThread.containsKey(r.threadSerial())) {
                add(out, r, matchers);
            }
        }
        for (List<GcRoot> locals : localsByThread.values()) { // reached from their threads: after every other start
            for (GcRoot r : locals) {
                add(out, r, matchers);
            }
        }
        return out;
    }

    private static void add(List<PathSearch.Start> out, GcRoot r, MatcherEdges matchers) {
        ReferenceMatcher m = matchers.root(r);
        if (m != null && m.ignored()) {
            return;
        }
        boolean last = m != null || r.kind() == RootKind.JAVA_FRAME;
        out.add(new PathSearch.Start(r.object(), r, last));
    }

    /**
     * Shark's {@code sortedGcRoots}, given the graph for the class names: thread objects first, then
     * kinds by their Shark class name descending, then the object's class name.
     */
    private static Comparator<GcRoot> order(HeapGraph g) {
        return Comparator.<GcRoot>comparingInt(r -> r.kind() == RootKind.THREAD_OBJECT ? 0 : 1)
                .thenComparing(r -> sharkName(r.kind()), Comparator.reverseOrder())
                .thenComparing(r -> ObjectLabels.className(g, r.object()));
    }

    /** The simple name of Shark's {@code GcRoot} class for a kind (heapwise's own kinds: a name of their own). */
    static String sharkName(RootKind k) {
        return switch (k) {
            case UNKNOWN -> "Unknown";
            case JNI_GLOBAL -> "JniGlobal";
            case JNI_LOCAL -> "JniLocal";
            case JAVA_FRAME -> "JavaFrame";
            case NATIVE_STACK -> "NativeStack";
            case STICKY_CLASS -> "StickyClass";
            case THREAD_BLOCK -> "ThreadBlock";
            case MONITOR_USED -> "MonitorUsed";
            case THREAD_OBJECT -> "ThreadObject";
            case INTERNED_STRING -> "InternedString";
            case FINALIZING -> "Finalizing";
            case DEBUGGER -> "Debugger";
            case REFERENCE_CLEANUP -> "ReferenceCleanup";
            case VM_INTERNAL -> "VmInternal";
            case JNI_MONITOR -> "JniMonitor";
            case UNREACHABLE -> "Unreachable";
            case CLASS_STATICS -> "ClassStatics";
            case HELD_OUTSIDE_DUMP -> "HeldOutsideDump";
        };
    }
}
