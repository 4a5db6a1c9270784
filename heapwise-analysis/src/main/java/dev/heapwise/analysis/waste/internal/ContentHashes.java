package dev.heapwise.analysis.waste.internal;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.internal.Background;
import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import dev.heapwise.analysis.internal.NativeMemory;
import dev.heapwise.analysis.internal.Parallel;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.build.ProgressListener;
import java.lang.foreign.MemorySegment;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;

/**
 * One pass over the reachable primitive arrays in object order, reading each one's contents from
 * the dump (64 KB at a time) and keeping a 64-bit hash of element type, length and bytes, plus
 * the length. Arrays are few compared with all objects but their contents are most of a dump:
 * this pass reads about that much, once. Two equal hashes are taken as equal contents (a false
 * match has odds near 2^-64 per pair).
 *
 * <p>Memory: 20 bytes per array in native memory ({@link NativeMemory}: it goes to scratch files
 * when memory is short), freed by {@link #close}; nothing per array on the Java heap.
 */
public final class ContentHashes implements AutoCloseable {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final int CHUNK_BYTES = 1 << 16;
    /** Arrays per block of work handed to one core. */
    private static final int BLOCK = 1024;

    private final NativeInts objects;
    private final NativeLongs hashes;
    private final NativeLongs lengths;
    public final int size;

    private ContentHashes(NativeInts objects, NativeLongs hashes, NativeLongs lengths, int size) {
        this.objects = objects;
        this.hashes = hashes;
        this.lengths = lengths;
        this.size = size;
    }

    /** Object index of the i-th hashed array; ascending in i. */
    public int object(long i) {
        return objects.get(i);
    }

    public long hash(long i) {
        return hashes.get(i);
    }

    /** Its length in elements. */
    public long length(long i) {
        return lengths.get(i);
    }

    public static ContentHashes compute(HeapGraph g, DominatorTree tree, ProgressListener progress) {
        int n = g.objectCount();
        boolean[] primitive = new boolean[g.classCount()];
        for (HeapClass c : g.classes()) {
            primitive[c.index()] = c.shape() == HeapClass.Shape.PRIMITIVE_ARRAY;
        }
        // Which objects to hash: each core lists its range into a scratch list as long as the range
        // (only the pages written are touched), then the lists are joined.
        int parts = Parallel.parts(n, Parallel.THREADS);
        int[] bounds = Parallel.bounds(n, parts);
        NativeInts[] lists = new NativeInts[parts];
        int[] found = new int[parts];
        ContentHashes out = null;
        try {
            for (int part = 0; part < parts; part++) {
                lists[part] = NativeInts.allocateUninitialized(Math.max(1, bounds[part + 1] - bounds[part]));
            }
            Parallel.run(parts, part -> {
                NativeInts list = lists[part];
                int c = 0;
                for (int o = bounds[part]; o < bounds[part + 1]; o++) {
                    if (primitive[g.classOf(o)] && tree.isReachable(o) && g.kind(o) == ObjectKind.PRIMITIVE_ARRAY) {
                        list.set(c++, o);
                    }
                }
                found[part] = c;
            });
            int total = 0;
            for (int c : found) {
                total += c;
            }
            int count = total;
            out = allocate(count);
            for (int part = 0, at = 0; part < parts; at += found[part], part++) {
                MemorySegment.copy(lists[part].segment(), 0, out.objects.segment(), 4L * at, 4L * found[part]);
                lists[part].close();
            }
            progress.phase("waste: reading array contents", count);
            // Reading and hashing the arrays is most of this pass; the graph is thread-safe, so the
            // cores take blocks of arrays in turn (blocks, not halves: a few huge arrays would unbalance halves).
            int workers = Parallel.parts(count, Parallel.THREADS);
            ContentHashes r = out;
            Parallel.run(workers, part -> r.hashBlocks(g, count, part, workers, progress, () -> false));
            return out;
        } catch (RuntimeException | Error e) {
            NativeMemory.closeAll(lists);
            NativeMemory.closeAll(out);
            throw e;
        }
    }

