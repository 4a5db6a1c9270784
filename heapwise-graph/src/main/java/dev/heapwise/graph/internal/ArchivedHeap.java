package dev.heapwise.graph.internal;

import dev.heapwise.graph.HeapClass;
import java.io.IOException;
import java.util.List;

/**
 * Tells the references a HotSpot dump leaves dangling by design from a real gap in a dump.
 *
 * <p>HotSpot maps a part of its class-data sharing (CDS) archive into the heap: the archived heap,
 * objects made when the JDK was built. Among them are the mirrors ({@code java.lang.Class}
 * objects) of the archived classes, held by the archive's root array (a {@code java.lang.Object[]};
 * newer JDKs split it into a few segments) until their class is loaded. A heap dump writes a class
 * object only for a loaded class, but writes the root array with all its elements: so a dump of
 * JDK 17 or later with CDS on (the default) holds references from that array to hundreds of
 * mirrors it does not contain (with {@code -Xshare:off} it holds none). No object of the dump
 * references the root array (a JNI global root holds it).
 *
 * <p>So the unresolved references are taken as the archived heap's when every one of them is an
 * element of one of a few {@code java.lang.Object[]} arrays of a HotSpot dump that no object of the
 * dump references; otherwise they are a real gap, and all of them are reported as such.
 */
final class ArchivedHeap {
    /** Root arrays at most: the root array, or its segments. */
    static final int MAX_ROOT_ARRAYS = 16;

    private ArchivedHeap() {}

    /**
     * How many of the reference pass's unresolved references lead into the archived heap: all of
     * them, or 0. Reads the class column and the inbound offsets of at most
     * {@link #MAX_ROOT_ARRAYS} objects, and only when references are unresolved.
     */
    static long references(ReferenceIndexer.Result refs, String vm, IndexStore.Draft draft,
            List<ClassTable.Slot> slots) throws IOException {
        MissingReferrers holders = refs.missingReferrers();
        if (refs.unresolved() == 0 || !"hotspot".equals(vm) || holders.total() != refs.unresolved()
                || holders.overflowed() || holders.size() > MAX_ROOT_ARRAYS) {
            return 0;
        }
        try (IndexStore.Mapping classMap = draft.mapRead(draft.file(Columns.CLASS));
                IndexStore.Mapping inMap = draft.mapRead(draft.file(Columns.IN_OFFSETS))) {
            PackedLongs classes = PackedLongs.open(classMap.segment(), Columns.CLASS);
            EliasFano inOffsets = EliasFano.open(inMap.segment(), Columns.IN_OFFSETS);
            for (int i = 0; i < holders.size(); i++) {
                int object = holders.object(i);
                ClassTable.Slot cls = slots.get((int) classes.get(object));
                boolean objectArray = cls.shape() == HeapClass.Shape.OBJECT_ARRAY
                        && cls.name().equals("java.lang.Object[]");
                if (!objectArray || inOffsets.get(object + 1L) != inOffsets.get(object)) {
                    return 0;
                }
            }
        }
        return refs.unresolved();
    }
}
