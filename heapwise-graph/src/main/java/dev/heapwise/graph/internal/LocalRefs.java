package dev.heapwise.graph.internal;

import dev.heapwise.graph.RootKind;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The references from thread objects to the objects their stacks hold, Eclipse MAT's thread →
 * local references, worked out from the GC roots alone: a root of a kind held by a thread
 * ({@link RootKind#heldByThread()}) whose thread serial a {@link RootKind#THREAD_OBJECT} root names
 * is held by that thread object (the first such root of the serial). The build appends each thread
 * object's locals to its references; the open graph names them from the same lists: both see one
 * order, by frame, top first, frameless roots last, then in root order, each object once per
 * thread (named after its first root in that order).
 *
 * <p>Since the thread object is itself a root, nothing becomes unreachable by this: its locals are
 * reached through it. A few Java objects per thread and, when the dump has thread objects, one int
 * per root. Immutable once made; thread-safe.
 */
final class LocalRefs {
    private static final int[][] NO_LISTS = new int[0][];

    /** Thread objects with locals, ascending. */
    private final int[] threads;
    /** Per thread object, the objects its stack holds, in reference order. */
    private final int[][] targets;
    /** Per thread object, parallel to {@link #targets}: the root that names each reference. */
    private final int[][] namingRoots;
    private final long total;

    private LocalRefs(int[] threads, int[][] targets, int[][] namingRoots) {
        this.threads = threads;
        this.targets = targets;
        this.namingRoots = namingRoots;
        long t = 0;
        for (int[] l : targets) {
            t += l.length;
        }
        this.total = t;
    }

    /** Works out the locals of every thread object and sets each root's holder in {@code roots}. */
    static LocalRefs of(RootColumns roots) {
        Map<Integer, Integer> threadBySerial = new HashMap<>();
        for (int i = 0; i < roots.size(); i++) {
            if (roots.kind(i) == RootKind.THREAD_OBJECT && roots.thread(i) >= 0) {
                threadBySerial.putIfAbsent(roots.thread(i), roots.object(i));
            }
        }
        if (threadBySerial.isEmpty()) {
            roots.setHolders(null);
            return new LocalRefs(new int[0], NO_LISTS, NO_LISTS);
        }
        int[] holders = new int[roots.size()];
        Map<Integer, IntList> heldRoots = new HashMap<>();
        for (int i = 0; i < roots.size(); i++) {
            Integer thread = roots.kind(i).heldByThread() ? threadBySerial.get(roots.thread(i)) : null;
            holders[i] = thread == null ? -1 : thread;
            if (thread != null) {
                heldRoots.computeIfAbsent(thread, k -> new IntList(16)).add(i);
            }
        }
        roots.setHolders(holders);
        int[] threads = heldRoots.keySet().stream().mapToInt(Integer::intValue).sorted().toArray();
        int[][] targets = new int[threads.length][];
        int[][] naming = new int[threads.length][];
        for (int t = 0; t < threads.length; t++) {
            int[] order = heldRoots.get(threads[t]).toArray();
            // Top frame first, frameless roots last; root order within a frame (the sort is stable).
            Integer[] boxed = Arrays.stream(order).boxed().toArray(Integer[]::new);
            Arrays.sort(boxed, (a, b) -> Integer.compareUnsigned(roots.frame(a), roots.frame(b)));
            IntList objects = new IntList(boxed.length);
            IntList names = new IntList(boxed.length);
            java.util.Set<Integer> seen = new java.util.HashSet<>();
            for (int r : boxed) {
                if (seen.add(roots.object(r))) {
                    objects.add(roots.object(r));
                    names.add(r);
                }
            }
            targets[t] = objects.toArray();
            naming[t] = names.toArray();
        }
        return new LocalRefs(threads, targets, naming);
    }

    /** How many thread → local references there are in all. */
    long total() {
        return total;
    }

    /** Thread objects with locals, ascending (do not modify). */
    int[] threads() {
        return threads;
    }

    /** The position of {@code object} in {@link #threads()}, or -1. O(log threads). */
    int slot(int object) {
        int i = Arrays.binarySearch(threads, object);
        return i < 0 ? -1 : i;
    }

    /** The first position in {@link #threads()} whose thread object is {@code object} or after it. */
    int firstSlotAtOrAfter(int object) {
        int i = Arrays.binarySearch(threads, object);
        return i < 0 ? -i - 1 : i;
    }

    /** The objects held by the thread object at {@code slot}, in reference order (do not modify). */
    int[] targets(int slot) {
        return targets[slot];
    }

    /** The roots that name the references of {@code slot}, parallel to {@link #targets} (do not modify). */
    int[] namingRoots(int slot) {
        return namingRoots[slot];
    }

    /** How many thread → local references {@code object} has (0 for anything but a thread object). */
    int count(int object) {
        int s = slot(object);
        return s < 0 ? 0 : targets[s].length;
    }
}
