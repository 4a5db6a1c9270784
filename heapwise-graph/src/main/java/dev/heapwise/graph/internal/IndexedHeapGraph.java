package dev.heapwise.graph.internal;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.GraphInfo;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.IndexAttachments;
import dev.heapwise.graph.NameMapping;
import dev.heapwise.graph.ObjectAttribute;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.RowReader;
import dev.heapwise.graph.Reference;
import dev.heapwise.graph.StaticField;
import dev.heapwise.graph.io.ContentLocation;
import dev.heapwise.graph.io.ContentSource;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;

/** The {@link HeapGraph} over a committed index folder. See {@link HeapGraph} for costs. */
public final class IndexedHeapGraph implements HeapGraph {
    private final IndexStore store;
    private final Manifest manifest;
    private final int n;
    private final int idSize;
    private final EliasFano ids;
    private final PackedLongs classColumn;
    private final LongColumn positions;
    private final MemorySegment sizes;
    private final long[] overflowIndex;
    private final long[] overflowSize;
    private final PackedLongs heaps;
    private final EliasFano outOffsets;
    private final PackedLongs outRefs;
    private final EliasFano inOffsets;
    private final PackedLongs inRefs;
    private final List<HeapClass> classes;
    /** The object kind of each class's instances, by class index: {@link #kind} is on hot paths. */
    private final ObjectKind[] kindOfInstances;
    private final List<MetaFiles.StoredClass> stored;
    private final Map<String, List<HeapClass>> byName = new HashMap<>();
    private final LongIntMap classOfClassObject;
    private final RootColumns roots;
    private final long[] rootBits;
    /** Objects with a root that starts reachability ({@link #isReachabilityRoot}); made on first use. */
    private volatile long[] reachabilityRootBits;
    private final LocalRefs locals;
    private final List<HeapThread> storedThreads;
    private volatile List<HeapThread> threads;
    private final ContentSource content;
    private final ThreadLocal<ContentReader> readers;
    /** Field layouts by class index, made on first use (immutable: two threads making one is harmless). */
    private final AtomicReferenceArray<FieldLayout> layouts;
    private volatile Map<Integer, int[]> definedClasses;
    private final List<String> heapNames;
    private final int javaLangClass;
    private final Attachments attachments;
    private final Map<String, ObjectAttribute> objectAttributes = new java.util.LinkedHashMap<>();
    /** The original names of an obfuscated program, or null: applied to classes here and to frames in {@link #threads}. */
    private final NameMapping mapping;

