package dev.heapwise.graph.internal;

import dev.heapwise.graph.StaticField;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.build.ClassDef;
import dev.heapwise.graph.build.ClassInfo;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.graph.io.ContentSource;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Builds the outbound and inbound reference columns (CSR: Elias–Fano offsets plus bit-packed
 * object indexes). Reads every object body once in index order, resolving each referenced id to
 * an index; worker threads take chunks of consecutive objects and write their references to their
 * own scratch file. The chunks are then stitched in order into the outbound columns while
 * in-degrees are counted, and the inbound columns are filled by one backwards sweep that writes
 * each source at the end of its target's slot range, so referrers come out in ascending order.
 *
 * <p>Per-object and per-reference work is tight primitive code on mapped memory: with 10^8
 * objects any per-object allocation or boxing would dominate the build.
 */
final class ReferenceIndexer {
    private static final int CHUNK = 1 << 14;

    private final IndexStore.Draft draft;
    private final int n;
    private final int idSize;
    private final EliasFano ids;
    private final PackedLongs classColumn;
    private final LongColumn positions;
    private final List<ClassTable.Slot> classes;
    private final int javaLangClass;
    private final LongIntMap classOfClassObject;
    private final ContentSource content;
    private final int threads;
    private final ProgressListener progress;
    private final AtomicLong unresolved = new AtomicLong();
    private final AtomicLong badRecords = new AtomicLong();
    private int[][] definedClasses;
    private LongIntMap definedClassesOf;

    ReferenceIndexer(IndexStore.Draft draft, int n, int idSize, EliasFano ids, PackedLongs classColumn,
            LongColumn positions, List<ClassTable.Slot> classes, int javaLangClass, LongIntMap classOfClassObject,
            ContentSource content, int threads, ProgressListener progress) {
        this.draft = draft;
        this.n = n;
        this.idSize = idSize;
        this.ids = ids;
        this.classColumn = classColumn;
        this.positions = positions;
        this.classes = classes;
        this.javaLangClass = javaLangClass;
        this.classOfClassObject = classOfClassObject;
        this.content = content;
        this.threads = Math.max(1, threads);
        this.progress = progress;
    }

    record Result(long references, long unresolved, long badRecords) {}

    Result run() throws IOException {
        indexDefinedClasses();
        Path scratch = draft.scratch();
        int chunks = (n + CHUNK - 1) / CHUNK;
        int[] chunkThread = new int[chunks];
        long[] chunkStart = new long[chunks];
        long total;
        progress.phase("reading references", n);
        try (IndexStore.Mapping degrees = draft.createMapped(scratch.resolve("refs.degree"), 4L * Math.max(n, 1))) {
            total = extract(scratch, chunks, chunkThread, chunkStart, degrees.segment());
            progress.phase("indexing referrers", total);
            try (IndexStore.Mapping inDegrees = draft.createMapped(scratch.resolve("refs.indegree"), 8L * (n + 1))) {
                writeOutbound(scratch, chunks, chunkThread, chunkStart, degrees.segment(), inDegrees.segment(), total);
                writeInbound(inDegrees.segment(), total);
            }
        }
        return new Result(total, unresolved.get(), badRecords.get());
    }

    /** Class loaders reference the classes they define, as in MAT, so a loader retains its classes. */
    private void indexDefinedClasses() {
        definedClassesOf = new LongIntMap(64);
        List<IntList> lists = new ArrayList<>();
        for (ClassTable.Slot c : classes) {
            ClassDef def = c.def();
            if (def == null || def.loaderId() == 0 || c.objectIndex() < 0) {
                continue;
            }
            long loader = ids.indexOf(def.loaderId());
            if (loader < 0) {
                continue;
            }
            int li = definedClassesOf.get(loader, -1);
            if (li < 0) {
                li = lists.size();
                definedClassesOf.put(loader, li, -1);
                lists.add(new IntList(8));
            }
            lists.get(li).add(c.objectIndex());
        }
        definedClasses = new int[lists.size()][];
        for (int i = 0; i < lists.size(); i++) {
            definedClasses[i] = lists.get(i).toArray();
        }
    }

