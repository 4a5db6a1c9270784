package dev.heapwise.graph.internal;

import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.GraphInfo;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.HeapThread;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.StackFrame;
import dev.heapwise.graph.build.ClassInfo;
import dev.heapwise.graph.build.ObjectTable;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.graph.build.SizeModel;
import dev.heapwise.graph.build.SizeModelFactory;
import dev.heapwise.graph.io.ContentLocation;
import dev.heapwise.graph.io.ContentSource;
import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The steps of turning a read dump into a committed index: order objects by id, write the object
 * columns, size every object, link references both ways, resolve roots and threads, write the
 * class table and manifest, commit, open. Each step streams over the objects once.
 */
public final class GraphAssembly {
    private final IndexStore.Draft draft;
    private final Path dump;
    private final int idSize;
    private final ClassTable classes;
    private final ObjectLog log;
    private final PendingMeta meta;
    private final List<String> heapNames;
    private final List<String> warnings;
    private final ContentLocation content;
    private final int threads;
    private final ProgressListener progress;
    private final Map<String, Long> phaseMillis;
    private final LongIntMap classOfClassObject = new LongIntMap(1024);
    private final AttributeLog attributes;
    private final boolean synthesizeRoots;
    private long phaseStart = System.nanoTime();

    public GraphAssembly(IndexStore.Draft draft, Path dump, int idSize, ClassTable classes, ObjectLog log,
            PendingMeta meta, List<String> heapNames, List<String> warnings, ContentLocation content, int threads,
            ProgressListener progress, Map<String, Long> phaseMillis, AttributeLog attributes, boolean synthesizeRoots) {
        this.attributes = attributes;
        this.synthesizeRoots = synthesizeRoots;
        this.draft = draft;
        this.dump = dump;
        this.idSize = idSize;
        this.classes = classes;
        this.log = log;
        this.meta = meta;
        this.heapNames = heapNames;
        this.warnings = warnings;
        this.content = content;
        this.threads = threads;
        this.progress = progress;
        this.phaseMillis = phaseMillis;
    }

    private void phaseDone(String name) {
        long now = System.nanoTime();
        phaseMillis.merge(name, (now - phaseStart) / 1_000_000, Long::sum);
        phaseStart = now;
    }