    private IndexedHeapGraph(Path dir, Manifest manifest, Path dump, NameMapping mapping) throws IOException {
        this.mapping = mapping;
        this.store = IndexStore.open(dir);
        try {
            this.manifest = manifest;
            GraphInfo info = manifest.info();
            this.n = (int) info.objects();
            this.idSize = info.idSize();
            this.ids = EliasFano.open(store.map(Columns.IDS), Columns.IDS);
            this.classColumn = PackedLongs.open(store.map(Columns.CLASS), Columns.CLASS);
            this.positions = Positions.open(store.map(Columns.POSITIONS), manifest.positionsSorted(),
                    dir.resolve(Columns.POSITION_RUNS));
            this.sizes = store.map(Columns.SIZES);
            MemorySegment ov = store.map(Columns.SIZE_OVERFLOW);
            int nov = (int) (ov.byteSize() / 16);
            overflowIndex = new long[nov];
            overflowSize = new long[nov];
            for (int i = 0; i < nov; i++) {
                overflowIndex[i] = ov.getAtIndex(Words.LONG, 2L * i);
                overflowSize[i] = ov.getAtIndex(Words.LONG, 2L * i + 1);
            }
            this.heaps = manifest.heapColumn() ? PackedLongs.open(store.map(Columns.HEAPS), Columns.HEAPS) : null;
            this.outOffsets = EliasFano.open(store.map(Columns.OUT_OFFSETS), Columns.OUT_OFFSETS);
            this.outRefs = PackedLongs.open(store.map(Columns.OUT_REFS), Columns.OUT_REFS);
            this.inOffsets = EliasFano.open(store.map(Columns.IN_OFFSETS), Columns.IN_OFFSETS);
            this.inRefs = PackedLongs.open(store.map(Columns.IN_REFS), Columns.IN_REFS);
            if (ids.size() != n || outOffsets.size() != n + 1L || inOffsets.size() != n + 1L || classColumn.count() != n
                    || sizes.byteSize() != n) {
                throw new IndexCorruptException(dir + ": index columns disagree on the object count");
            }
            this.stored = MetaFiles.readClasses(dir.resolve(Columns.CLASSES));
            List<HeapClass> cl = new ArrayList<>(stored.size());
            classOfClassObject = new LongIntMap(Math.max(16, stored.size()));
            for (MetaFiles.StoredClass sc : stored) {
                HeapClass c = mapping == null ? sc.heapClass() : mapping.rename(sc.heapClass());
                cl.add(c);
                byName.computeIfAbsent(c.name(), k -> new ArrayList<>()).add(c);
                if (c.objectIndex() >= 0) {
                    classOfClassObject.put(c.objectIndex(), c.index(), -1);
                }
            }
            this.classes = Collections.unmodifiableList(cl);
            this.layouts = new AtomicReferenceArray<>(cl.size());
            this.kindOfInstances = new ObjectKind[cl.size()];
            for (int i = 0; i < cl.size(); i++) {
                kindOfInstances[i] = switch (cl.get(i).shape()) {
                    case INSTANCE -> ObjectKind.INSTANCE;
                    case OBJECT_ARRAY -> ObjectKind.OBJECT_ARRAY;
                    case PRIMITIVE_ARRAY -> ObjectKind.PRIMITIVE_ARRAY;
                };
            }
            this.roots = MetaFiles.readRoots(dir.resolve(Columns.ROOTS));
            this.rootBits = new long[(n + 63) >>> 6];
            this.locals = LocalRefs.of(roots);
            for (int i = 0; i < roots.size(); i++) {
                rootBits[roots.object(i) >>> 6] |= 1L << roots.object(i);
            }
            this.storedThreads = MetaFiles.readThreads(dir.resolve(Columns.THREADS));
            this.heapNames = info.heaps().isEmpty() ? List.of("default") : info.heaps();
            this.javaLangClass = manifest.javaLangClass();
            this.content = contentLocation(dir, dump).open(dir);
            this.readers = ThreadLocal.withInitial(() -> new ContentReader(content, 1 << 20));
            this.attachments = new Attachments(dir, store);
            if (manifest.attributes() != null) {
                for (Manifest.AttributeSpec spec : manifest.attributes()) {
                    List<String> dict = spec.numeric() ? List.of()
                            : List.copyOf(MetaFiles.readStrings(dir.resolve(spec.file() + ".dict")));
                    objectAttributes.put(spec.name(),
                            new StoredAttribute(spec, PackedLongs.open(store.map(spec.file()), spec.file()), dict));
                }
            }
        } catch (IOException | RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** Opens a committed index folder of {@code dump}. */
    public static IndexedHeapGraph open(Path dir, Path dump) throws IOException {
        return open(dir, dump, null);
    }

    /**
     * Opens a committed index folder of {@code dump}, with the original names of an obfuscated
     * program when {@code mapping} is not null (the index keeps the dump's own names).
     */
    public static IndexedHeapGraph open(Path dir, Path dump, NameMapping mapping) throws IOException {
        return new IndexedHeapGraph(dir, Manifest.read(dir.resolve(IndexStore.MANIFEST)), dump, mapping);
    }

    private ContentLocation contentLocation(Path dir, Path dump) throws IOException {
        ContentLocation.Kind kind = ContentLocation.Kind.valueOf(manifest.contentKind());
        return switch (kind) {
            case PLAIN -> ContentLocation.plain(dump, manifest.contentSize());
            case COPY -> ContentLocation.copy(manifest.contentSize());
            case GZIP_BLOCKS -> {
                try (DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(
                        Files.newInputStream(dir.resolve(Columns.GZIP_BLOCKS))))) {
                    int members = in.readInt();
                    long[] m = new long[members];
                    long[] b = new long[members + 1];
                    for (int i = 0; i < members; i++) {
                        m[i] = in.readLong();
                    }
                    for (int i = 0; i <= members; i++) {
                        b[i] = in.readLong();
                    }
                    yield ContentLocation.gzipBlocks(dump, m, b);
                }
            }
        };
    }

    public Manifest manifest() {
        return manifest;
    }

    public Path indexDir() {
        return store.dir();
    }

    @Override
    public GraphInfo info() {
        return manifest.info();
    }

    @Override
    public int objectCount() {
        return n;
    }

    @Override
    public long referenceCount() {
        return outRefs.count();
    }

    @Override
    public long id(int object) {
        return ids.get(object);
    }

    @Override
    public int indexOf(long id) {
        return (int) ids.indexOf(id);
    }

    @Override
    public int classOf(int object) {
        return (int) classColumn.get(object);
    }

    @Override
    public void readClasses(int from, int count, int[] out) {
        classColumn.readInts(from, count, out, 0, null);
    }

    private boolean isClassObject(int object, int cls) {
        return cls == javaLangClass && classOfClassObject.containsKey(object);
    }

    @Override
    public ObjectKind kind(int object) {
        int cls = classOf(object);
        if (isClassObject(object, cls)) {
            return ObjectKind.CLASS;
        }
        return kindOfInstances[cls];
    }

    @Override
    public long shallowSize(int object) {
        int units = sizes.get(java.lang.foreign.ValueLayout.JAVA_BYTE, object) & 0xFF;
        if (units != 255) {
            return (long) units * manifest.sizeUnit();
        }
        int i = java.util.Arrays.binarySearch(overflowIndex, object);
        if (i < 0) {
            throw new IndexCorruptException("size of object " + object + " missing from the overflow table");
        }
        return overflowSize[i];
    }

    @Override
    public int heapOf(int object) {
        return heaps == null ? 0 : (int) heaps.get(object);
    }

    @Override
    public List<String> heapNames() {
        return heapNames;
    }

    @Override
    public int classCount() {
        return classes.size();
    }

    @Override
    public HeapClass heapClass(int classIndex) {
        return classes.get(classIndex);
    }

    @Override
    public List<HeapClass> classes() {
        return classes;
    }

    @Override
    public List<HeapClass> classesNamed(String name) {
        return byName.getOrDefault(name, List.of());
    }

    @Override
    public int classIndexOfClassObject(int object) {
        // The class column first: most callers ask of every object, and few are class objects.
        return classOf(object) == javaLangClass ? classOfClassObject.get(object, -1) : -1;
    }

    @Override
    public RefCursor outRefs() {
        return new CsrCursor(outOffsets, outRefs);
    }

    @Override
    public RowReader outRows() {
        return new CsrRowReader(outOffsets, outRefs);
    }

    @Override
    public void releaseMappedPages() {
        store.unloadAll();
    }

    @Override
    public long outRefsBefore(int object) {
        return outOffsets.get(object);
    }

    @Override
    public RefCursor inRefs() {
        return new CsrCursor(inOffsets, inRefs);
    }

    @Override
    public int rootCount() {
        return roots.size();
    }

    @Override
    public GcRoot root(int i) {
        return roots.get(i);
    }

    @Override
    public List<GcRoot> roots() {
        return roots.asList();
    }

    @Override
    public boolean isRoot(int object) {
        return (rootBits[object >>> 6] & (1L << object)) != 0;
    }

    @Override
    public boolean isReachabilityRoot(int object) {
        long[] bits = reachabilityRootBits;
        if (bits == null) {
            bits = reachabilityRootBits();
        }
        return (bits[object >>> 6] & (1L << object)) != 0;
    }

    /**
     * The bits of {@link #isReachabilityRoot}: those of {@link #isRoot} when no thread holds a root,
     * else a set of their own (a bit per object), made when an analysis first asks rather than at
     * every open. Two threads making it at once make equal sets.
     */
    private long[] reachabilityRootBits() {
        long[] bits = rootBits;
        if (locals.total() > 0) {
            bits = new long[rootBits.length];
            for (int i = 0; i < roots.size(); i++) {
                if (roots.holder(i) < 0) {
                    bits[roots.object(i) >>> 6] |= 1L << roots.object(i);
                }
            }
        }
        reachabilityRootBits = bits;
        return bits;
    }

    @Override
    public int localReferenceCount(int object) {
        return locals.total() == 0 || !isRoot(object) ? 0 : locals.count(object);
    }

    @Override
    public List<HeapThread> threads() {
        List<HeapThread> t = threads;
        if (t == null) {
            List<HeapThread> named = new ArrayList<>(storedThreads.size());
            for (HeapThread h : storedThreads) {
                String name = h.name();
                if (name.isEmpty() && h.objectIndex() >= 0) {
                    FieldValue f = field(h.objectIndex(), "name");
                    if (f != null && f.isReference() && !f.isNull()) {
                        int s = indexOf(f.objectId());
                        String text = s < 0 ? null : readString(s, 1000);
                        name = text == null ? "" : text;
                    }
                }
                named.add(new HeapThread(h.serial(), h.objectIndex(), name,
                        mapping == null ? h.frames() : h.frames().stream().map(mapping::rename).toList(), h.otherLocals()));
            }
            threads = t = List.copyOf(named);
        }
        return t;
    }

    // ---- reading object records

    private FieldLayout layout(int cls) {
        // Looked up for every object whose fields are read: an array, not a boxed-key map.
        FieldLayout l = layouts.get(cls);
        if (l == null) {
            l = FieldLayout.of(classes.get(cls), classes::get, idSize);
            layouts.set(cls, l);
        }
        return l;
    }

    private ContentReader reader() {
        return readers.get();
    }

    /** Loads an object's record header and checks its tag; returns the buffer index, or -1. */
    private int loadRecord(ContentReader r, long pos, int len, int expectedTag) {
        int at = r.load(pos, len);
        if (r.available(pos) < Math.min(len, 1 + idSize) || (r.buffer().get(at) & 0xFF) != expectedTag) {
            return -1;
        }
        return at;
    }

    @Override
    public List<FieldValue> fields(int object) {
        if (kind(object) != ObjectKind.INSTANCE) {
            return List.of();
        }
        FieldLayout layout = layout(classOf(object));
        long[] raw = new long[layout.entries().size()];
        int n = readFields(object, layout, raw);
        List<FieldValue> out = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            FieldLayout.Entry e = layout.entries().get(k);
            out.add(new FieldValue(e.declaringClass(), e.field().name(), e.field().type(), raw[k]));
        }
        return out;
    }

