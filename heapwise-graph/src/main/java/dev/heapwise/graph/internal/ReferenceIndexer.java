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
 * <p>Besides its record's references, a class loader refers to the classes it defined, and a
 * thread object to the objects its stack holds ({@link LocalRefs}), in that order after them.
 *
 * <p>Per-object and per-reference work is tight primitive code on mapped memory: with 10^8
 * objects any per-object allocation or boxing would dominate the build.
 */
final class ReferenceIndexer {
    private static final int CHUNK = 1 << 14;

    private final IndexStore.Draft draft;
    private final int n;
    private final int idSize;
    private final java.util.function.LongToIntFunction ids;
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
    private final MissingReferrers missingReferrers = new MissingReferrers();
    private int[][] definedClasses;
    private LongIntMap definedClassesOf;
    private final LocalRefs locals;

    ReferenceIndexer(IndexStore.Draft draft, int n, int idSize, java.util.function.LongToIntFunction ids,
            PackedLongs classColumn,
            LongColumn positions, List<ClassTable.Slot> classes, int javaLangClass, LongIntMap classOfClassObject,
            ContentSource content, LocalRefs locals, int threads, ProgressListener progress) {
        this.draft = draft;
        this.locals = locals;
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

    /**
     * @param unresolved        references to ids no object of the dump has
     * @param missingReferrers  the objects that hold them, as far as known
     */
    record Result(long references, long unresolved, long badRecords, MissingReferrers missingReferrers) {}

    Result run() throws IOException {
        indexDefinedClasses();
        Path scratch = draft.scratch();
        int chunks = (n + CHUNK - 1) / CHUNK;
        int[] chunkThread = new int[chunks];
        long[] chunkStart = new long[chunks];
        long total;
        progress.phase("reading references", n);
        Partitions[] partitions = new Partitions[threads];
        for (int t = 0; t < threads; t++) {
            partitions[t] = new Partitions(scratch, n, t);
        }
        try (IndexStore.Mapping degrees = draft.createMapped(scratch.resolve("refs.degree"), 4L * Math.max(n, 1))) {
            total = extract(scratch, chunks, chunkThread, chunkStart, degrees.segment(), partitions);
            progress.phase("indexing referrers", n);
            // The outbound and inbound columns are independent once every reference is read.
            long edges = total;
            java.util.concurrent.CompletableFuture<Void> inbound = java.util.concurrent.CompletableFuture.runAsync(() -> {
                try {
                    writeInbound(partitions, edges);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            try {
                writeOutbound(scratch, chunks, chunkThread, chunkStart, degrees.segment(), total);
                inbound.join();
            } catch (java.util.concurrent.CompletionException e) {
                if (e.getCause() instanceof java.io.UncheckedIOException u) {
                    throw u.getCause();
                }
                throw e;
            } finally {
                if (!inbound.isDone()) {
                    try {
                        inbound.join();
                    } catch (RuntimeException ignored) {
                        // the outbound failure is the one reported
                    }
                }
            }
        }
        draft.deleteScratch(scratch.resolve("refs.degree"));
        return new Result(total, unresolved.get(), badRecords.get(), missingReferrers);
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
            long loader = ids.applyAsInt(def.loaderId());
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

    private long extract(Path scratch, int chunks, int[] chunkThread, long[] chunkStart, MemorySegment degrees,
            Partitions[] partitions) throws IOException {
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
                    try (ScratchColumn out = new ScratchColumn(file, 4); Partitions parts = partitions[worker]) {
                        Extractor ex = new Extractor(out, degrees, parts);
                        for (int c; (c = nextChunk.getAndIncrement()) < chunks; ) {
                            chunkThread[c] = worker;
                            chunkStart[c] = out.count();
                            int from = c * CHUNK;
                            int to = Math.min(n, from + CHUNK);
                            ex.chunk(from, to);
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
            throw failure(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Reads the references of a chunk of objects; one per worker thread. Ids are first collected
     * for the whole chunk and then resolved in one tight loop, where the processor overlaps the
     * cache misses of independent lookups.
     */
    private final class Extractor {
        private final ScratchColumn out;
        private final MemorySegment degrees;
        private final Partitions partitions;
        private final ContentReader reader = new ContentReader(content, 1 << 20);
        /** Raw ids of the chunk's references; an already resolved index c is stored as -(c + 1). */
        private long[] raw = new long[1 << 16];
        private int[] resolved = new int[1 << 16];
        private int rawCount;
        private final int[] objectStart = new int[CHUNK + 1];

        Extractor(ScratchColumn out, MemorySegment degrees, Partitions partitions) {
            this.out = out;
            this.degrees = degrees;
            this.partitions = partitions;
        }

        /**
         * The three loops are methods of their own (ARCHITECTURE.md, "Hot loops and the JIT"): in
         * one, they were compiled up to six times in one index build without the AOT cache.
         */
        void chunk(int from, int to) {
            collect(from, to);
            if (resolved.length < rawCount) {
                resolved = new int[raw.length];
            }
            long missing = resolve();
            if (missing > 0) {
                unresolved.addAndGet(missing);
                noteMissing(from, to);
            }
            emit(from, to);
        }

        /** Notes which objects of {@code [from, to)} hold the chunk's unresolved references: rare, so a loop apart. */
        private void noteMissing(int from, int to) {
            for (int k = from; k < to; k++) {
                int count = 0;
                for (int i = objectStart[k - from]; i < objectStart[k - from + 1]; i++) {
                    if (resolved[i] < 0) {
                        count++;
                    }
                }
                if (count > 0) {
                    missingReferrers.add(k, count);
                }
            }
        }

        /**
         * Gathers the raw ids of objects {@code [from, to)}, and where each object's ids start. The
         * few thread objects with locals are found by one search per chunk, not a look-up per object.
         */
        private void collect(int from, int to) {
            rawCount = 0;
            LongColumn.Cursor pos = positions.cursor(from);
            int[] holders = locals.threads();
            int nextHolder = locals.firstSlotAtOrAfter(from);
            for (int k = from; k < to; k++) {
                objectStart[k - from] = rawCount;
                object(k, pos.next());
                if (nextHolder < holders.length && holders[nextHolder] == k) {
                    for (int t : locals.targets(nextHolder++)) {
                        add(-(t + 1L));
                    }
                }
            }
            objectStart[to - from] = rawCount;
        }

        /** Resolves the gathered ids to object indexes (-1: not in the dump); returns how many are missing. */
        private long resolve() {
            long missing = 0;
            for (int i = 0; i < rawCount; i++) {
                long v = raw[i];
                int t = v < 0 ? (int) (-v - 1) : ids.applyAsInt(v);
                resolved[i] = t;
                if (t < 0) {
                    missing++;
                }
            }
            return missing;
        }

        /** Writes the resolved references of objects {@code [from, to)} and their out-degrees. */
        private void emit(int from, int to) {
            for (int k = from; k < to; k++) {
                int degree = 0;
                for (int i = objectStart[k - from]; i < objectStart[k - from + 1]; i++) {
                    int t = resolved[i];
                    if (t >= 0) {
                        out.addInt(t);
                        partitions.add(k, t);
                        degree++;
                    }
                }
                degrees.setAtIndex(Words.INT, k, degree);
            }
        }

        private void object(int k, long p) {
            int cls = (int) classColumn.get(k);
            ClassTable.Slot slot = classes.get(cls);
            if (cls == javaLangClass && classOfClassObject.containsKey(k)) {
                classObject(classes.get(classOfClassObject.get(k, -1)));
            } else {
                switch (slot.shape()) {
                    case INSTANCE -> instance(p, slot);
                    case OBJECT_ARRAY -> objectArray(p);
                    case PRIMITIVE_ARRAY -> { }
                }
            }
            int li = definedClassesOf.size() == 0 ? -1 : definedClassesOf.get(k, -1);
            if (li >= 0) {
                for (int c : definedClasses[li]) {
                    add(-(c + 1L));
                }
            }
        }

        private void add(long v) {
            if (rawCount == raw.length) {
                raw = java.util.Arrays.copyOf(raw, raw.length * 2);
            }
            raw[rawCount++] = v;
        }

        private void instance(long p, ClassTable.Slot slot) {
            int[] offsets = slot.refOffsets();
            if (offsets.length == 0) {
                return;
            }
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

        private void objectArray(long p) {
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
            if (id > 0) {
                add(id);
            } else if (id < 0) {
                // An id with the top bit set cannot share the "resolved index" encoding: resolve it now.
                int t = ids.applyAsInt(id);
                if (t >= 0) {
                    add(-(t + 1L));
                } else {
                    unresolved.incrementAndGet();
                }
            }
        }
    }

    private void writeOutbound(Path scratch, int chunks, int[] chunkThread, long[] chunkStart, MemorySegment degrees,
            long total) throws IOException {
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
                offset = writeChunk(offsets, refs, part, degrees, from, Math.min(n, from + CHUNK), offset);
                progress.progress(from / 2);
            }
            offsets.add(offset);
        } finally {
            for (ScratchIntReader p : parts) {
                if (p != null) {
                    p.close();
                }
            }
            for (int t = 0; t < threads; t++) {
                draft.deleteScratch(scratch.resolve("refs.part" + t));
            }
        }
    }

    /**
     * Rows {@code [from, to)} of the outbound columns; returns the offset after them. A method of its
     * own, as a hot loop that runs more than once is (ARCHITECTURE.md, "Hot loops and the JIT").
     */
    private static long writeChunk(EliasFano.Writer offsets, PackedLongs.Writer refs, ScratchIntReader part,
            MemorySegment degrees, int from, int to, long offset) {
        for (int k = from; k < to; k++) {
            offsets.add(offset);
            int d = degrees.getAtIndex(Words.INT, k);
            for (int j = 0; j < d; j++) {
                refs.add(part.next());
            }
            offset += d;
        }
        return offset;
    }

    /**
     * One worker's references bucketed by target range (at most 64 ranges, so the buffers stay in
     * cache), ascending by source within each file, so the inbound columns can be written one
     * target range at a time with all counting in cache.
     */
    private static final class Partitions implements AutoCloseable {
        final int range;
        final int count;
        final ScratchColumn[] files;

        Partitions(Path scratch, int n, int worker) throws IOException {
            range = Math.max(1 << 16, (n + 63) / 64);
            count = Math.max(1, (n + range - 1) / range);
            files = new ScratchColumn[count];
            for (int p = 0; p < count; p++) {
                files[p] = new ScratchColumn(scratch.resolve("refs.in.part" + worker + "." + p), 8);
            }
        }

        void add(int source, int target) {
            files[target / range].addLong(((long) source << 32) | (target & 0xFFFFFFFFL));
        }

        @Override
        public void close() throws IOException {
            for (ScratchColumn f : files) {
                f.close();
            }
        }
    }

    /**
     * Writes the inbound offsets and references target range by target range: count the range's
     * in-degrees, place each source in its target's slots, and sort each target's referrers (the
     * workers' files are each ascending, so a list is at most a few ascending runs). Ranges are
     * prepared on two threads, a few ahead, and written in order by this one: the outbound columns
     * are written beside this on one core and finish first, and preparing is most of the work.
     */
    private void writeInbound(Partitions[] workers, long total) throws IOException {
        int bits = Words.bitsFor(Math.max(0, n - 1));
        long written = 0;
        Partitions first = workers[0];
        int ranges = first.count;
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(2, threads), r -> {
            Thread t = new Thread(r, "heapwise-referrers");
            t.setDaemon(true);
            return t;
        });
        List<Future<InboundRange>> ahead = new ArrayList<>();
        // Arrays of written ranges go back for the next ones: fresh ones for each of 64 ranges made
        // hundreds of MB of garbage, and the Java heap grew by a hundred MB for the rest of the run.
        java.util.concurrent.BlockingQueue<int[][]> spare = new java.util.concurrent.ArrayBlockingQueue<>(8);
        try (FileChannel offCh = draft.create(Columns.IN_OFFSETS);
                FileChannel refCh = draft.create(Columns.IN_REFS);
                EliasFano.Writer offsets = new EliasFano.Writer(offCh, n + 1L, 0, total, 0);
                PackedLongs.Writer refs = new PackedLongs.Writer(refCh, total, bits)) {
            int submitted = 0;
            for (int p = 0; p < ranges; p++) {
                // At most four ranges prepared or in preparation: a few MB each.
                while (submitted < ranges && submitted < p + 4) {
                    int q = submitted++;
                    ahead.add(pool.submit(() -> prepareInbound(workers, q, spare.poll())));
                }
                InboundRange r = awaitRange(ahead.get(p));
                ahead.set(p, null);
                addOffsets(offsets, written, r.start(), r.targets());
                addAll(refs, r.sources(), r.edges());
                written += r.edges();
                spare.offer(new int[][] {r.sources(), r.start(), r.fill()});
                for (Partitions w : workers) {
                    java.nio.file.Files.deleteIfExists(w.files[p].file());
                }
            }
            offsets.add(written);
        } finally {
            pool.shutdownNow();
            // After a failure, ranges still being prepared must stop mapping scratch before it is deleted.
            try {
                pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    // The two loops per range, each in a method of its own (ARCHITECTURE.md, "Hot loops and the JIT").
    private static void addOffsets(EliasFano.Writer offsets, long base, int[] start, int count) {
        for (int t = 0; t < count; t++) {
            offsets.add(base + start[t]);
        }
    }

    private static void addAll(PackedLongs.Writer refs, int[] values, int count) {
        for (int e = 0; e < count; e++) {
            refs.add(values[e]);
        }
    }

    /**
     * One target range's referrers: {@code start[t]} is where target t's list begins in
     * {@code sources}; {@code fill} is a working array, handed back with the others for reuse.
     */
    private record InboundRange(int targets, int[] start, int[] sources, int edges, int[] fill) {}

    /** {@code reuse}: the sources, start and fill arrays of a written range, or null. */
    private InboundRange prepareInbound(Partitions[] workers, int p, int[][] reuse) throws IOException {
        Partitions first = workers[0];
        int from = p * first.range;
        int to = (int) Math.min(n, (long) from + first.range);
        long edges = 0;
        for (Partitions w : workers) {
            edges += w.files[p].count();
        }
        if (edges > Integer.MAX_VALUE - 8) {
            throw new IOException("more than 2^31 references into one range of objects");
        }
        int[] sources = reuse != null && reuse[0].length >= edges ? reuse[0]
                : new int[(int) Math.min(Integer.MAX_VALUE - 8, edges + edges / 4)]; // room for bigger ranges
        int[] counts = reuse != null && reuse[2].length >= to - from + 1 ? reuse[2] : new int[to - from + 1];
        int[] start = reuse != null && reuse[1].length >= to - from + 1 ? reuse[1] : new int[to - from + 1];
        java.util.Arrays.fill(counts, 0, to - from + 1, 0);
        IndexStore.Mapping[] maps = new IndexStore.Mapping[workers.length];
        try {
            // Each loop in a small method of its own (ARCHITECTURE.md, "Hot loops and the JIT"): with
            // all four here, this method was compiled up to ten times in one index build without
            // the AOT cache.
            for (int w = 0; w < workers.length; w++) {
                maps[w] = draft.mapRead(workers[w].files[p].file());
                countTargets(maps[w].segment(), workers[w].files[p].count(), from, counts);
            }
            prefixSums(counts, to - from);
            System.arraycopy(counts, 0, start, 0, to - from + 1);
            for (int w = 0; w < workers.length; w++) {
                placeSources(maps[w].segment(), workers[w].files[p].count(), from, counts, sources);
            }
            if (workers.length > 1) {
                sortRows(sources, start, to - from);
            }
            return new InboundRange(to - from, start, sources, (int) edges, counts);
        } finally {
            for (IndexStore.Mapping m : maps) {
                if (m != null) {
                    m.close();
                }
            }
        }
    }

    /** Counts the (target, source) pairs by target: {@code counts[target - from + 1]++}. */
    private static void countTargets(MemorySegment pairs, long m, int from, int[] counts) {
        for (long e = 0; e < m; e++) {
            counts[(int) pairs.getAtIndex(Words.LONG, e) - from + 1]++;
        }
    }

    private static void prefixSums(int[] counts, int rows) {
        for (int t = 0; t < rows; t++) {
            counts[t + 1] += counts[t];
        }
    }

    /** Puts each pair's source at its target's next free slot. */
    private static void placeSources(MemorySegment pairs, long m, int from, int[] next, int[] sources) {
        for (long e = 0; e < m; e++) {
            long pair = pairs.getAtIndex(Words.LONG, e);
            sources[next[(int) pair - from]++] = (int) (pair >>> 32);
        }
    }

    /** Sorts each row of sources (rows merged from several workers' files are not in order). */
    private static void sortRows(int[] sources, int[] start, int rows) {
        for (int t = 0; t < rows; t++) {
            if (start[t + 1] - start[t] > 1) {
                java.util.Arrays.sort(sources, start[t], start[t + 1]);
            }
        }
    }

    private static InboundRange awaitRange(Future<InboundRange> f) throws IOException {
        try {
            return f.get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw failure(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    /** A worker's failure as this thread's: its IOException, or its unchecked exception rethrown. */
    private static IOException failure(java.util.concurrent.ExecutionException e) {
        Throwable c = e.getCause();
        if (c instanceof RuntimeException re) {
            throw re;
        }
        if (c instanceof Error err) {
            throw err;
        }
        return c instanceof IOException io ? io : new IOException(c);
    }
}