    public HeapGraph assemble(SizeModelFactory sizing, GraphInfo base) throws IOException {
        BasicFileAttributes dumpAttrs = Files.readAttributes(dump, BasicFileAttributes.class);
        classes.finish(idSize);
        if (classes.classCount() > 0 || log.count() > 0) {
            classes.ensureJavaLangClass();
        }
        List<ClassTable.Slot> finalSlots = classes.finalSlots();
        int javaLangClass = classes.javaLangClassIndex();

        int n;
        boolean positionsSorted;
        List<Manifest.AttributeSpec> attributeSpecs;
        long duplicates;
        IdLookup lookup;
        try (ObjectOrder order = ObjectOrder.compute(log, draft, progress)) {
            phaseDone("order");
            n = order.count();
            duplicates = order.duplicates();
            if (duplicates > 0) {
                warnings.add(duplicates + " object ids appear more than once; the first record of each is kept");
            }
            ObjectTable.Visitor evidence = sizing.evidence(n, finalSlots);
            lookup = writeObjectColumns(order, n, javaLangClass, evidence);
            positionsSorted = !positionsEncoding.equals("packed");
            attributeSpecs = writeAttributes(n);
        }
        // Scratch goes as soon as it is read for the last time, not at commit: the later phases' scratch
        // and the analyses after the build then take the pages it frees, which on a virtual machine that
        // hands free memory back to its host are still backed (a fresh page there costs a host fault).
        draft.deleteScratch(log.file());
        phaseDone("columns");

        int sizeUnit;
        long totalShallow;
        String sizeDescription;
        String vm;
        try (IndexStore.Mapping idsMap = draft.mapRead(draft.file(Columns.IDS));
                IndexStore.Mapping classMap = draft.mapRead(draft.file(Columns.CLASS));
                IndexStore.Mapping lenMap = draft.mapRead(draft.scratch().resolve("index.len"))) {
            EliasFano ids = EliasFano.open(idsMap.segment(), Columns.IDS);
            PackedLongs classCol = PackedLongs.open(classMap.segment(), Columns.CLASS);
            MemorySegment lens = lenMap.segment();
            ObjectTable table = new Table(n, ids, classCol, lens, finalSlots, javaLangClass);
            SizeModel model = sizing.choose(table);
            sizeUnit = Math.max(1, model.alignment());
            sizeDescription = model.describe();
            warnings.addAll(model.warnings());
            vm = model.vm();
            totalShallow = writeSizes(n, classCol, finalSlots, javaLangClass, model, sizeUnit);
        }
        draft.deleteScratch(draft.scratch().resolve("index.len"));
        phaseDone("sizes");

        if (content.kind() == ContentLocation.Kind.GZIP_BLOCKS) {
            writeGzipBlocks();
        }
        ReferenceIndexer.Result refs;
        RootColumns roots;
        try (IndexStore.Mapping idsMap = draft.mapRead(draft.file(Columns.IDS));
                IndexStore.Mapping classMap = draft.mapRead(draft.file(Columns.CLASS));
                IndexStore.Mapping posMap = draft.mapRead(draft.file(Columns.POSITIONS));
                ContentSource source = content.open(draft.dir())) {
            EliasFano ids = EliasFano.open(idsMap.segment(), Columns.IDS);
            lookup = IdLookup.balanced(lookup, ids, log.minId(), log.idAlignmentShift());
            // Roots before references: a thread object refers to the objects its stack holds.
            roots = resolveRoots(ids);
            LocalRefs locals = LocalRefs.of(roots);
            java.util.function.LongToIntFunction resolve = lookup != null ? lookup::indexOf : id -> (int) ids.indexOf(id);
            refs = new ReferenceIndexer(draft, n, idSize, resolve, PackedLongs.open(classMap.segment(), Columns.CLASS),
                    positionsColumn(posMap.segment(), positionsSorted), finalSlots, javaLangClass, classOfClassObject, source,
                    locals, threads, progress).run();
        } finally {
            if (lookup != null) {
                lookup.close();
            }
        }
        long archivedHeapReferences = ArchivedHeap.references(refs, vm, draft, finalSlots);
        if (refs.unresolved() > archivedHeapReferences) {
            warnings.add(refs.unresolved() + " references point to objects the dump does not contain; they are left out");
        }
        if (refs.badRecords() > 0) {
            warnings.add(refs.badRecords() + " object records could not be read back; their references are left out");
        }
        phaseDone("references");

        try (IndexStore.Mapping idsMap = draft.mapRead(draft.file(Columns.IDS))) {
            EliasFano ids = EliasFano.open(idsMap.segment(), Columns.IDS);
            if (synthesizeRoots) {
                RootSynthesis.synthesize(draft, n, roots, finalSlots, progress);
            }
            MetaFiles.writeThreads(draft.file(Columns.THREADS), resolveThreads(ids, roots));
        }
        MetaFiles.writeRoots(draft.file(Columns.ROOTS), roots);
        MetaFiles.writeClasses(draft.file(Columns.CLASSES), storedClasses(finalSlots));
        phaseDone("roots and classes");

        GraphInfo info = new GraphInfo(base.format(), base.formatDetail(), vm, idSize, n, finalSlots.size(),
                refs.references(), roots.size(), totalShallow, List.copyOf(heapNames), sizeDescription, base.partial(),
                List.copyOf(warnings), new java.util.LinkedHashMap<>(phaseMillis), archivedHeapReferences);
        Manifest manifest = new Manifest(Manifest.VERSION, dump.toAbsolutePath().toString(), dumpAttrs.size(),
                dumpAttrs.lastModifiedTime().toMillis(), info, content.kind().name(), content.size(), positionsSorted,
                sizeUnit, heapNames.size() > 1, javaLangClass, attributeSpecs);
        progress.finished();
        draft.commit(manifest.toJson());
        return IndexedHeapGraph.open(draft.finalDir(), dump);
    }