    @Override
    public int readFieldValues(int object, long[] out) {
        return kind(object) == ObjectKind.INSTANCE ? readFields(object, layout(classOf(object)), out) : 0;
    }

    /** The raw values of an instance's fields in layout order, as far as its record holds them. */
    private int readFields(int object, FieldLayout layout, long[] out) {
        ContentReader r = reader();
        int header = ObjectRecords.instanceHeader(idSize);
        long pos = positions.get(object);
        int at = loadRecord(r, pos, header + layout.size(), ObjectRecords.INSTANCE);
        if (at < 0) {
            return 0; // the build warned: this record is not an instance record
        }
        ByteBuffer b = r.buffer();
        long avail = Math.min(b.getInt(at + header - 4), r.available(pos) - header);
        int n = 0;
        for (FieldLayout.Entry e : layout.entries()) {
            int size = e.field().type().size(idSize);
            if (n == out.length || e.offset() + size > avail) {
                break;
            }
            out[n++] = e.field().type().read(b, at + header + e.offset(), idSize);
        }
        return n;
    }

    @Override
    public FieldValue field(int object, String name) {
        for (FieldValue v : fields(object)) {
            if (v.name().equals(name)) {
                return v;
            }
        }
        return null;
    }

    @Override
    public List<FieldValue> staticFields(int classIndex) {
        HeapClass c = classes.get(classIndex);
        List<FieldValue> out = new ArrayList<>(c.statics().size());
        for (StaticField s : c.statics()) {
            out.add(s.value(c));
        }
        return out;
    }

