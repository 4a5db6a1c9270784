package dev.heapwise.graph.internal;

import dev.heapwise.graph.build.ProgressListener;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Puts the logged objects in id order: object index k is the k-th smallest id. The result is a
 * scratch column {@code order} with, for each index, the object's position in the main log, or
 * {@code -(e + 1)} for the e-th class object. The main log needs no work when the dump lists
 * objects in address order (a HotSpot serial dump); otherwise its ascending runs are merged with
 * a heap, linear for HotSpot's parallel dumps (a few runs) and a heap sort at worst. Class
 * objects, held in memory, are sorted and merged in. Repeated ids keep their first occurrence.
 */
final class ObjectOrder implements AutoCloseable {
    private final int count;
    private final long duplicates;
    private final boolean mainSequential;
    private final IndexStore.Mapping order;

    private final Path orderFile;
    private final PositionRuns positionRuns;

    private ObjectOrder(int count, long duplicates, boolean mainSequential, IndexStore.Mapping order, Path orderFile,
            PositionRuns positionRuns) {
        this.count = count;
        this.duplicates = duplicates;
        this.mainSequential = mainSequential;
        this.order = order;
        this.orderFile = orderFile;
        this.positionRuns = positionRuns;
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

    /** The main-log position of object k, or {@code -(e + 1)} for the e-th class object. */
    int source(int k) {
        return order.segment().getAtIndex(Words.INT, k);
    }

    /** The order column's file, for reading it front to back with a {@link ScratchReader}. */
    Path file() {
        return orderFile;
    }

    static ObjectOrder compute(ObjectLog log, IndexStore.Draft draft, ProgressListener progress) throws IOException {
        Path scratch = draft.scratch();
        int n = (int) log.count();
        long[] classIds = log.classIds.toArray();
        Integer[] boxed = new Integer[classIds.length];
        for (int i = 0; i < boxed.length; i++) {
            boxed[i] = i;
        }
        // Class objects are few (thousands); sorting their positions boxed is fine.
        Arrays.sort(boxed, (a, b) -> Long.compare(classIds[a], classIds[b]));
        progress.phase("ordering objects", n);
        Path file = scratch.resolve("order");
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
            while (main.has() || e < boxed.length) {
                boolean takeClass = e < boxed.length && (!main.has() || classIds[boxed[e]] < main.id());
                long id = takeClass ? classIds[boxed[e]] : main.id();
                int source = takeClass ? -(boxed[e] + 1) : main.position();
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
        return new ObjectOrder(written, duplicates, sequential, draft.mapRead(file), file, runs);
    }

    @Override
    public void close() {
        order.close();
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
