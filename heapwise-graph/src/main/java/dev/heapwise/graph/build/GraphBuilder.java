package dev.heapwise.graph.build;

import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.GraphInfo;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.internal.ClassTable;
import dev.heapwise.graph.internal.GraphAssembly;
import dev.heapwise.graph.internal.IndexStore;
import dev.heapwise.graph.internal.ObjectLog;
import dev.heapwise.graph.internal.PendingMeta;
import dev.heapwise.graph.io.ContentLocation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a heap graph and its index folder from what a format reader finds in a dump. The reader
 * calls the {@code add…} methods while it streams the dump (objects in any id order; classes,
 * roots and threads whenever it meets them), then {@link #build} sorts, sizes and links
 * everything, writes the index under a temporary name, renames it into place and opens it.
 *
 * <p>Per-object calls append to scratch files and allocate nothing, so a reader can feed 10^9
 * objects in bounded memory. Not thread-safe: one reader thread feeds one builder. If the build
 * fails or {@link #close} is called first, the temporary folder is deleted and nothing is left.
 */
public final class GraphBuilder implements AutoCloseable {
    private final Path dump;
    private final String format;
    private int idSize;
    private String formatDetail = "";
    private final ProgressListener progress;
    private final IndexStore.Draft draft;
    private final List<String> warnings = new ArrayList<>();
    private final ClassTable classes = new ClassTable(warnings);
    private final ObjectLog log;
    private final PendingMeta meta = new PendingMeta();
    private final dev.heapwise.graph.internal.AttributeLog attributes;
    private boolean synthesizeRoots;
    /** Whether the object added last is a class object (attributes then go to it). */
    private boolean lastWasClass;
    private final List<String> heapNames = new ArrayList<>();
    private final Map<String, Long> phaseMillis = new LinkedHashMap<>();
    private ContentLocation content;
    private String partialReason;
    private int threads = Math.max(1, Runtime.getRuntime().availableProcessors());

    private GraphBuilder(Path dump, Path indexDir, String format, ProgressListener progress) throws IOException {
        this.dump = dump;
        this.format = format;
        this.progress = progress;
        this.draft = IndexStore.draft(indexDir);
        try {
            this.log = new ObjectLog(draft.scratch());
            this.attributes = new dev.heapwise.graph.internal.AttributeLog(draft.scratch());
        } catch (IOException | RuntimeException e) {
            draft.close();
            throw e;
        }
    }

    /**
     * Starts building the index of {@code dump} into {@code indexDir} (which it will replace).
     *
     * @param format a short format name such as {@code hprof}
     */
    public static GraphBuilder start(Path dump, Path indexDir, String format, ProgressListener progress)
            throws IOException {
        return new GraphBuilder(dump, indexDir, format, progress);
    }

    /**
     * Says what the dump is: the format's own version text, and the bytes per id in the object
     * records (4 or 8). Must be called before {@link #build}.
     */
    public void describeFormat(String formatDetail, int idSize) {
        if (idSize != 4 && idSize != 8) {
            throw new IllegalArgumentException("id size " + idSize);
        }
        this.formatDetail = formatDetail;
        this.idSize = idSize;
    }

    /** Worker threads for the reference pass (default: available processors). */
    public GraphBuilder threads(int threads) {
        this.threads = Math.max(1, threads);
        return this;
    }

    /** Where a reader writes an uncompressed copy of the content if the graph must read it from one. */
    public Path contentCopyTarget() {
        return draft.file(ContentLocation.COPY_NAME);
    }

    /** Says where object records can be read back once the dump has been read. */
    public void setContent(ContentLocation location) {
        this.content = location;
    }

    /** Declares a class; its class object becomes an object of the graph at {@code position}. */
    public void addClass(ClassDef def, long position) {
        int slot = classes.define(def);
        if (slot >= 0) {
            log.addClassObject(def.classObjectId(), position, slot);
            lastWasClass = true;
        }
    }

    /** Names a class id (a name given apart from the class record, as HPROF's LOAD_CLASS does). */
    public void nameClass(long classId, String javaName) {
        classes.name(classId, javaName);
    }

    public void addInstance(long id, long position, long classId) {
        lastWasClass = false;
        log.add(id, position, classes.slotFor(classId), ObjectLog.NOT_AN_ARRAY);
    }

    public void addObjectArray(long id, long position, long arrayClassId, long length) {
        lastWasClass = false;
        log.add(id, position, classes.slotFor(arrayClassId), checkedLength(length));
    }

    public void addPrimitiveArray(long id, long position, FieldType elementType, long length) {
        lastWasClass = false;
        log.add(id, position, classes.primitiveArraySlot(elementType), checkedLength(length));
    }

    private static int checkedLength(long length) {
        if (length < 0 || length > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("array length " + length);
        }
        return (int) length;
    }

    /** Objects added from now on live in the named heap (Android's app, image, zygote). */
    public void setHeap(String name) {
        int i = heapNames.indexOf(name);
        if (i < 0) {
            i = heapNames.size();
            heapNames.add(name);
        }
        log.setHeap(i);
    }

    /**
     * Adds a GC root.
     *
     * @param threadSerial the thread's serial number, or -1
     * @param frame        the frame depth for frame roots, or -1
     */
    public void addRoot(long id, RootKind kind, int threadSerial, int frame) {
        meta.addRoot(id, kind, threadSerial, frame);
    }

    /** Adds a thread: its serial, its Thread object, its stack trace serial and its name (null if unknown). */
    public void addThread(int serial, long threadObjectId, int stackTraceSerial, String name) {
        meta.addThread(serial, threadObjectId, stackTraceSerial, name);
    }

    /** Adds a stack trace: the frames' ids, top first. */
    public void addStackTrace(int serial, long[] frameIds) {
        meta.addStackTrace(serial, frameIds);
    }

    public void addStackFrame(long frameId, String className, String method, String signature, String sourceFile,
            int line) {
        meta.addStackFrame(frameId, className, method, signature, sourceFile, line);
    }

    /** Sets a text attribute (e.g. the creating thread) of the object added last (class objects too). */
    public void setTextAttribute(String name, String value) throws IOException {
        if (lastWasClass) {
            attributes.setClassText(log.classIds.size() - 1, name, value);
        } else if (log.count() == 0) {
            throw new IllegalStateException("no object to attach " + name + " to");
        } else {
            attributes.setText(log.count() - 1, name, value);
        }
    }

    /** Sets a number attribute (e.g. the creation time) of the object added last (class objects too). */
    public void setNumberAttribute(String name, long value) throws IOException {
        if (lastWasClass) {
            attributes.setClassNumber(log.classIds.size() - 1, name, value);
        } else if (log.count() == 0) {
            throw new IllegalStateException("no object to attach " + name + " to");
        } else {
            attributes.setNumber(log.count() - 1, name, value);
        }
    }

    /**
     * For formats without root records: every class object becomes a {@code CLASS_STATICS} root,
     * and objects those do not reach become {@code HELD_OUTSIDE_DUMP} roots (first the ones
     * nothing refers to, then one per remaining unreachable cycle, in id order).
     */
    public void synthesizeRoots() {
        this.synthesizeRoots = true;
    }

    /** Notes something odd the reader worked around; shown by {@code heapwise info}. */
    public void warn(String message) {
        if (warnings.size() < 1000) {
            warnings.add(message);
        }
    }

    /** Marks the graph as built from an incomplete dump. */
    public void markPartial(String reason) {
        this.partialReason = reason;
        warn("partial dump: " + reason);
    }

    public void phaseTook(String phase, long millis) {
        phaseMillis.put(phase, millis);
    }

    public long objectsAdded() {
        return log.total();
    }

    /**
     * Finishes the graph: orders objects by id, sizes them with the model {@code sizing} chooses
     * (it may inspect the objects first), links references both ways, writes and commits the index
     * and opens it.
     */
    public HeapGraph build(SizeModelFactory sizing) throws IOException {
        if (content == null || idSize == 0) {
            throw new IllegalStateException("setContent and describeFormat must be called before build");
        }
        log.close();
        attributes.finish(log.count());
        GraphAssembly assembly = new GraphAssembly(draft, dump, idSize, classes, log, meta, heapNames, warnings,
                content, threads, progress, phaseMillis, attributes, synthesizeRoots);
        GraphInfo base = new GraphInfo(format, formatDetail, "", idSize, 0, 0, 0, 0, 0, heapNames, "",
                partialReason != null, warnings, phaseMillis);
        return assembly.assemble(sizing, base);
    }

    /** Abandons an unfinished build, deleting its temporary files. */
    @Override
    public void close() throws IOException {
        try {
            log.close();
            attributes.close();
        } finally {
            draft.close();
        }
    }
}