    @Override
    public long arrayLength(int object) {
        ObjectKind k = kind(object);
        if (k != ObjectKind.OBJECT_ARRAY && k != ObjectKind.PRIMITIVE_ARRAY) {
            return -1;
        }
        ContentReader r = reader();
        long pos = positions.get(object);
        int at = r.load(pos, ObjectRecords.arrayLengthOffset(idSize) + 4);
        int tag = r.buffer().get(at) & 0xFF;
        if (tag != ObjectRecords.OBJECT_ARRAY && tag != ObjectRecords.PRIMITIVE_ARRAY
                && tag != ObjectRecords.PRIMITIVE_ARRAY_NODATA) {
            return -1;
        }
        return r.buffer().getInt(at + ObjectRecords.arrayLengthOffset(idSize)) & 0xFFFFFFFFL;
    }

    @Override
    public long[] readObjectArray(int object, long from, int count) {
        if (kind(object) != ObjectKind.OBJECT_ARRAY) {
            throw new IllegalArgumentException("object " + object + " is not an object array");
        }
        long len = arrayLength(object);
        int k = (int) Math.max(0, Math.min(count, len - from));
        long[] out = new long[k];
        ContentReader r = reader();
        long base = positions.get(object) + ObjectRecords.objectArrayHeader(idSize) + from * idSize;
        int at = r.load(base, k * idSize);
        for (int i = 0; i < k && (long) (i + 1) * idSize <= r.available(base); i++) {
            out[i] = r.id(at + i * idSize, idSize);
        }
        return out;
    }

