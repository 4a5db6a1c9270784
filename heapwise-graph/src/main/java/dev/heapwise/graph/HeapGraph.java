package dev.heapwise.graph;

import java.util.List;

/**
 * A heap dump as a graph of dense object indexes {@code 0 .. objectCount()-1}, ordered by object
 * id. Everything per object lives in memory-mapped index files; nothing here creates a Java object
 * per heap object unless a method says it allocates.
 *
 * <p>Costs, stated per call: <b>O(1)</b> calls read the mapped index and never the dump;
 * <b>reads the dump</b> calls do one small positional read of the dump (or of a decompressed
 * block of it); <b>allocates</b> says when a call builds a result list. All methods are
 * thread-safe except the cursors, which belong to one thread each.
 */
public interface HeapGraph extends AutoCloseable {

    // ---- the graph as a whole

    /** Counts, format, timings. O(1). */
    GraphInfo info();

    /** Number of objects, class objects included. O(1). */
    int objectCount();

    /**
     * Number of stored references, the thread → local references ({@link Reference.Kind#LOCAL})
     * included. O(1).
     */
    long referenceCount();

    // ---- objects: O(1), no dump reads, no allocation

    /** The dump's id of an object. */
    long id(int object);

    /** The index of the object with this id, or -1 if the dump has no such object. O(1) expected. */
    int indexOf(long id);

