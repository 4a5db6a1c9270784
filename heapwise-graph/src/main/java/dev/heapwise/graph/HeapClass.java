package dev.heapwise.graph;

import java.util.List;

/**
 * A class of the heap: its name in Java form ({@code java.lang.String}, {@code int[]},
 * {@code java.lang.Object[]}), its place in the hierarchy, its fields and statics, and its
 * histogram line. One immutable object per class, held in memory by the graph: reading it costs
 * nothing and is thread-safe.
 */
public final class HeapClass {
    /** What instances of this class are. */
    public enum Shape { INSTANCE, OBJECT_ARRAY, PRIMITIVE_ARRAY }

    private final int index;
    private final String name;
    private final long classObjectId;
    private final int objectIndex;
    private final int superIndex;
    private final long loaderId;
    private final Shape shape;
    private final FieldType elementType;
    private final List<FieldDef> fields;
    private final List<StaticField> statics;
    private final long instanceSize;
    private final long instanceCount;
    private final long shallowSizeOfInstances;

    public HeapClass(int index, String name, long classObjectId, int objectIndex, int superIndex, long loaderId,
            Shape shape, FieldType elementType, List<FieldDef> fields, List<StaticField> statics, long instanceSize,
            long instanceCount, long shallowSizeOfInstances) {
        this.index = index;
        this.name = name;
        this.classObjectId = classObjectId;
        this.objectIndex = objectIndex;
        this.superIndex = superIndex;
        this.loaderId = loaderId;
        this.shape = shape;
        this.elementType = elementType;
        this.fields = List.copyOf(fields);
        this.statics = List.copyOf(statics);
        this.instanceSize = instanceSize;
        this.instanceCount = instanceCount;
        this.shallowSizeOfInstances = shallowSizeOfInstances;
    }

    /** This class's dense index in [0, graph.classCount()). */
    public int index() {
        return index;
    }

    public String name() {
        return name;
    }

    /** The package part of the name, or "" for the default package and primitive arrays. */
    public String packageName() {
        String n = name;
        while (n.endsWith("[]")) {
            n = n.substring(0, n.length() - 2);
        }
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(0, dot);
    }

    /** The id of the class object in the dump, 0 if the dump has none (a synthetic class). */
    public long classObjectId() {
        return classObjectId;
    }

    /** The graph index of the class object, or -1 if the dump has none. */
    public int objectIndex() {
        return objectIndex;
    }

    /** The superclass's class index, or -1 for {@code java.lang.Object} and unknown supers. */
    public int superIndex() {
        return superIndex;
    }

    /** The id of the class loader object (0 for the boot loader). */
    public long loaderId() {
        return loaderId;
    }

    public Shape shape() {
        return shape;
    }

    public boolean isArray() {
        return shape != Shape.INSTANCE;
    }

    /** The element type of a primitive array class, OBJECT for object arrays, null otherwise. */
    public FieldType elementType() {
        return elementType;
    }

    /** Instance fields declared by this class (not inherited), in dump order. */
    public List<FieldDef> fields() {
        return fields;
    }

    public List<StaticField> statics() {
        return statics;
    }

    /** The shallow size in bytes of every instance (0 for array classes, whose size varies). */
    public long instanceSize() {
        return instanceSize;
    }

    /** How many objects of this class the dump holds (not counting the class object itself). */
    public long instanceCount() {
        return instanceCount;
    }

    /** The summed shallow size of those objects. */
    public long shallowSizeOfInstances() {
        return shallowSizeOfInstances;
    }

    @Override
    public String toString() {
        return name;
    }
}
