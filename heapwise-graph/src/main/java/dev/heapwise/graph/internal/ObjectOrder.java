package dev.heapwise.graph.internal;

import dev.heapwise.graph.build.ProgressListener;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Puts the logged objects in id order: object index k is the k-th smallest id. For each index it
 * gives the object's source: its position in the main log, or {@code -(e + 1)} for the e-th class
 * object. Class objects, held in memory, are sorted and merged in. Repeated ids keep their first
 * occurrence.
 *
 * <p>Usually the order is implicit. A HotSpot dump lists objects in address order, or (G1,
 * parallel dumps) as a few ascending runs that cover separate address ranges, with record
 * positions ascending. Then index order is those runs sorted by their first ids, with each class
 * object placed among them by a binary search. Nothing is written, and the log is only probed (the
 * ends of each run, a binary search per class), where merging the runs into a written column took
 * a pass over the whole log (0.6 to 0.8 s on a 38-million-object dump of two runs). Otherwise,
 * when runs overlap or an id repeats, the order is written as a scratch column: the log's ascending
 * runs are merged with a heap, linear for a few runs and a heap sort at worst.
 */
final class ObjectOrder implements AutoCloseable {
    private final int count;
    private final long duplicates;
    private final boolean mainSequential;
    private final PositionRuns positionRuns;
    private final IndexStore.Draft draft;
    /** The scratch column of sources, or null when the order is implicit. */
    private final Path orderFile;
    /** The implicit order, or null when it is written. */
    private final Layout layout;

    private ObjectOrder(int count, long duplicates, boolean mainSequential, PositionRuns positionRuns,
            IndexStore.Draft draft, Path orderFile, Layout layout) {
        this.count = count;
        this.duplicates = duplicates;
        this.mainSequential = mainSequential;
        this.positionRuns = positionRuns;
        this.draft = draft;
        this.orderFile = orderFile;
        this.layout = layout;
    }

    /** The ascending runs of record positions in index order (see {@link PositionRuns}). */
    PositionRuns positionRuns() {
        return positionRuns;
    }

    int count() {
        return count;
    }

    long duplicates() {
        return duplicates;
    }

    /** True when main-log positions ascend with the index, so the log can be read front to back. */
    boolean mainSequential() {
        return mainSequential;
    }

    /** A new reader of the sources in index order, for one pass; each pass may run on its own thread. */
    Sources sources() throws IOException {
        return orderFile == null ? new Interleaved(layout) : new FromColumn(orderFile);
    }

    /** The source of each object, asked for at non-decreasing indexes. Not thread-safe. */
    interface Sources extends AutoCloseable {
        /** The main-log position of object k, or {@code -(e + 1)} for the e-th class object. */
        int source(int k);

        @Override
        void close() throws IOException;
    }