    /**
     * The first object whose id is {@code id} or more (ids ascend with the index, compared
     * unsigned), or {@link #objectCount()} if none: where a merge of two dumps by id can be split.
     * O(log n) {@link #id} reads.
     */
    default int firstIndexAtOrAbove(long id) {
        int lo = 0;
        int hi = objectCount();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (Long.compareUnsigned(id(mid), id) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The index of the object's class (for class objects: {@code java.lang.Class}). */
    int classOf(int object);

    /**
     * The classes of objects {@code from} to {@code from + count - 1} into {@code out[0..count)}:
     * {@link #classOf} for a block, decoded in one pass on an index. No dump reads; on an index,
     * one small array per call (the column's words for the block); thread-safe.
     */
    default void readClasses(int from, int count, int[] out) {
        for (int k = 0; k < count; k++) {
            out[k] = classOf(from + k);
        }
    }

    ObjectKind kind(int object);

    /** The object's shallow size in bytes, as the VM that wrote the dump accounts it. */
    long shallowSize(int object);

    /** The object's heap, an index into {@link #heapNames()}; 0 when the dump has no heaps. */
    int heapOf(int object);

    /** Heap names (Android: app, image, zygote); a single "default" heap for other dumps. */
    List<String> heapNames();

    // ---- classes: in memory, O(1)

    int classCount();

    HeapClass heapClass(int classIndex);

    /** All classes, by index. Does not allocate (an unmodifiable view). */
    List<HeapClass> classes();

    /** Classes with this Java-form name (more than one when several loaders define it). */
    List<HeapClass> classesNamed(String name);

    /** For a class object, the class it represents; -1 for any other object. O(1) expected. */
    int classIndexOfClassObject(int object);

    // ---- references

    /** A new cursor over outbound references, in the order the dump stores them. Cheap. */
    RefCursor outRefs();

    /** A new cursor over inbound references (referrers), in ascending index order. Cheap. */
    RefCursor inRefs();

    /**
     * A new reader of outbound rows a block at a time, for a pass over every object in order
     * (same references as {@link #outRefs()}, several times cheaper per object on an index). Cheap.
     */
    default RowReader outRows() {
        return RowReader.over(outRefs());
    }

    /**
     * A hint after a pass that read much of the index and will not read it again soon: the pages
     * of the index files this process has mapped leave its memory (its resident set), while the
     * files keep them in the page cache, so a later read costs a minor page fault, not a disk read.
     * Answers stay the same. A few system calls, no dump reads, no allocation, thread-safe; no
     * effect on a graph that is not backed by mapped files.
     */
    default void releaseMappedPages() {}

    /**
     * How many outbound references the objects before {@code object} have in all ({@code
     * 0 <= object <= objectCount()}): where its row starts among them. For splitting a pass over
     * every reference into parts of equal work. O(1), no dump reads, no allocation, thread-safe.
     */
    long outRefsBefore(int object);

    /**
     * The outbound references of an object with their field names or array indexes, in the same
     * order as {@link #outRefs()}. Reads the dump and allocates one record per reference.
     */
    List<Reference> references(int object);

    /**
     * How many of the object's outbound references are thread → local references
     * ({@link Reference.Kind#LOCAL}): they come last in its row, after those of its record (and,
     * for a class loader, its defined classes). 0 for anything but a thread object whose stack
     * holds objects. O(log threads), no dump reads, no allocation, thread-safe.
     */
    int localReferenceCount(int object);

    // ---- roots and threads: in memory

    int rootCount();

    GcRoot root(int i);

    /** All roots. Allocates the list. */
    List<GcRoot> roots();

    /** Whether the object is a GC root of any kind. O(1). */
    boolean isRoot(int object);

    /**
     * Whether reachability starts at the object: it has a root that {@link GcRoot#startsReachability()
     * starts reachability}, so the virtual root of the dominator tree refers to it and paths from
     * the GC roots may start there. An object that is a root only as a local of a thread whose
     * object is in the dump is not one: it is reached through that thread object, which thereby
     * retains what only its stack holds (Eclipse MAT's rule). Every analysis that starts from the
     * roots asks this. O(1), no dump reads, thread-safe; when a thread holds roots, the first call
     * makes a bit set of them (a bit per object), later ones allocate nothing.
     */
    boolean isReachabilityRoot(int object);

    List<HeapThread> threads();

    // ---- values: read the dump

    /** Instance fields with their values, the object's class first, then its superclasses. */
    List<FieldValue> fields(int object);

    /**
     * The raw values of an instance's fields ({@link FieldValue#raw}), in the order {@link #fields}
     * lists them, into {@code out}; returns how many were read: at most {@code out.length} (give it
     * {@link #instanceFieldCount} of the class for all), fewer where the record is cut short, 0 for
     * anything but an instance. Reads the dump, allocates nothing: for passes over many objects,
     * where {@link #fields} would build a list per object.
     */
    int readFieldValues(int object, long[] out);

    /**
     * The instance fields a class and its superclasses declare, the class's own first: the order
     * of {@link #fields} and {@link #readFieldValues}, which list at most these. O(depth), from
     * memory; allocates one list, so ask once per class, not per object.
     */
    default List<FieldDef> instanceFields(int classIndex) {
        List<FieldDef> all = new java.util.ArrayList<>();
        // One step per class at most: a corrupt dump's superclass cycle ends (listing a few twice).
        for (int c = classIndex, steps = 0; c >= 0 && steps < classCount(); c = heapClass(c).superIndex(), steps++) {
            all.addAll(heapClass(c).fields());
        }
        return all;
    }

    /**
     * How many {@link #instanceFields} the class has: as many values as {@link #fields} lists at
     * most. O(depth); allocates that list, so ask once per class, not per object.
     */
    default int instanceFieldCount(int classIndex) {
        return instanceFields(classIndex).size();
    }

    /** The value of the first instance field with this name (subclass first), or null. */
    FieldValue field(int object, String name);

    /** Static fields of a class, from memory (no dump read). */
    List<FieldValue> staticFields(int classIndex);

    /** The length of an array object, or -1 for other objects. Reads the dump. */
    long arrayLength(int object);

    /** Object ids of {@code count} elements of an object array from {@code from}. Reads the dump. */
    long[] readObjectArray(int object, long from, int count);

    /**
     * Raw big-endian bytes of {@code count} elements of a primitive array from {@code from}, or
     * null if the dump holds no data for it. Reads the dump; allocates the array.
     */
    byte[] readPrimitiveArray(int object, long from, int count);

    /**
     * As {@link #readPrimitiveArray(int, long, int)}, into {@code buffer} from its start: as many
     * whole elements from {@code from} as fit. Returns the bytes written (0 from the end on), or -1
     * if the dump holds no data for the array. Reads the dump; allocates nothing, so a pass over
     * millions of arrays makes no garbage. Thread-safe as the graph is; the buffer is the caller's.
     */
    int readPrimitiveArray(int object, long from, byte[] buffer);

    /**
     * The text of a {@code java.lang.String} (compact or not, JDK 6 offset/count, Android), or of
     * a {@code char[]}; null for other objects or when the dump lacks the characters. At most
     * {@code maxChars} characters are read. Reads the dump.
     */
    String readString(int object, int maxChars);

    // ---- per-object attributes (formats that record allocation sites)

    /** Names of the per-object attributes the dump carries (empty for HPROF). */
    List<String> attributeNames();

    /** An attribute by name, or null if the dump has none of that name. */
    ObjectAttribute attribute(String name);

    // ---- storage for analyses

    /** Named files kept with the index (dominators, retained sizes), rebuilt with it. */
    IndexAttachments attachments();

    /** Unmaps the index. Using the graph afterwards fails. */
    @Override
    void close();
}