    /** Room for the hashes of {@code size} arrays, contents undefined; nothing stays allocated if it fails. */
    private static ContentHashes allocate(int size) {
        NativeInts o = null;
        NativeLongs h = null;
        NativeLongs l = null;
        try {
            o = NativeInts.allocateUninitialized(Math.max(1, size));
            h = NativeLongs.allocateUninitialized(Math.max(1, size));
            l = NativeLongs.allocateUninitialized(Math.max(1, size));
            return new ContentHashes(o, h, l, size);
        } catch (RuntimeException | Error e) {
            NativeMemory.closeAll(o, h, l);
            throw e;
        }
    }

    /**
     * Hashes the arrays listed in blocks {@code part}, {@code part + workers}, … of the first
     * {@code count}; part 0 reports progress.
     */
    private void hashBlocks(HeapGraph g, int count, int part, int workers, ProgressListener progress,
            BooleanSupplier cancelled) {
        int idSize = g.info().idSize();
        byte[] buf = new byte[CHUNK_BYTES];
        for (int b = part * BLOCK; b < count && !cancelled.getAsBoolean(); b += workers * BLOCK) {
            for (int i = b, end = Math.min(count, b + BLOCK); i < end; i++) {
                int o = objects.get(i);
                long l = Math.max(0, g.arrayLength(o));
                lengths.set(i, l);
                hashes.set(i, hashArray(g, o, l, idSize, buf));
            }
            if (part == 0) {
                progress.progress(Math.min(count, (long) b + (long) workers * BLOCK));
            }
        }
    }

    /**
     * Starts hashing every primitive array, reachable or not, on two background threads of the
     * lowest priority ({@link Background}): they use what the cores have left while the dominator
     * tree and the other analyses are computed, and {@link Pending#reachable} takes the result.
     * Memory: as {@link #compute}, for all primitive arrays.
     */
    public static Pending start(HeapGraph g) {
        return new Pending(g, (int) primitiveArrays(g));
    }

    /** The native memory {@link #start} takes: 20 bytes per primitive array. */
    public static long bytesFor(HeapGraph g) {
        return 20 * primitiveArrays(g);
    }

    private static long primitiveArrays(HeapGraph g) {
        long all = 0;
        for (HeapClass c : g.classes()) {
            if (c.shape() == HeapClass.Shape.PRIMITIVE_ARRAY) {
                all += c.instanceCount();
            }
        }
        return all;
    }

    /** Hashes being computed in the background; close it when done with them (or to stop early). */
    public static final class Pending implements AutoCloseable {
        private final HeapGraph g;
        private final ContentHashes all;
        private final CountDownLatch listed = new CountDownLatch(1);
        private volatile int count;
        private volatile boolean stop;
        private final Background work;

        private Pending(HeapGraph g, int room) {
            this.g = g;
            this.all = allocate(room);
            try {
                work = Background.start("heapwise-array-hashes", 2, this::run); // last: run() reads the fields
            } catch (RuntimeException | Error e) { // no thread
                all.close();
                throw e;
            }
        }

