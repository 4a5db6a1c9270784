package dev.heapwise.analysis.paths;

import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.StackFrame;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The GC roots a search for paths starts from, by object: the root records that make each object
 * a root, the one shown first (a class or JNI global before a stack frame before a thread), and
 * words for a person ("Java frame of thread main at Foo.run(Foo.java:12)"). Built once from the
 * root list (allocates per root object); thread-safe reads.
 *
 * <p>Which roots count is decided here, once for every path search. {@link #RootIndex(HeapGraph)}
 * takes the roots that {@link GcRoot#startsReachability() start reachability}, as the dominator
 * tree does (Eclipse MAT's view): an object that only a thread's stack holds is reached through
 * that thread object's {@link dev.heapwise.graph.Reference.Kind#LOCAL} reference, so its path
 * reads {@code Thread main --<local in frame 3: …>--> object}. {@link #everyRoot(HeapGraph)} takes
 * every root record, locals included, and a search with it does not follow those references
 * (Shark's view, whose leak traces start at the local and name its thread and frame).
 */
public final class RootIndex {
    private final HeapGraph g;
    private final boolean localsAreRoots;
    private final Map<Integer, List<GcRoot>> byObject = new HashMap<>();
    private final List<Integer> objects = new ArrayList<>();
    private Map<Integer, HeapThread> threads;

    /** The roots reachability starts from: a thread's local is reached through its thread. */
    public RootIndex(HeapGraph g) {
        this(g, false);
    }

    /** Every root record, a thread's locals included: searches do not follow thread → local references. */
    public static RootIndex everyRoot(HeapGraph g) {
        return new RootIndex(g, true);
    }

    private RootIndex(HeapGraph g, boolean localsAreRoots) {
        this.g = g;
        this.localsAreRoots = localsAreRoots;
        for (GcRoot r : g.roots()) {
            if (!localsAreRoots && !r.startsReachability()) {
                continue;
            }
            List<GcRoot> l = byObject.get(r.object());
            if (l == null) {
                byObject.put(r.object(), l = new ArrayList<>(1));
                objects.add(r.object());
            }
            l.add(r);
        }
        for (List<GcRoot> l : byObject.values()) {
            l.sort((a, b) -> Integer.compare(rank(a.kind()), rank(b.kind())));
        }
    }

    /** Lower shows first: roots that hold for good before per-thread ones. */
    static int rank(RootKind k) {
        return switch (k) {
            case STICKY_CLASS, CLASS_STATICS -> 0;
            case JNI_GLOBAL -> 1;
            case THREAD_BLOCK, MONITOR_USED, JNI_MONITOR, NATIVE_STACK, VM_INTERNAL, INTERNED_STRING, DEBUGGER,
                    REFERENCE_CLEANUP, UNKNOWN, HELD_OUTSIDE_DUMP -> 2;
            case FINALIZING -> 3;
            case JAVA_FRAME, JNI_LOCAL -> 4;
            case THREAD_OBJECT -> 5;
            case UNREACHABLE -> 6;
        };
    }

    /**
     * Whether a thread's locals are roots here ({@link #everyRoot}): a search then leaves out the
     * thread → local references ({@link HeapGraph#localReferenceCount}, the last of a thread
     * object's references), which would reach them a second way.
     */
    public boolean localsAreRoots() {
        return localsAreRoots;
    }

    /**
     * Below which ordinal ({@link dev.heapwise.graph.RefCursor#ordinal}, the place in the stored
     * row) a search follows {@code object}'s references: all of them, but with {@link
     * #localsAreRoots()} not a thread object's locals, which end its row. O(log threads).
     */
    public long followedReferences(int object) {
        int locals = localsAreRoots ? g.localReferenceCount(object) : 0;
        return locals == 0 ? Long.MAX_VALUE : g.outRefsBefore(object + 1) - g.outRefsBefore(object) - locals;
    }

    /** Root objects, each once, in the order of their first root record. */
    public List<Integer> objects() {
        return objects;
    }

    /** The root record shown for an object, or null if it is no root. */
    public GcRoot primary(int object) {
        List<GcRoot> l = byObject.get(object);
        return l == null ? null : l.getFirst();
    }

    public List<GcRoot> all(int object) {
        return byObject.getOrDefault(object, List.of());
    }

    /**
     * Words for a root: the kind's label, and for stack roots the thread and frame, e.g.
     * {@code Java frame: thread "main", at Foo.run(Foo.java:12)}.
     */
    public String describe(GcRoot r) {
        StringBuilder sb = new StringBuilder(r.kind().label());
        if (r.threadSerial() >= 0) {
            HeapThread t = thread(r.threadSerial());
            if (t != null) {
                sb.append(": thread \"").append(t.name()).append('"');
                if (r.frame() >= 0 && r.frame() < t.frames().size()) {
                    StackFrame f = t.frames().get(r.frame());
                    sb.append(", at ").append(f.display());
                }
            }
        }
        return sb.toString();
    }

    /** The thread with this serial number, or null. */
    public synchronized HeapThread thread(int serial) {
        if (threads == null) {
            threads = new HashMap<>();
            for (HeapThread t : g.threads()) {
                threads.put(t.serial(), t);
            }
        }
        return threads.get(serial);
    }
}
