package dev.heapwise.walker;

import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.Reference;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.internal.LongList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A callback that checks each object's reported slots, as soon as its last call arrives, against
 * what the graph's slow value API reads from the dump (fields, array elements; stored links for
 * class objects), and counts visits per object. Also notes where the fixture's LocalHeld object is
 * visited and how many system-class roots there are.
 */
final class SlotChecker implements HeapInfoCallback {
    final HeapGraph g;
    final boolean includeNulls;
    final long[] visits;
    LongList current = new LongList();
    final List<String> mismatches = new ArrayList<>();
    ContainerType container;
    long containerId1;
    long localHeldVisitedInThread = -1;
    int systemClassRoots;
    int localHeld = -1;

    SlotChecker(HeapGraph g, boolean includeNulls) {
        this.g = g;
        this.includeNulls = includeNulls;
        this.visits = new long[g.objectCount()];
        List<HeapClass> lh = g.classesNamed("dev.heapwise.hprof.fixture.FixtureProgram$LocalHeld");
        if (!lh.isEmpty()) {
            for (int o = 0; o < g.objectCount(); o++) {
                if (g.classOf(o) == lh.getFirst().index() && g.kind(o) != ObjectKind.CLASS) {
                    localHeld = o;
                }
            }
        }
    }

    @Override
    public WalkAction beginContainer(ContainerType type, long id1, long id2) {
        container = type;
        containerId1 = id1;
        if (type == ContainerType.ROOTS && ContainerType.rootKind(id1) == RootKind.STICKY_CLASS) {
            systemClassRoots = (int) id2;
        }
        return WalkAction.CONTINUE;
    }

    @Override
    public WalkAction objectReferences(long objectId, int flags, long[] refs, int[] refFlags, int count) {
        for (int i = 0; i < count; i++) {
            current.add(refs[i]);
        }
        if ((flags & ObjectFlags.MORE_REFERENCES) == 0) {
            int o = g.indexOf(objectId);
            visits[o]++;
            if (o == localHeld && container == ContainerType.THREAD) {
                localHeldVisitedInThread = containerId1;
            }
            long[] expected = expected(o);
            long[] got = current.toArray();
            if (!Arrays.equals(expected, got) && mismatches.size() < 10) {
                mismatches.add(g.heapClass(g.classOf(o)).name() + " " + Long.toHexString(objectId) + ": expected "
                        + Arrays.toString(expected) + " got " + Arrays.toString(got));
            }
            current = new LongList();
        }
        return WalkAction.CONTINUE;
    }

    /** The object's slots from the dump (fields, elements) or, for class objects, its stored links. */
    private long[] expected(int o) {
        LongList out = new LongList();
        switch (g.kind(o)) {
            case INSTANCE -> {
                for (FieldValue v : g.fields(o)) {
                    if (v.isReference() && keep(v.raw())) {
                        out.add(v.raw());
                    }
                }
            }
            case OBJECT_ARRAY -> {
                for (long id : g.readObjectArray(o, 0, (int) g.arrayLength(o))) {
                    if (keep(id)) {
                        out.add(id);
                    }
                }
            }
            case CLASS -> {
                for (Reference r : g.references(o)) {
                    out.add(g.id(r.to()));
                }
            }
            case PRIMITIVE_ARRAY -> { }
        }
        return out.toArray();
    }

    private boolean keep(long id) {
        return includeNulls || (id != 0 && g.indexOf(id) >= 0);
    }
}
