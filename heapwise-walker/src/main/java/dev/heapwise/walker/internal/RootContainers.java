package dev.heapwise.walker.internal;

import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.internal.IntList;
import dev.heapwise.walker.ContainerType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Groups a graph's GC roots into the walk's root containers:
 * <ol>
 *   <li>one {@link ContainerType#THREAD} container per thread, in the dump's thread order (then
 *       any other thread serial that roots name, ascending), holding that thread's stack roots:
 *       its thread object first, then the Java-frame and JNI-local roots frame by frame from the
 *       top, then the roots without a frame (thread block, JNI locals of an empty stack), each
 *       group in dump order;</li>
 *   <li>one {@link ContainerType#ROOTS} container per other root kind present, in
 *       {@link RootKind} order (JNI global, native stack, system class, busy monitor, ...), each
 *       in dump order. Stack kinds without a thread serial land here too.</li>
 * </ol>
 * Allocates per root and per thread, never per heap object.
 */
public final class RootContainers {
    private RootContainers() {}

    static boolean isStackKind(RootKind k) {
        return k == RootKind.THREAD_OBJECT || k == RootKind.JAVA_FRAME || k == RootKind.JNI_LOCAL
                || k == RootKind.THREAD_BLOCK;
    }

    public static List<RootContainer> of(HeapGraph graph) {
        Map<Integer, LongListOfKeys> byThread = new LinkedHashMap<>();
        Map<Integer, Long> threadObjects = new LinkedHashMap<>();
        for (HeapThread t : graph.threads()) {
            byThread.putIfAbsent(t.serial(), new LongListOfKeys());
            if (t.objectIndex() >= 0) {
                threadObjects.putIfAbsent(t.serial(), graph.id(t.objectIndex()));
            }
        }
        int known = byThread.size();
        Map<Integer, LongListOfKeys> extra = new java.util.TreeMap<>();
        Map<RootKind, IntList> byKind = new EnumMap<>(RootKind.class);
        int rootCount = graph.rootCount();
        for (int i = 0; i < rootCount; i++) {
            GcRoot r = graph.root(i);
            if (isStackKind(r.kind()) && r.threadSerial() >= 0) {
                LongListOfKeys list = byThread.containsKey(r.threadSerial()) ? byThread.get(r.threadSerial())
                        : extra.computeIfAbsent(r.threadSerial(), s -> new LongListOfKeys());
                // Sort key: thread object first, then frames top down, then frameless roots.
                long key = r.kind() == RootKind.THREAD_OBJECT ? 0 : r.frame() >= 0 ? 1L + r.frame() : Integer.MAX_VALUE;
                list.add((key << 32) | i);
                if (r.kind() == RootKind.THREAD_OBJECT) {
                    threadObjects.putIfAbsent(r.threadSerial(), graph.id(r.object()));
                }
            } else {
                byKind.computeIfAbsent(r.kind(), k -> new IntList(16)).add(r.object());
            }
        }
        List<RootContainer> out = new ArrayList<>(known + extra.size() + byKind.size());
        Map<Integer, LongListOfKeys> all = new LinkedHashMap<>(byThread);
        all.putAll(extra);
        for (Map.Entry<Integer, LongListOfKeys> e : all.entrySet()) {
            long[] keys = e.getValue().sorted();
            int[] objects = new int[keys.length];
            for (int j = 0; j < keys.length; j++) {
                objects[j] = graph.root((int) keys[j]).object();
            }
            out.add(new RootContainer(ContainerType.THREAD, threadObjects.getOrDefault(e.getKey(), 0L), e.getKey(),
                    objects));
        }
        for (Map.Entry<RootKind, IntList> e : byKind.entrySet()) {
            int[] objects = e.getValue().toArray();
            out.add(new RootContainer(ContainerType.ROOTS, e.getKey().ordinal(), objects.length, objects));
        }
        return out;
    }

    /** The one {@link ContainerType#SELECTED} container of a walk that starts from chosen objects. */
    public static List<RootContainer> selected(int[] objects) {
        return List.of(new RootContainer(ContainerType.SELECTED, 0, objects.length, objects.clone()));
    }

    /** Every root object of the containers, duplicates included: the start set for hop counts. */
    public static int[] startObjects(List<RootContainer> containers) {
        IntList all = new IntList(64);
        for (RootContainer c : containers) {
            for (int o : c.objects()) {
                all.add(o);
            }
        }
        return all.toArray();
    }

    /** Primitive sort keys ({@code key << 32 | root index}): sorting keeps dump order within a key. */
    private static final class LongListOfKeys {
        private long[] a = new long[8];
        private int size;

        void add(long v) {
            if (size == a.length) {
                a = Arrays.copyOf(a, size * 2);
            }
            a[size++] = v;
        }

        long[] sorted() {
            long[] out = Arrays.copyOf(a, size);
            Arrays.sort(out);
            return out;
        }
    }
}
