package dev.heapwise.walker.internal;

import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RefCursor;

/**
 * Reference slots of a {@link HeapGraph}'s objects, as the walk reports them.
 *
 * <p>The graph's reference index (CSR) holds, per object and in slot order, only the references
 * that resolve to an object: nulls and dangling ids are left out, so it cannot say <em>which</em>
 * slot was null. Hence two paths:
 * <ul>
 *   <li><b>index path</b> (no dump read, no allocation): whenever the slots need no nulls
 *       (nulls not wanted, class objects, primitive arrays), or when the object's stored
 *       reference count equals its slot count, so that it has no null or dangling slot and the
 *       stored references are its slots one for one;</li>
 *   <li><b>dump path</b>: otherwise, the slots are read from the dump: {@code HeapGraph.fields}
 *       for an instance (one positional read, allocates a list), {@code readObjectArray} per
 *       batch for an array (one read and one {@code long[]} per batch).</li>
 * </ul>
 * With nulls wanted, every object array also costs one small read to learn its length (the index
 * keeps no array lengths). Loaders' trailing defined-class entries ({@link DefinedClassEdges}) and
 * thread objects' trailing references to what their stacks hold
 * ({@link HeapGraph#localReferenceCount}) are dropped: they are no slots of the object, and the
 * walk reports a thread's locals as its container's root references.
 *
 * <p>One instance per walk; not thread-safe (it owns a cursor).
 */
public final class GraphReferences implements ReferenceSource {
    private static final int INDEX = 0;
    private static final int BUFFER = 1;
    private static final int ARRAY = 2;

    private final HeapGraph graph;
    private final boolean includeNulls;
    private final RefCursor cursor;
    private final ClassSlots slots;
    private final DefinedClassEdges definedClasses;

    private int mode;
    private long remaining;
    private long[] buffer = new long[16];
    private int bufferPos;
    private int array;
    private long arrayPos;
    private long dumpReads;

    public GraphReferences(HeapGraph graph, boolean includeNulls) {
        this(graph, includeNulls, new ClassSlots(graph), new DefinedClassEdges(graph));
    }

    public GraphReferences(HeapGraph graph, boolean includeNulls, ClassSlots slots, DefinedClassEdges definedClasses) {
        this.graph = graph;
        this.includeNulls = includeNulls;
        this.cursor = graph.outRefs();
        this.slots = slots;
        this.definedClasses = definedClasses;
    }

    @Override
    public int objectCount() {
        return graph.objectCount();
    }

    @Override
    public long id(int object) {
        return graph.id(object);
    }

    @Override
    public void open(int object) {
        cursor.reset(object);
        long stored = cursor.count() - definedClasses.count(object) - graph.localReferenceCount(object);
        ObjectKind kind = graph.kind(object);
        if (!includeNulls || kind == ObjectKind.CLASS || kind == ObjectKind.PRIMITIVE_ARRAY) {
            fromIndex(stored);
        } else if (kind == ObjectKind.INSTANCE) {
            if (stored == slots.count(graph.classOf(object))) {
                fromIndex(stored);
            } else {
                fromFields(object);
            }
        } else {
            long length = Math.max(0, graph.arrayLength(object));
            if (stored == length) {
                fromIndex(stored);
            } else {
                dumpReads++;
                mode = ARRAY;
                array = object;
                arrayPos = 0;
                remaining = length;
            }
        }
    }

    private void fromIndex(long stored) {
        mode = INDEX;
        remaining = Math.max(0, stored);
    }

    private void fromFields(int object) {
        dumpReads++;
        mode = BUFFER;
        bufferPos = 0;
        int n = 0;
        for (FieldValue v : graph.fields(object)) {
            if (v.isReference()) {
                if (n == buffer.length) {
                    buffer = java.util.Arrays.copyOf(buffer, n * 2);
                }
                buffer[n++] = v.raw();
            }
        }
        remaining = n;
    }

    @Override
    public boolean hasMore() {
        return remaining > 0;
    }

    @Override
    public int read(long[] ids, int[] targets, int max) {
        int count = (int) Math.min(max, remaining);
        switch (mode) {
            case INDEX -> {
                for (int i = 0; i < count; i++) {
                    int t = cursor.next();
                    targets[i] = t;
                    ids[i] = graph.id(t);
                }
            }
            case BUFFER -> {
                for (int i = 0; i < count; i++) {
                    resolve(buffer[bufferPos++], ids, targets, i);
                }
            }
            default -> {
                long[] chunk = graph.readObjectArray(array, arrayPos, count);
                for (int i = 0; i < chunk.length; i++) {
                    resolve(chunk[i], ids, targets, i);
                }
                arrayPos += chunk.length;
                if (chunk.length < count) {
                    // The dump holds fewer elements than the array header says (a cut-short dump).
                    remaining = 0;
                    return chunk.length;
                }
            }
        }
        remaining -= count;
        return count;
    }

    private void resolve(long id, long[] ids, int[] targets, int i) {
        ids[i] = id;
        targets[i] = id == 0 ? -1 : graph.indexOf(id);
    }

    @Override
    public long dumpReads() {
        return dumpReads;
    }
}
