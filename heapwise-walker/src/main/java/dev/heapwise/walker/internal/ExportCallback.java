package dev.heapwise.walker.internal;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.Reference;
import dev.heapwise.walker.ExportSink;
import dev.heapwise.walker.HeapInfoCallback;
import dev.heapwise.walker.ObjectFlags;
import dev.heapwise.walker.WalkAction;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a walk (with null slots reported, so that a reference's position names its field) into
 * export calls: the object when its first objectReferences call arrives, then each non-null,
 * resolvable reference with its field name or element index. An I/O error of the sink fails the
 * walk (the callback returns FAIL) and is kept for the caller to rethrow.
 *
 * <p>Per object: O(1) lookups, no allocation, except for class objects, whose link labels come
 * from {@code HeapGraph.references} (a dump read; there are few class objects).
 */
public final class ExportCallback implements HeapInfoCallback {
    private final HeapGraph graph;
    private final ExportSink sink;
    private final ClassSlots slots;

    private boolean inObject;
    private long position;
    private ObjectKind kind;
    private String[] fieldNames;
    private List<String> classLinkLabels;
    private long objects;
    private long references;
    private IOException failure;

    public ExportCallback(HeapGraph graph, ExportSink sink, ClassSlots slots) {
        this.graph = graph;
        this.sink = sink;
        this.slots = slots;
    }

    @Override
    public WalkAction objectReferences(long objectId, int flags, long[] refs, int[] refFlags, int count) {
        try {
            if (!inObject) {
                startObject(objectId);
            }
            for (int i = 0; i < count; i++) {
                long to = refs[i];
                if (to == 0 || (refFlags[i] & ObjectFlags.MISSING) != 0) {
                    continue;
                }
                long slot = position + i;
                switch (kind) {
                    case OBJECT_ARRAY -> sink.reference(objectId, to, null, slot);
                    case CLASS -> sink.reference(objectId, to, label(classLinkLabels, slot), -1);
                    default -> sink.reference(objectId, to, slot < fieldNames.length ? fieldNames[(int) slot] : "?", -1);
                }
                references++;
            }
        } catch (IOException e) {
            failure = e;
            return WalkAction.FAIL;
        }
        position += count;
        if ((flags & ObjectFlags.MORE_REFERENCES) == 0) {
            inObject = false;
        }
        return WalkAction.CONTINUE;
    }

    private void startObject(long objectId) throws IOException {
        inObject = true;
        position = 0;
        int o = graph.indexOf(objectId);
        kind = graph.kind(o);
        int cls = graph.classOf(o);
        String represented = null;
        fieldNames = null;
        classLinkLabels = null;
        if (kind == ObjectKind.INSTANCE) {
            fieldNames = slots.names(cls);
        } else if (kind == ObjectKind.CLASS) {
            int c = graph.classIndexOfClassObject(o);
            represented = c >= 0 ? graph.heapClass(c).name() : null;
            classLinkLabels = new ArrayList<>();
            for (Reference r : graph.references(o)) {
                if (r.kind() != Reference.Kind.DEFINED_CLASS) {
                    classLinkLabels.add(r.label());
                }
            }
        }
        sink.object(objectId, graph.heapClass(cls).name(), graph.shallowSize(o), represented);
        objects++;
    }

    private static String label(List<String> labels, long slot) {
        return slot < labels.size() ? labels.get((int) slot) : "?";
    }

    public long objects() {
        return objects;
    }

    public long references() {
        return references;
    }

    /** The sink's I/O error that stopped the walk, or null. */
    public IOException failure() {
        return failure;
    }
}