    /**
     * One pass over the objects in id order writes every per-object column: ids (Elias–Fano, plus
     * the temporary lookup table for the reference pass), classes, heaps, and in index order the
     * array lengths, record positions and log positions as scratch for the later passes.
     */
    private IdLookup writeObjectColumns(ObjectOrder order, int n, int javaLangClass, ObjectTable.Visitor evidence)
            throws IOException {
        progress.phase("writing object columns", n);
        long base = n == 0 ? 0 : log.minId();
        int shift = log.idAlignmentShift();
        IdLookup lookup = n == 0 ? null : IdLookup.create(n, base, shift, (log.maxId() - base) >>> shift);
        // Ids (and the lookup table) on a second thread: they need only the id of each record,
        // and their encoders are as costly as all the other columns together.
        java.util.concurrent.CompletableFuture<Void> idsDone = java.util.concurrent.CompletableFuture.runAsync(() -> {
            try {
                writeIdAndPositionColumns(order, n, base, shift, lookup);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        boolean ok = false;
        try {
            writeOtherColumns(order, n, javaLangClass, evidence);
            idsDone.join();
            ok = true;
            return lookup;
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof java.io.UncheckedIOException u) {
                throw u.getCause();
            }
            throw e;
        } finally {
            if (!ok) {
                idsDone.cancel(true);
                try {
                    idsDone.join();
                } catch (RuntimeException ignored) {
                    // already failing
                }
                if (lookup != null) {
                    lookup.close();
                }
            }
        }
    }

    /**
     * Ids, the lookup table and positions: the columns that need only the id and the position of
     * each record, written on their own thread.
     */
    private void writeIdAndPositionColumns(ObjectOrder order, int n, long base, int shift, IdLookup lookup)
            throws IOException {
        try (LogColumns main = LogColumns.open(log, draft, order.mainSequential());
                ObjectOrder.Sources sources = order.sources();
                FileChannel idCh = draft.create(Columns.IDS);
                EliasFano.Writer ids = new EliasFano.Writer(idCh, n, base, n == 0 ? 0 : log.maxId(), shift);
                FileChannel posCh = draft.create(Columns.POSITIONS);
                PositionWriter positions = new PositionWriter(posCh, n, order.positionRuns())) {
            fillIdAndPositionColumns(n, main, sources, ids, lookup, positions);
            if (lookup != null) {
                lookup.finish();
            }
            positionsEncoding = positions.encoding();
            if (positions.runTable()) {
                RunAdjusted.writeRuns(draft.file(Columns.POSITION_RUNS), order.positionRuns().startList(),
                        order.positionRuns().deltaList());
            }
        }
    }

    /** The loop of {@link #writeIdAndPositionColumns}, in a method of its own (see {@link #fillOtherColumns}). */
    private void fillIdAndPositionColumns(int n, LogColumns main, ObjectOrder.Sources sources, EliasFano.Writer ids,
            IdLookup lookup, PositionWriter positions) {
        long lastPos = 0;
        for (int k = 0; k < n; k++) {
            int src = sources.source(k);
            long id;
            if (src >= 0) {
                id = main.id(src);
                lastPos = main.position(src);
            } else {
                id = log.classIds.get(-src - 1);
                // A class object's record is never read back (classes live in memory), so it
                // takes the previous object's position and starts no new run.
            }
            ids.add(id);
            if (lookup != null) {
                lookup.add(id);
            }
            positions.add(k, lastPos);
        }
    }

    private void writeOtherColumns(ObjectOrder order, int n, int javaLangClass, ObjectTable.Visitor evidence)
            throws IOException {
        int bits = Words.bitsFor(Math.max(0, classes.classCount() - 1));
        boolean heapColumn = heapNames.size() > 1;
        int heapBits = Words.bitsFor(Math.max(0, heapNames.size() - 1));
        int[] heapStarts = log.heapRunStarts.toArray();
        int[] heapValues = log.heapRunValues.toArray();
        List<ClassTable.Slot> finalSlots = classes.finalSlots();
        ObjectKind[] kinds = new ObjectKind[finalSlots.size()];
        for (int c = 0; c < kinds.length; c++) {
            kinds[c] = switch (finalSlots.get(c).shape()) {
                case INSTANCE -> ObjectKind.INSTANCE;
                case OBJECT_ARRAY -> ObjectKind.OBJECT_ARRAY;
                case PRIMITIVE_ARRAY -> ObjectKind.PRIMITIVE_ARRAY;
            };
        }
        Path scratch = draft.scratch();
        try (LogColumns main = LogColumns.open(log, draft, order.mainSequential());
                ObjectOrder.Sources sources = order.sources();
                FileChannel classCh = draft.create(Columns.CLASS);
                PackedLongs.Writer classCol = new PackedLongs.Writer(classCh, n, bits);
                ScratchColumn lens = new ScratchColumn(scratch.resolve("index.len"), 4);
                ScratchColumn logPositions = attributes.attrs.isEmpty() ? null
                        : new ScratchColumn(scratch.resolve("index.logpos"), 4);
                FileChannel heapCh = heapColumn ? draft.create(Columns.HEAPS) : null;
                PackedLongs.Writer heaps = heapColumn ? new PackedLongs.Writer(heapCh, n, heapBits) : null) {
            fillOtherColumns(n, javaLangClass, evidence, kinds, heapStarts, heapValues, main, sources, classCol, lens,
                    logPositions, heaps);
        }
    }

    /**
     * The loop of {@link #writeOtherColumns}, in a method of its own: the JIT compiles a method that
     * holds a loop twice, on stack replacement and then normally, and the normal compilation of the
     * whole writer (its resources and their exception paths) took 0.33 s of a compiler thread while
     * both cores were busy (ARCHITECTURE.md, "Hot loops and the JIT").
     */
    private void fillOtherColumns(int n, int javaLangClass, ObjectTable.Visitor evidence, ObjectKind[] kinds,
            int[] heapStarts, int[] heapValues, LogColumns main, ObjectOrder.Sources sources,
            PackedLongs.Writer classCol, ScratchColumn lens, ScratchColumn logPositions, PackedLongs.Writer heaps) {
        int heapRun = -1;
        for (int k = 0; k < n; k++) {
            int src = sources.source(k);
            int heap;
            if (src >= 0) {
                int cls = classes.indexOf(main.slot(src));
                int length = main.length(src);
                classCol.add(cls);
                lens.addInt(length);
                if (logPositions != null) {
                    logPositions.addInt(src);
                }
                while (heapRun + 1 < heapStarts.length && heapStarts[heapRun + 1] <= src) {
                    heapRun++;
                }
                if (heapRun >= 0 && heapStarts[heapRun] > src) {
                    heapRun = java.util.Arrays.binarySearch(heapStarts, src);
                    heapRun = heapRun >= 0 ? heapRun : -heapRun - 2;
                }
                heap = heapRun < 0 ? 0 : heapValues[heapRun];
                if (evidence != null) {
                    evidence.object(k, main.id(src), cls, kinds[cls], length);
                }
            } else {
                int e = -src - 1;
                ClassTable.Slot represented = classes.slot(log.classSlots.get(e));
                represented.objectIndex = k;
                classOfClassObject.put(k, represented.index, -1);
                classCol.add(javaLangClass);
                lens.addInt(ObjectLog.NOT_AN_ARRAY);
                if (logPositions != null) {
                    logPositions.addInt(src);
                }
                heap = log.classHeaps.get(e);
                if (evidence != null) {
                    evidence.object(k, log.classIds.get(e), represented.index, ObjectKind.CLASS, -1);
                }
            }
            if (heaps != null) {
                heaps.add(heap);
            }
            if ((k & ProgressListener.STEP_MASK) == 0) {
                progress.progress(k);
            }
        }
    }

    private String positionsEncoding = "ascending";

    /**
     * Writes the positions column in the form {@link PositionRuns} chose: plain Elias–Fano when
     * they ascend, Elias–Fano of run-adjusted values with a run table for a few runs, else
     * bit-packed.
     */
    private static final class PositionWriter implements AutoCloseable {
        private final EliasFano.Writer ef;
        private final PackedLongs.Writer packed;
        private final long[] starts;
        private final long[] deltas;
        private int run = -1;

        PositionWriter(FileChannel ch, int n, PositionRuns runs) throws IOException {
            starts = runs.starts();
            deltas = runs.deltas();
            if (runs.fewRuns(n)) {
                ef = new EliasFano.Writer(ch, n, 0, runs.maxAdjusted(), 0);
                packed = null;
            } else {
                ef = null;
                packed = new PackedLongs.Writer(ch, n, Words.bitsFor(runs.maxRaw()));
            }
        }

        void add(int k, long position) {
            if (ef == null) {
                packed.add(position);
                return;
            }
            while (run + 1 < starts.length && starts[run + 1] <= k) {
                run++;
            }
            ef.add(position + (run < 0 ? 0 : deltas[run]));
        }

        boolean runTable() {
            return ef != null && starts.length > 0;
        }

        String encoding() {
            return ef == null ? "packed" : starts.length == 0 ? "ascending" : "runs";
        }

        @Override
        public void close() {
            if (ef != null) {
                ef.close();
            } else {
                packed.close();
            }
        }
    }

    private List<Manifest.AttributeSpec> writeAttributes(int n) throws IOException {
        List<Manifest.AttributeSpec> specs = new ArrayList<>();
        int i = 0;
        for (AttributeLog.Attr a : attributes.attrs.values()) {
            String file = "attr." + i++;
            long base = a.numeric ? (a.min == Long.MAX_VALUE ? 0 : a.min) : 0;
            long max = a.numeric ? (a.max == Long.MIN_VALUE ? 0 : a.max - base + 1) : a.dictionary.size();
            try (IndexStore.Mapping m = draft.mapRead(a.column.file());
                    ScratchReader logPos = new ScratchReader(draft.scratch().resolve("index.logpos"), 4);
                    FileChannel ch = draft.create(file);
                    PackedLongs.Writer w = new PackedLongs.Writer(ch, n, Words.bitsFor(max))) {
                MemorySegment values = m.segment();
                for (int k = 0; k < n; k++) {
                    int d = logPos.getInt(k);
                    long v = d >= 0 ? values.getAtIndex(Words.LONG, d)
                            : a.classValues.getOrDefault(-d - 1, AttributeLog.ABSENT);
                    w.add(v == AttributeLog.ABSENT ? 0 : (a.numeric ? v - base + 1 : v + 1));
                }
            }
            if (!a.numeric) {
                MetaFiles.writeStrings(draft.file(file + ".dict"), a.dictionary);
            }
            specs.add(new Manifest.AttributeSpec(a.name, a.numeric, base, file));
        }
        return specs;
    }

    private long writeSizes(int n, PackedLongs classCol, List<ClassTable.Slot> slots,
            int javaLangClass, SizeModel model, int unit) throws IOException {
        progress.phase("sizing objects", n);
        for (ClassTable.Slot s : slots) {
            if (s.shape() == HeapClass.Shape.INSTANCE) {
                s.instanceSize = model.instanceSize(s);
            }
            if (s.objectIndex >= 0) {
                s.classObjectSize = model.classObjectSize(s);
            }
        }
        Sizer sizer = new Sizer(classCol, slots, javaLangClass, model, unit);
        // Two halves side by side (each object's size depends on nothing else): nothing else runs now.
        int parts = threads > 1 && n >= 1 << 16 ? 2 : 1;
        SizedRange[] done = new SizedRange[parts];
        try (FileChannel out = draft.create(Columns.SIZES)) {
            java.util.concurrent.CompletableFuture<SizedRange> upper = parts == 1 ? null
                    : java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                        try {
                            return sizer.range(out, n / 2, n, 0);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    });
            try {
                done[0] = sizer.range(out, 0, parts == 1 ? n : n / 2, parts);
                if (upper != null) {
                    done[1] = upper.join();
                }
            } catch (java.util.concurrent.CompletionException e) {
                if (e.getCause() instanceof java.io.UncheckedIOException u) {
                    throw u.getCause();
                }
                throw e;
            } finally {
                if (upper != null && !upper.isDone()) {
                    // This half failed: let the other finish before its file is closed and deleted.
                    try {
                        upper.join();
                    } catch (RuntimeException ignored) {
                        // this half's failure is the one reported
                    }
                }
            }
        }
        long total = 0;
        for (SizedRange r : done) {
            for (int c = 0; c < slots.size(); c++) {
                slots.get(c).instanceCount += r.counts()[c];
                slots.get(c).shallowTotal += r.bytes()[c];
            }
            total += r.total();
        }
        try (DataOutputStream out = new DataOutputStream(
                new BufferedOutputStream(Files.newOutputStream(draft.file(Columns.SIZE_OVERFLOW))))) {
            for (SizedRange r : done) { // in object order, as the column is searched
                LongList overflow = r.overflow();
                for (int i = 0; i < overflow.size(); i++) {
                    out.writeLong(Long.reverseBytes(overflow.get(i)));
                }
            }
        }
        return total;
    }

    /** The counts, bytes and overflowing sizes (object, size pairs) of one range of objects. */
    private record SizedRange(long[] counts, long[] bytes, long total, LongList overflow) {}

    /** Sizes ranges of objects into the size column: one byte per object in size units, 255 for "see the overflow list". */
    private final class Sizer {
        private final PackedLongs classCol;
        private final List<ClassTable.Slot> slots;
        private final int javaLangClass;
        private final SizeModel model;
        private final int unit;
        private final long[] instanceSizes;
        private final boolean[] instanceShaped;

        Sizer(PackedLongs classCol, List<ClassTable.Slot> slots, int javaLangClass, SizeModel model, int unit) {
            this.classCol = classCol;
            this.slots = slots;
            this.javaLangClass = javaLangClass;
            this.model = model;
            this.unit = unit;
            instanceSizes = new long[slots.size()];
            instanceShaped = new boolean[slots.size()];
            for (int c = 0; c < slots.size(); c++) {
                instanceSizes[c] = slots.get(c).instanceSize;
                instanceShaped[c] = slots.get(c).shape() == HeapClass.Shape.INSTANCE;
            }
        }

        /**
         * Objects {@code from..to-1}, written at their place in {@code out} (positional writes:
         * thread-safe); progress is reported as {@code scale} times the objects done, or not at all for 0.
         */
        SizedRange range(FileChannel out, int from, int to, int scale) throws IOException {
            long total = 0;
            LongList overflow = new LongList();
            long[] counts = new long[slots.size()];
            long[] bytes = new long[slots.size()];
            byte[] chunk = new byte[1 << 12]; // written every 4,096 objects (ARCHITECTURE.md, "Hot loops and the JIT")
            int used = 0;
            long at = from;
            try (ScratchReader lenReader = new ScratchReader(draft.scratch().resolve("index.len"), 4)) {
                for (int k = from; k < to; k++) {
                    int cls = (int) classCol.get(k);
                    long size;
                    if (cls == javaLangClass && classOfClassObject.containsKey(k)) {
                        size = slots.get(classOfClassObject.get(k, -1)).classObjectSize;
                    } else if (instanceShaped[cls]) {
                        size = instanceSizes[cls];
                    } else {
                        size = model.arraySize(slots.get(cls).elementType(), lenReader.getInt(k));
                    }
                    counts[cls]++;
                    bytes[cls] += size;
                    total += size;
                    long units = size / unit;
                    if (size % unit == 0 && units < 255) {
                        chunk[used++] = (byte) units;
                    } else {
                        chunk[used++] = (byte) 255;
                        overflow.add(k);
                        overflow.add(size);
                    }
                    if (used == chunk.length) {
                        writeFully(out, chunk, used, at);
                        at += used;
                        used = 0;
                    }
                    if (scale > 0 && ((k - from) & ProgressListener.STEP_MASK) == 0) {
                        progress.progress((long) (k - from) * scale);
                    }
                }
                writeFully(out, chunk, used, at);
            }
            return new SizedRange(counts, bytes, total, overflow);
        }
    }

    private LongColumn positionsColumn(MemorySegment file, boolean sorted) throws IOException {
        return Positions.open(file, sorted, draft.file(Columns.POSITION_RUNS));
    }

    private static void writeFully(FileChannel out, byte[] bytes, int length, long position) throws IOException {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(bytes, 0, length);
        while (b.hasRemaining()) {
            out.write(b, position + b.position());
        }
    }

    private void writeGzipBlocks() throws IOException {
        long[] members = content.memberStarts();
        long[] blocks = content.blockStarts();
        try (DataOutputStream out = new DataOutputStream(
                new BufferedOutputStream(Files.newOutputStream(draft.file(Columns.GZIP_BLOCKS))))) {
            out.writeInt(members.length);
            for (long m : members) {
                out.writeLong(m);
            }
            for (long b : blocks) {
                out.writeLong(b);
            }
        }
    }

    private RootColumns resolveRoots(EliasFano ids) {
        RootColumns roots = new RootColumns(meta.rootIds.size());
        RootKind[] kinds = RootKind.values();
        long unresolved = 0;
        for (int i = 0; i < meta.rootIds.size(); i++) {
            long idx = ids.indexOf(meta.rootIds.get(i));
            if (idx < 0) {
                unresolved++;
                continue;
            }
            roots.add((int) idx, kinds[meta.rootKinds.get(i)], meta.rootThreads.get(i), meta.rootFrames.get(i));
        }
        if (unresolved > 0) {
            warnings.add(unresolved + " GC roots name objects the dump does not contain; they are left out");
        }
        return roots;
    }

    private List<HeapThread> resolveThreads(EliasFano ids, RootColumns roots) {
        Map<Integer, List<GcRoot>> rootsByThread = new HashMap<>();
        for (int i = 0; i < roots.size(); i++) {
            if (roots.thread(i) >= 0 && roots.kind(i) != RootKind.THREAD_OBJECT) {
                rootsByThread.computeIfAbsent(roots.thread(i), k -> new ArrayList<>()).add(roots.get(i));
            }
        }
        List<HeapThread> out = new ArrayList<>();
        for (PendingMeta.PendingThread t : meta.threads) {
            long[] frameIds = meta.traces.getOrDefault(t.traceSerial(), new long[0]);
            List<List<Integer>> locals = new ArrayList<>();
            for (int i = 0; i < frameIds.length; i++) {
                locals.add(new ArrayList<>());
            }
            List<Integer> other = new ArrayList<>();
            for (GcRoot r : rootsByThread.getOrDefault(t.serial(), List.of())) {
                List<Integer> into = r.frame() >= 0 && r.frame() < frameIds.length ? locals.get(r.frame()) : other;
                if (!into.contains(r.object())) {
                    into.add(r.object()); // two slots holding one object are listed once
                }
            }
            List<StackFrame> frames = new ArrayList<>(frameIds.length);
            for (int i = 0; i < frameIds.length; i++) {
                PendingMeta.Frame f = meta.frames.get(frameIds[i]);
                if (f == null) {
                    f = new PendingMeta.Frame("", "unknown frame " + dev.heapwise.graph.Ids.hex(frameIds[i]), "", "", 0);
                }
                frames.add(new StackFrame(f.className(), f.method(), f.signature(), f.sourceFile(), f.line(),
                        List.copyOf(locals.get(i))));
            }
            long idx = t.objectId() == 0 ? -1 : ids.indexOf(t.objectId());
            out.add(new HeapThread(t.serial(), (int) idx, t.name() == null ? "" : t.name(), frames, other));
        }
        return out;
    }

    private List<MetaFiles.StoredClass> storedClasses(List<ClassTable.Slot> slots) {
        List<MetaFiles.StoredClass> out = new ArrayList<>(slots.size());
        for (ClassTable.Slot s : slots) {
            var def = s.def();
            int superIndex = s.superSlot == null ? -1 : s.superSlot.index;
            HeapClass hc = new HeapClass(s.index, s.name(), s.classObjectId, s.objectIndex, superIndex,
                    def == null ? 0 : def.loaderId(), s.shape(), s.elementType(), s.fields(), s.statics(),
                    s.shape() == HeapClass.Shape.INSTANCE ? s.instanceSize : 0, s.instanceCount, s.shallowTotal);
            out.add(new MetaFiles.StoredClass(hc, def == null ? 0 : def.signersId(),
                    def == null ? 0 : def.protectionDomainId(), def == null ? new long[0] : def.constantPoolRefs(),
                    s.classObjectSize));
        }
        return out;
    }

    /** The objects as a size model sees them while sizing. */
    private final class Table implements ObjectTable {
        private final int n;
        private final EliasFano ids;
        private final PackedLongs classCol;
        private final MemorySegment lens;
        private final List<ClassTable.Slot> slots;
        private final int javaLangClass;

        Table(int n, EliasFano ids, PackedLongs classCol, MemorySegment lens, List<ClassTable.Slot> slots,
                int javaLangClass) {
            this.n = n;
            this.ids = ids;
            this.classCol = classCol;
            this.lens = lens;
            this.slots = slots;
            this.javaLangClass = javaLangClass;
        }

        @Override
        public int objectCount() {
            return n;
        }

        @Override
        public long id(int object) {
            return ids.get(object);
        }

        private boolean isClassObject(int object, int cls) {
            return cls == javaLangClass && classOfClassObject.containsKey(object);
        }

        @Override
        public ObjectKind kind(int object) {
            int cls = (int) classCol.get(object);
            if (isClassObject(object, cls)) {
                return ObjectKind.CLASS;
            }
            return switch (slots.get(cls).shape()) {
                case INSTANCE -> ObjectKind.INSTANCE;
                case OBJECT_ARRAY -> ObjectKind.OBJECT_ARRAY;
                case PRIMITIVE_ARRAY -> ObjectKind.PRIMITIVE_ARRAY;
            };
        }

        @Override
        public ClassInfo classInfo(int object) {
            int cls = (int) classCol.get(object);
            if (isClassObject(object, cls)) {
                return slots.get(classOfClassObject.get(object, -1));
            }
            return slots.get(cls);
        }

        @Override
        public long arrayLength(int object) {
            return lens.getAtIndex(Words.INT, object);
        }

        @Override
        public List<? extends ClassInfo> classes() {
            return slots;
        }

        @Override
        public int classIndex(int object) {
            int cls = (int) classCol.get(object);
            return isClassObject(object, cls) ? classOfClassObject.get(object, -1) : cls;
        }

        @Override
        public void scan(Visitor visitor) {
            EliasFano.Cursor c = ids.cursor(0);
            ObjectKind[] kinds = new ObjectKind[slots.size()];
            for (int i = 0; i < kinds.length; i++) {
                kinds[i] = switch (slots.get(i).shape()) {
                    case INSTANCE -> ObjectKind.INSTANCE;
                    case OBJECT_ARRAY -> ObjectKind.OBJECT_ARRAY;
                    case PRIMITIVE_ARRAY -> ObjectKind.PRIMITIVE_ARRAY;
                };
            }
            for (int k = 0; k < n; k++) {
                long id = c.next();
                int cls = (int) classCol.get(k);
                if (isClassObject(k, cls)) {
                    visitor.object(k, id, classOfClassObject.get(k, -1), ObjectKind.CLASS, -1);
                } else {
                    visitor.object(k, id, cls, kinds[cls], lens.getAtIndex(Words.INT, k));
                }
            }
        }
    }
}
