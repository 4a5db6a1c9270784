package dev.heapwise.graph.internal;

import dev.heapwise.graph.build.ProgressListener;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * Puts the logged objects in id order: object index k is the k-th smallest id. Dumps written in
 * address order need no work (the identity); otherwise the ascending runs the log noted are merged
 * with a heap, which is linear for HotSpot's parallel dumps (a few runs) and degrades gracefully
 * to a heap sort. Repeated ids keep their first occurrence.
 */
final class ObjectOrder implements AutoCloseable {
    private final int count;
    private final IndexStore.Mapping perm;
    private final long duplicates;

    private ObjectOrder(int count, IndexStore.Mapping perm, long duplicates) {
        this.count = count;
        this.perm = perm;
        this.duplicates = duplicates;
    }

    int count() {
        return count;
    }

    long duplicates() {
        return duplicates;
    }

    boolean identity() {
        return perm == null;
    }

    /** The position in the dump-order log of the object with index k. */
    int logIndex(int k) {
        return perm == null ? k : perm.segment().getAtIndex(Words.INT, k);
    }

    static ObjectOrder compute(ObjectLog log, IndexStore.Draft draft, ProgressListener progress) throws IOException {
        int n = (int) log.count();
        if (log.strictlyAscending()) {
            return new ObjectOrder(n, null, 0);
        }
        progress.phase("ordering objects", n);
        Path scratch = draft.scratch();
        int runs = log.runStarts.size();
        int[] next = new int[runs];
        int[] end = new int[runs];
        for (int r = 0; r < runs; r++) {
            next[r] = log.runStarts.get(r);
            end[r] = r + 1 < runs ? log.runStarts.get(r + 1) : n;
        }
        int written = 0;
        long duplicates = 0;
        try (IndexStore.Mapping idsMap = draft.mapRead(log.ids.file());
                ScratchColumn out = new ScratchColumn(scratch.resolve("order.perm"), 4)) {
            MemorySegment ids = idsMap.segment();
            RunHeap heap = new RunHeap(runs, ids, next);
            for (int r = 0; r < runs; r++) {
                heap.push(r);
            }
            boolean any = false;
            long last = 0;
            while (heap.size() > 0) {
                int r = heap.peek();
                int i = next[r];
                long id = ids.getAtIndex(Words.LONG, i);
                if (any && id == last) {
                    duplicates++;
                } else {
                    out.addInt(i);
                    written++;
                    any = true;
                    last = id;
                    if ((written & 0xFFFFF) == 0) {
                        progress.progress(written);
                    }
                }
                next[r]++;
                if (next[r] < end[r]) {
                    heap.siftDown(0);
                } else {
                    heap.pop();
                }
            }
        }
        return new ObjectOrder(written, draft.mapRead(scratch.resolve("order.perm")), duplicates);
    }

    @Override
    public void close() {
        if (perm != null) {
            perm.close();
        }
    }

    /** A binary min-heap of run numbers keyed by each run's current id; ties go to the earlier run. */
    private static final class RunHeap {
        private final int[] heap;
        private int size;
        private final MemorySegment ids;
        private final int[] next;

        RunHeap(int capacity, MemorySegment ids, int[] next) {
            this.heap = new int[capacity];
            this.ids = ids;
            this.next = next;
        }

        private boolean less(int a, int b) {
            long ia = ids.getAtIndex(Words.LONG, next[a]);
            long ib = ids.getAtIndex(Words.LONG, next[b]);
            return ia < ib || (ia == ib && a < b);
        }

        int size() {
            return size;
        }

        int peek() {
            return heap[0];
        }

        void push(int r) {
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

        void pop() {
            heap[0] = heap[--size];
            if (size > 0) {
                siftDown(0);
            }
        }

        void siftDown(int i) {
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