    static ObjectOrder compute(ObjectLog log, IndexStore.Draft draft, ProgressListener progress) throws IOException {
        long[] classIds = log.classIds.toArray();
        Integer[] sorted = new Integer[classIds.length];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = i;
        }
        // Class objects are few (thousands); sorting their positions boxed is fine.
        Arrays.sort(sorted, (a, b) -> Long.compare(classIds[a], classIds[b]));
        if (log.noRepeatedNeighbours() && log.positionsAscending()) {
            ObjectOrder implicit = interleaved(log, draft, classIds, sorted);
            if (implicit != null) {
                return implicit;
            }
        }
        return written(log, draft, progress, classIds, sorted);
    }

    /** Beyond this many runs a log is shuffled, not a few address ranges: not worth checking. */
    private static final int MAX_IMPLICIT_RUNS = 4096;

    /**
     * The implicit order, or null when the log's runs overlap in ids or a class id equals another
     * id (the written order then merges them and drops the repeats).
     */
    private static ObjectOrder interleaved(ObjectLog log, IndexStore.Draft draft, long[] classIds, Integer[] sorted)
            throws IOException {
        int n = (int) log.count();
        int[] logStarts = log.runStarts.toArray();
        int runs = logStarts.length;
        if (runs > MAX_IMPLICIT_RUNS) {
            return null;
        }
        try (IndexStore.Mapping map = n == 0 ? null : draft.mapRead(log.file())) {
            MemorySegment records = n == 0 ? null : map.segment();
            Integer[] byFirstId = new Integer[runs];
            for (int r = 0; r < runs; r++) {
                byFirstId[r] = r;
            }
            Arrays.sort(byFirstId, (a, b) -> Long.compare(idAt(records, logStarts[a]), idAt(records, logStarts[b])));
            int[] starts = new int[runs];
            int[] ranks = new int[runs + 1];
            for (int i = 0; i < runs; i++) {
                int r = byFirstId[i];
                starts[i] = logStarts[r];
                ranks[i + 1] = ranks[i] + (r + 1 < runs ? logStarts[r + 1] : n) - starts[i];
                if (i > 0 && idAt(records, lastOf(starts, ranks, i - 1)) >= idAt(records, starts[i])) {
                    return null;
                }
            }
            int[] classIndexes = new int[sorted.length];
            int[] classEntries = new int[sorted.length];
            int run = 0;
            for (int e = 0; e < sorted.length; e++) {
                long id = classIds[sorted[e]];
                if (e > 0 && id == classIds[sorted[e - 1]]) {
                    return null;
                }
                int rank = 0; // main entries with smaller ids
                if (runs > 0) {
                    while (run + 1 < runs && idAt(records, starts[run + 1]) <= id) {
                        run++;
                    }
                    int end = lastOf(starts, ranks, run) + 1;
                    int at = firstNotBelow(records, starts[run], end, id);
                    if (at < end && idAt(records, at) == id) {
                        return null;
                    }
                    rank = ranks[run] + at - starts[run];
                }
                classIndexes[e] = rank + e;
                classEntries[e] = sorted[e];
            }
            Layout layout = new Layout(classIndexes, classEntries, starts, ranks);
            return new ObjectOrder(n + sorted.length, 0, runs <= 1, positionRuns(records, layout), draft, null, layout);
        }
    }

    /** The log position of the last entry of the i-th run in id order. */
    private static int lastOf(int[] starts, int[] ranks, int i) {
        return starts[i] + ranks[i + 1] - ranks[i] - 1;
    }

    /**
     * The position runs of an implicit order. Positions ascend within each log run, so adding the
     * first and last entry of each (at their indexes) leaves {@link PositionRuns} as adding every
     * entry would: an entry between them neither starts a run nor raises the largest position.
     */
    private static PositionRuns positionRuns(MemorySegment records, Layout layout) {
        PositionRuns positions = new PositionRuns();
        int e = 0; // classes placed before the entry at hand
        for (int i = 0; i < layout.starts.length; i++) {
            for (int rank : new int[] {layout.ranks[i], layout.ranks[i + 1] - 1}) {
                while (e < layout.classIndexes.length && layout.classIndexes[e] - e <= rank) {
                    e++;
                }
                int d = layout.starts[i] + rank - layout.ranks[i];
                positions.add(rank + e, records.get(Words.LONG, (long) d * ObjectLog.RECORD + ObjectLog.POSITION));
            }
        }
        return positions;
    }

    /** The first main entry in {@code [from, to)} whose id is not below {@code id}. */
    private static int firstNotBelow(MemorySegment records, int from, int to, long id) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (idAt(records, mid) < id) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static long idAt(MemorySegment records, int d) {
        return records.get(Words.LONG, (long) d * ObjectLog.RECORD + ObjectLog.ID);
    }

    private static ObjectOrder written(ObjectLog log, IndexStore.Draft draft, ProgressListener progress,
            long[] classIds, Integer[] sorted) throws IOException {
        int n = (int) log.count();
        progress.phase("ordering objects", n);
        Path file = draft.scratch().resolve("order");
        long duplicates = 0;
        int written = 0;
        boolean sequential = log.strictlyAscending();
        PositionRuns runs = new PositionRuns();
        try (IndexStore.Mapping idsMap = sequential ? null : draft.mapRead(log.file());
                ScratchReader idReader = sequential ? new ScratchReader(log.file(), ObjectLog.RECORD, 1 << 20) : null;
                ScratchColumn out = new ScratchColumn(file, 4)) {
            MainCursor main = sequential ? new SequentialCursor(idReader, n) : new MergingCursor(log, idsMap.segment(), n);
            int e = 0;
            boolean any = false;
            long last = 0;
            while (main.has() || e < sorted.length) {
                boolean takeClass = e < sorted.length && (!main.has() || classIds[sorted[e]] < main.id());
                long id = takeClass ? classIds[sorted[e]] : main.id();
                int source = takeClass ? -(sorted[e] + 1) : main.position();
                if (takeClass) {
                    e++;
                } else {
                    main.advance();
                }
                if (any && id == last) {
                    duplicates++;
                    if (source >= 0) {
                        sequential = false; // a skipped main entry: reading front to back would misalign
                    }
                    continue;
                }
                any = true;
                last = id;
                runs.add(written, takeClass ? -1 : main.recordPosition(source));
                out.addInt(source);
                if ((++written & ProgressListener.STEP_MASK) == 0) {
                    progress.progress(written);
                }
            }
        }
        return new ObjectOrder(written, duplicates, sequential, runs, draft, file, null);
    }

    /** Deletes the scratch column, if any: it is read for the last time when this closes. */
    @Override
    public void close() {
        if (orderFile != null) {
            draft.deleteScratch(orderFile);
        }
    }

    private static final class FromColumn implements Sources {
        private final ScratchReader column;

        FromColumn(Path file) throws IOException {
            column = new ScratchReader(file, 4);
        }

        public int source(int k) {
            return column.getInt(k);
        }

        public void close() throws IOException {
            column.close();
        }
    }

    /**
     * An implicit order: the class objects' indexes (ascending) and entries, and the log's runs in
     * id order, the i-th starting at log position {@code starts[i]} and holding the main entries
     * ranked {@code ranks[i]} to {@code ranks[i + 1] - 1} by id.
     */
    private record Layout(int[] classIndexes, int[] classEntries, int[] starts, int[] ranks) {}

    private static final class Interleaved implements Sources {
        private final int[] classIndexes;
        private final int[] classEntries;
        private final int[] starts;
        private final int[] ranks;
        private int next; // classes at indexes below the last k asked for
        private int run;

        Interleaved(Layout layout) {
            classIndexes = layout.classIndexes;
            classEntries = layout.classEntries;
            starts = layout.starts;
            ranks = layout.ranks;
        }

        public int source(int k) {
            while (next < classIndexes.length && classIndexes[next] < k) {
                next++;
            }
            if (next < classIndexes.length && classIndexes[next] == k) {
                return -(classEntries[next] + 1);
            }
            int rank = k - next;
            while (rank >= ranks[run + 1]) {
                run++;
            }
            return starts[run] + rank - ranks[run];
        }

        public void close() {}
    }

    /** The main log's objects in id order. */
    private interface MainCursor {
        boolean has();

        long id();

        int position();

        /** The record position (in the dump) of the entry at log position {@code d}. */
        long recordPosition(int d);

        void advance();
    }

    private static final class SequentialCursor implements MainCursor {
        private final ScratchReader ids;
        private final int n;
        private int i;

        SequentialCursor(ScratchReader ids, int n) {
            this.ids = ids;
            this.n = n;
        }

        public boolean has() {
            return i < n;
        }

        public long id() {
            return ids.getLong(i, ObjectLog.ID);
        }

        public int position() {
            return i;
        }

        public long recordPosition(int d) {
            return ids.getLong(d, ObjectLog.POSITION);
        }

        public void advance() {
            i++;
        }
    }

    /**
     * Merges the log's ascending runs with a binary heap of run numbers; ties go to the earlier run.
     * Each run's current id is kept in {@code head}, so the heap's comparisons read a small array
     * instead of the log, at a different place for every run.
     */
    private static final class MergingCursor implements MainCursor {
        private final MemorySegment ids;
        private final int[] next;
        private final int[] end;
        private final long[] head;
        private final int[] heap;
        private int size;

        MergingCursor(ObjectLog log, MemorySegment ids, int n) {
            this.ids = ids;
            int runs = log.runStarts.size();
            next = new int[runs];
            end = new int[runs];
            head = new long[runs];
            heap = new int[runs];
            for (int r = 0; r < runs; r++) {
                next[r] = log.runStarts.get(r);
                end[r] = r + 1 < runs ? log.runStarts.get(r + 1) : n;
                head[r] = idAt(next[r]);
                push(r);
            }
        }

        private long idAt(int d) {
            return ids.get(Words.LONG, (long) d * ObjectLog.RECORD + ObjectLog.ID);
        }

        private boolean less(int a, int b) {
            long ia = head[a];
            long ib = head[b];
            return ia < ib || (ia == ib && a < b);
        }

        public boolean has() {
            return size > 0;
        }

        public long id() {
            return head[heap[0]];
        }

        public int position() {
            return next[heap[0]];
        }

        public long recordPosition(int d) {
            return ids.get(Words.LONG, (long) d * ObjectLog.RECORD + ObjectLog.POSITION);
        }

        public void advance() {
            int r = heap[0];
            next[r]++;
            if (next[r] < end[r]) {
                head[r] = idAt(next[r]);
                siftDown(0);
            } else {
                heap[0] = heap[--size];
                if (size > 0) {
                    siftDown(0);
                }
            }
        }

        private void push(int r) {
            int i = size++;
            heap[i] = r;
            while (i > 0) {
                int p = (i - 1) >>> 1;
                if (!less(heap[i], heap[p])) {
                    break;
                }
                int t = heap[i];
                heap[i] = heap[p];
                heap[p] = t;
                i = p;
            }
        }

        private void siftDown(int i) {
            while (true) {
                int l = 2 * i + 1;
                if (l >= size) {
                    return;
                }
                int m = l + 1 < size && less(heap[l + 1], heap[l]) ? l + 1 : l;
                if (!less(heap[m], heap[i])) {
                    return;
                }
                int t = heap[i];
                heap[i] = heap[m];
                heap[m] = t;
                i = m;
            }
        }
    }
}