    @Override
    public byte[] readPrimitiveArray(int object, long from, int count) {
        ContentReader r = reader();
        long pos = positions.get(object);
        int at = primitiveHeader(r, object, pos);
        if (at < 0) {
            return null;
        }
        int es = elementSize(r, at);
        long k = Math.max(0, Math.min(count, arrayLength(r, at) - from));
        byte[] out = new byte[(int) (k * es)];
        int have = copyElements(r, pos + ObjectRecords.primitiveArrayHeader(idSize) + from * es, out, out.length);
        return have == out.length ? out : java.util.Arrays.copyOf(out, have);
    }

    @Override
    public int readPrimitiveArray(int object, long from, byte[] buffer) {
        ContentReader r = reader();
        long pos = positions.get(object);
        int at = primitiveHeader(r, object, pos);
        if (at < 0) {
            return -1;
        }
        int es = elementSize(r, at);
        long k = Math.max(0, Math.min(buffer.length / es, arrayLength(r, at) - from));
        return copyElements(r, pos + ObjectRecords.primitiveArrayHeader(idSize) + from * es, buffer, (int) (k * es));
    }

    /**
     * Loads a primitive array's record header at {@code pos} and returns where it is in the reader's
     * buffer, or -1 when the dump holds no data for the array.
     */
    private int primitiveHeader(ContentReader r, int object, long pos) {
        if (kind(object) != ObjectKind.PRIMITIVE_ARRAY) {
            throw new IllegalArgumentException("object " + object + " is not a primitive array");
        }
        int at = r.load(pos, ObjectRecords.primitiveArrayHeader(idSize));
        if ((r.buffer().get(at) & 0xFF) != ObjectRecords.PRIMITIVE_ARRAY) {
            return -1;
        }
        FieldType type = FieldType.ofCode(r.buffer().get(at + ObjectRecords.arrayLengthOffset(idSize) + 4));
        return type == null || type == FieldType.OBJECT ? -1 : at;
    }

    private int elementSize(ContentReader r, int header) {
        return FieldType.ofCode(r.buffer().get(header + ObjectRecords.arrayLengthOffset(idSize) + 4)).size(idSize);
    }

    private long arrayLength(ContentReader r, int header) {
        return r.buffer().getInt(header + ObjectRecords.arrayLengthOffset(idSize)) & 0xFFFFFFFFL;
    }

    /** Copies {@code n} bytes from {@code start} into {@code out}; fewer where the dump ends. */
    private static int copyElements(ContentReader r, long start, byte[] out, int n) {
        int a = r.load(start, n);
        int have = (int) Math.min(n, Math.max(0, r.available(start)));
        r.buffer().get(a, out, 0, have);
        return have;
    }

    @Override
    public String readString(int object, int maxChars) {
        return StringDecoder.decode(this, object, maxChars);
    }