        private void run(int part) {
            if (part == 0) {
                try {
                    int k = 0;
                    for (int o = 0, n = g.objectCount(); o < n && k < all.size && !stop; o++) {
                        if (g.kind(o) == ObjectKind.PRIMITIVE_ARRAY) {
                            all.objects.set(k++, o);
                        }
                    }
                    count = k;
                } finally {
                    listed.countDown();
                }
            } else {
                try {
                    listed.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
            all.hashBlocks(g, count, part, 2, ProgressListener.NONE, () -> stop);
        }

        /**
         * Waits for the hashes (rethrowing a failure of the background work), then returns those of
         * the arrays the tree reaches, as {@link #compute} would have; a copy that the caller closes.
         */
        public ContentHashes reachable(DominatorTree tree) {
            work.join();
            int total = count;
            // Room for all, filled in one pass that asks the tree once per array; garbage arrays are few.
            ContentHashes room = allocate(total);
            int k = 0;
            for (int i = 0; i < total; i++) {
                int object = all.objects.get(i);
                if (tree.isReachable(object)) {
                    room.objects.set(k, object);
                    room.hashes.set(k, all.hashes.get(i));
                    room.lengths.set(k++, all.lengths.get(i));
                }
            }
            return new ContentHashes(room.objects, room.hashes, room.lengths, k);
        }

        /** Stops the background work if it still runs, and frees the hashes. */
        @Override
        public void close() {
            stop = true;
            work.close();
            all.close();
        }
    }

    /** The hash of one array's type, length and contents, read through {@code buf} (no garbage per array). */
    private static long hashArray(HeapGraph g, int o, long len, int idSize, byte[] buf) {
        FieldType t = g.heapClass(g.classOf(o)).elementType();
        int es = t == null ? 1 : t.size(idSize);
        long h = 0x9E3779B97F4A7C15L ^ (len * 31 + (t == null ? 0 : t.code()));
        for (long from = 0; from < len; ) {
            int n = g.readPrimitiveArray(o, from, buf);
            if (n < 0) {
                return mix(h ^ o); // no data in the dump (Android NODATA): unique
            }
            if (n < es) {
                break; // the dump ends inside the array (a part of an element would never move on)
            }
            h = hash(h, buf, n);
            from += n / es;
        }
        return h;
    }

    /** Folds the first {@code n} bytes of {@code b} into {@code h}. */
    static long hash(long h, byte[] b, int n) {
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            h = mix(h ^ (long) LONGS.get(b, i));
        }
        long tail = 0;
        for (; i < n; i++) {
            tail = (tail << 8) | (b[i] & 0xFF);
        }
        return mix(h ^ tail ^ ((long) n << 56));
    }

    static long mix(long x) {
        x = (x ^ (x >>> 33)) * 0xFF51AFD7ED558CCDL;
        x = (x ^ (x >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return x ^ (x >>> 33);
    }

    /** The position of an object among the hashed arrays, or a negative number. */
    public int indexOf(int object) {
        return search(objects, object, 0, size - 1);
    }

    /**
     * Like {@link #indexOf(int)}, but first gallops out from position {@code hint}: a few reads
     * when the object is near the hint's, as a string's value array is near the string, where a
     * plain binary search makes some 23 scattered reads among 7 M arrays.
     */
    public int indexOf(int object, int hint) {
        return indexOf(objects, size, object, hint);
    }

    /** Where {@code key} is among the first {@code size} ascending values, searched from {@code hint} outwards. */
    static int indexOf(NativeInts sorted, int size, int key, int hint) {
        if (size == 0) {
            return -1;
        }
        int at = Math.clamp(hint, 0, size - 1);
        int lo;
        int hi;
        int step = 1;
        if (sorted.get(at) < key) {
            lo = at + 1;
            while (at + step < size && sorted.get(at + step) < key) {
                lo = at + step + 1;
                step <<= 1;
            }
            hi = Math.min(size - 1, at + step);
        } else {
            hi = at;
            while (at - step >= 0 && sorted.get(at - step) > key) {
                hi = at - step - 1;
                step <<= 1;
            }
            lo = Math.max(0, at - step);
        }
        return search(sorted, key, lo, hi);
    }

    /** Binary search in {@code [lo, hi]}; a miss gives {@code -(insertion point) - 1}. */
    private static int search(NativeInts sorted, int key, int lo, int hi) {
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int v = sorted.get(mid);
            if (v < key) {
                lo = mid + 1;
            } else if (v > key) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -(lo + 1);
    }

    @Override
    public void close() {
        objects.close();
        hashes.close();
        lengths.close();
    }
}