    private long extract(Path scratch, int chunks, int[] chunkThread, long[] chunkStart, MemorySegment degrees)
            throws IOException {
        AtomicInteger nextChunk = new AtomicInteger();
        AtomicLong done = new AtomicLong();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "heapwise-refs");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Long>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int worker = t;
                Path file = scratch.resolve("refs.part" + t);
                futures.add(pool.submit(() -> {
                    try (ScratchColumn out = new ScratchColumn(file, 4)) {
                        Extractor ex = new Extractor(out, degrees);
                        for (int c; (c = nextChunk.getAndIncrement()) < chunks; ) {
                            chunkThread[c] = worker;
                            chunkStart[c] = out.count();
                            int from = c * CHUNK;
                            int to = Math.min(n, from + CHUNK);
                            for (int k = from; k < to; k++) {
                                ex.object(k);
                            }
                            done.addAndGet(to - from);
                        }
                        return out.count();
                    }
                }));
            }
            long total = 0;
            for (Future<Long> f : futures) {
                while (true) {
                    try {
                        total += f.get(200, java.util.concurrent.TimeUnit.MILLISECONDS);
                        break;
                    } catch (java.util.concurrent.TimeoutException waiting) {
                        progress.progress(done.get());
                    }
                }
            }
            return total;
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException io) {
                throw io;
            }
            if (c instanceof RuntimeException re) {
                throw re;
            }
            throw new IOException(c);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }

    /** Reads one object's references; one per worker thread. */
    private final class Extractor {
        private final ScratchColumn out;
        private final MemorySegment degrees;
        private final ContentReader reader = new ContentReader(content, 1 << 20);
        private int degree;

        Extractor(ScratchColumn out, MemorySegment degrees) {
            this.out = out;
            this.degrees = degrees;
        }

        void object(int k) {
            degree = 0;
            int cls = (int) classColumn.get(k);
            ClassTable.Slot slot = classes.get(cls);
            if (cls == javaLangClass && classOfClassObject.containsKey(k)) {
                classObject(classes.get(classOfClassObject.get(k, -1)));
            } else {
                switch (slot.shape()) {
                    case INSTANCE -> instance(k, slot);
                    case OBJECT_ARRAY -> objectArray(k);
                    case PRIMITIVE_ARRAY -> { }
                }
            }
            int li = definedClassesOf.size() == 0 ? -1 : definedClassesOf.get(k, -1);
            if (li >= 0) {
                for (int c : definedClasses[li]) {
                    emitIndex(c);
                }
            }
            degrees.setAtIndex(Words.INT, k, degree);
        }

        private void instance(int k, ClassTable.Slot slot) {
            int[] offsets = slot.refOffsets();
            if (offsets.length == 0) {
                return;
            }
            long p = positions.get(k);
            int header = ObjectRecords.instanceHeader(idSize);
            int at = reader.load(p, header + slot.contentSize());
            ByteBuffer b = reader.buffer();
            if (reader.available(p) < header || (b.get(at) & 0xFF) != ObjectRecords.INSTANCE) {
                badRecords.incrementAndGet();
                return;
            }
            int nbytes = b.getInt(at + header - 4);
            long avail = Math.min(nbytes, reader.available(p) - header);
            for (int off : offsets) {
                if (off + idSize <= avail) {
                    emitId(reader.id(at + header + off, idSize));
                }
            }
        }

        private void objectArray(int k) {
            long p = positions.get(k);
            int header = ObjectRecords.objectArrayHeader(idSize);
            int at = reader.load(p, header);
            ByteBuffer b = reader.buffer();
            if (reader.available(p) < header || (b.get(at) & 0xFF) != ObjectRecords.OBJECT_ARRAY) {
                badRecords.incrementAndGet();
                return;
            }
            long length = b.getInt(at + ObjectRecords.arrayLengthOffset(idSize)) & 0xFFFFFFFFL;
            long base = p + header;
            int perChunk = (1 << 20) / idSize;
            for (long i = 0; i < length; ) {
                int count = (int) Math.min(perChunk, length - i);
                long from = base + i * idSize;
                int a = reader.load(from, count * idSize);
                long have = Math.min(count, reader.available(from) / idSize);
                for (int j = 0; j < have; j++) {
                    emitId(reader.id(a + j * idSize, idSize));
                }
                if (have < count) {
                    badRecords.incrementAndGet();
                    return;
                }
                i += count;
            }
        }

        private void classObject(ClassTable.Slot represented) {
            ClassDef def = represented.def();
            if (def == null) {
                return;
            }
            ClassInfo sup = represented.superclass();
            if (sup instanceof ClassTable.Slot superSlot && superSlot.classObjectId() != 0) {
                emitId(superSlot.classObjectId());
            }
            emitId(def.loaderId());
            emitId(def.signersId());
            emitId(def.protectionDomainId());
            for (StaticField f : def.statics()) {
                if (f.type() == FieldType.OBJECT) {
                    emitId(f.raw());
                }
            }
            for (long id : def.constantPoolRefs()) {
                emitId(id);
            }
        }

        private void emitId(long id) {
            if (id == 0) {
                return;
            }
            long t = ids.indexOf(id);
            if (t < 0) {
                unresolved.incrementAndGet();
                return;
            }
            emitIndex((int) t);
        }

        private void emitIndex(int t) {
            out.addInt(t);
            degree++;
        }
    }

    private void writeOutbound(Path scratch, int chunks, int[] chunkThread, long[] chunkStart, MemorySegment degrees,
            MemorySegment inDegrees, long total) throws IOException {
        int bits = Words.bitsFor(Math.max(0, n - 1));
        ScratchIntReader[] parts = new ScratchIntReader[threads];
        try (FileChannel offCh = draft.create(Columns.OUT_OFFSETS);
                FileChannel refCh = draft.create(Columns.OUT_REFS);
                EliasFano.Writer offsets = new EliasFano.Writer(offCh, n + 1L, 0, total, 0);
                PackedLongs.Writer refs = new PackedLongs.Writer(refCh, total, bits)) {
            for (int t = 0; t < threads; t++) {
                parts[t] = new ScratchIntReader(scratch.resolve("refs.part" + t));
            }
            long offset = 0;
            for (int c = 0; c < chunks; c++) {
                ScratchIntReader part = parts[chunkThread[c]];
                part.seek(chunkStart[c]);
                int from = c * CHUNK;
                int to = Math.min(n, from + CHUNK);
                for (int k = from; k < to; k++) {
                    offsets.add(offset);
                    int d = degrees.getAtIndex(Words.INT, k);
                    for (int j = 0; j < d; j++) {
                        int t = part.next();
                        refs.add(t);
                        inDegrees.setAtIndex(Words.LONG, t, inDegrees.getAtIndex(Words.LONG, t) + 1);
                    }
                    offset += d;
                }
                progress.progress(offset / 2);
            }
            offsets.add(offset);
        } finally {
            for (ScratchIntReader p : parts) {
                if (p != null) {
                    p.close();
                }
            }
        }
    }

    /**
     * Writes the inbound offsets, then fills the inbound column by walking sources from last to
     * first and placing each at the end of its target's remaining range.
     */
    private void writeInbound(MemorySegment inDegrees, long total) throws IOException {
        long sum = 0;
        try (FileChannel offCh = draft.create(Columns.IN_OFFSETS);
                EliasFano.Writer offsets = new EliasFano.Writer(offCh, n + 1L, 0, total, 0)) {
            for (int t = 0; t < n; t++) {
                offsets.add(sum);
                sum += inDegrees.getAtIndex(Words.LONG, t);
                inDegrees.setAtIndex(Words.LONG, t, sum); // now the end of t's range
            }
            offsets.add(sum);
        }
        int bits = Words.bitsFor(Math.max(0, n - 1));
        try (IndexStore.Mapping outOff = draft.mapRead(draft.file(Columns.OUT_OFFSETS));
                IndexStore.Mapping outRefs = draft.mapRead(draft.file(Columns.OUT_REFS));
                IndexStore.Mapping in = draft.createMapped(draft.file(Columns.IN_REFS), PackedLongs.fileSize(total, bits))) {
            EliasFano outOffsets = EliasFano.open(outOff.segment(), Columns.OUT_OFFSETS);
            PackedLongs out = PackedLongs.open(outRefs.segment(), Columns.OUT_REFS);
            PackedLongs inRefs = PackedLongs.create(in.segment(), total, bits);
            long end = total;
            long done = 0;
            for (int s = n - 1; s >= 0; s--) {
                long start = outOffsets.get(s);
                for (long e = end - 1; e >= start; e--) {
                    int t = (int) out.get(e);
                    long slot = inDegrees.getAtIndex(Words.LONG, t) - 1;
                    inDegrees.setAtIndex(Words.LONG, t, slot);
                    inRefs.set(slot, s);
                }
                done += end - start;
                end = start;
                if ((s & 0xFFFF) == 0) {
                    progress.progress(total / 2 + done / 2);
                }
            }
        }
    }
}