    @Override
    public List<Reference> references(int object) {
        List<Reference> out = new ArrayList<>();
        ObjectKind kind = kind(object);
        switch (kind) {
            case INSTANCE -> {
                for (FieldValue v : fields(object)) {
                    if (v.isReference() && !v.isNull()) {
                        addRef(out, object, v.objectId(), Reference.Kind.FIELD, v.name(), -1);
                    }
                }
            }
            case OBJECT_ARRAY -> {
                long len = arrayLength(object);
                for (long i = 0; i < len; i += 4096) {
                    long[] chunk = readObjectArray(object, i, (int) Math.min(4096, len - i));
                    for (int j = 0; j < chunk.length; j++) {
                        if (chunk[j] != 0) {
                            addRef(out, object, chunk[j], Reference.Kind.ARRAY_ELEMENT, null, i + j);
                        }
                    }
                }
            }
            case CLASS -> {
                int ci = classIndexOfClassObject(object);
                MetaFiles.StoredClass sc = stored.get(ci);
                HeapClass c = classes.get(ci); // the statics' names as this graph gives them
                if (c.superIndex() >= 0) {
                    addRef(out, object, classes.get(c.superIndex()).classObjectId(), Reference.Kind.SUPERCLASS, "<super>", -1);
                }
                addRef(out, object, c.loaderId(), Reference.Kind.CLASS_LOADER, "<classloader>", -1);
                addRef(out, object, sc.signersId(), Reference.Kind.SIGNERS, "<signers>", -1);
                addRef(out, object, sc.protectionDomainId(), Reference.Kind.PROTECTION_DOMAIN, "<protection domain>", -1);
                for (StaticField s : c.statics()) {
                    if (s.type() == FieldType.OBJECT) {
                        addRef(out, object, s.raw(), Reference.Kind.STATIC_FIELD, s.name(), -1);
                    }
                }
                for (long id : sc.constantPoolRefs()) {
                    addRef(out, object, id, Reference.Kind.CONSTANT_POOL, "<constant pool>", -1);
                }
            }
            case PRIMITIVE_ARRAY -> { }
        }
        int[] defined = definedClasses().get(object);
        if (defined != null) {
            for (int c : defined) {
                out.add(new Reference(object, c, Reference.Kind.DEFINED_CLASS, "<defined class>", -1));
            }
        }
        int slot = localReferenceCount(object) == 0 ? -1 : locals.slot(object);
        if (slot >= 0) {
            int[] targets = locals.targets(slot);
            int[] naming = locals.namingRoots(slot);
            for (int k = 0; k < targets.length; k++) {
                out.add(new Reference(object, targets[k], Reference.Kind.LOCAL, localLabel(naming[k]), -1));
            }
        }
        return out;
    }

    /**
     * How a thread's reference to what its stack holds reads: {@code <local in frame 2:
     * Foo.bar(Foo.java:42)>} for a Java frame's local, {@code <JNI local in frame 0: …>}, or
     * without a known frame the kind alone ({@code <Java local>}, as MAT names it, {@code <native
     * stack>}, {@code <thread block>}).
     */
    private String localLabel(int root) {
        boolean javaFrame = roots.kind(root) == dev.heapwise.graph.RootKind.JAVA_FRAME;
        int frame = roots.frame(root);
        for (HeapThread t : threads()) { // as this graph names the frames (a mapping's names)
            if (t.serial() == roots.thread(root) && frame >= 0 && frame < t.frames().size()) {
                return "<" + (javaFrame ? "local" : roots.kind(root).label()) + " in frame " + frame + ": "
                        + t.frames().get(frame).display() + ">";
            }
        }
        return "<" + (javaFrame ? "Java local" : roots.kind(root).label()) + ">";
    }

    private void addRef(List<Reference> out, int from, long id, Reference.Kind kind, String name, long index) {
        if (id == 0) {
            return;
        }
        int to = indexOf(id);
        if (to >= 0) {
            out.add(new Reference(from, to, kind, name, index));
        }
    }

    /** Loader object index to the class objects it defined, in class order (as the build linked them). */
    private Map<Integer, int[]> definedClasses() {
        Map<Integer, int[]> d = definedClasses;
        if (d == null) {
            Map<Integer, IntList> lists = new HashMap<>();
            for (HeapClass c : classes) {
                if (c.loaderId() == 0 || c.objectIndex() < 0) {
                    continue;
                }
                int loader = indexOf(c.loaderId());
                if (loader >= 0) {
                    lists.computeIfAbsent(loader, k -> new IntList(8)).add(c.objectIndex());
                }
            }
            Map<Integer, int[]> m = new HashMap<>();
            lists.forEach((k, v) -> m.put(k, v.toArray()));
            definedClasses = d = m;
        }
        return d;
    }

    @Override
    public List<String> attributeNames() {
        return List.copyOf(objectAttributes.keySet());
    }

    @Override
    public ObjectAttribute attribute(String name) {
        return objectAttributes.get(name);
    }

    @Override
    public IndexAttachments attachments() {
        return attachments;
    }

    /** Waits for the attachments still being saved in the background (a failure is thrown after closing). */
    @Override
    public void close() {
        try {
            attachments.finish();
        } catch (IOException e) {
            closeFiles();
            throw new UncheckedIOException(e);
        }
        closeFiles();
    }

    private void closeFiles() {
        try {
            content.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            store.close();
        }
    }
}
