package dev.heapwise.analysis.waste.internal;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.internal.Parallel;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.build.ProgressListener;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * One pass over the reachable primitive arrays in object order, reading each one's contents from
 * the dump (64 KB at a time) and keeping a 64-bit hash of element type, length and bytes, plus
 * the length. Arrays are few compared with all objects but their contents are most of a dump:
 * this pass reads about that much, once. Two equal hashes are taken as equal contents (a false
 * match has odds near 2^-64 per pair).
 */
public final class ContentHashes {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final int CHUNK_BYTES = 1 << 16;
    /** Arrays per block of work handed to one core. */
    private static final int BLOCK = 1024;

    /** Object index of each hashed array, ascending. */
    public final int[] objects;
    public final long[] hashes;
    public final long[] lengths;
    public final int size;

    private ContentHashes(int[] objects, long[] hashes, long[] lengths, int size) {
        this.objects = objects;
        this.hashes = hashes;
        this.lengths = lengths;
        this.size = size;
    }

    public static ContentHashes compute(HeapGraph g, DominatorTree tree, ProgressListener progress) {
        int n = g.objectCount();
        boolean[] primitive = new boolean[g.classCount()];
        for (HeapClass c : g.classes()) {
            primitive[c.index()] = c.shape() == HeapClass.Shape.PRIMITIVE_ARRAY;
        }
        // Which objects to hash: one pass over all objects, each core taking a range.
        int parts = Parallel.parts(n, Parallel.THREADS);
        int[] bounds = Parallel.bounds(n, parts);
        int[][] found = new int[parts][];
        Parallel.run(parts, part -> {
            int[] list = new int[1024];
            int size = 0;
            for (int o = bounds[part]; o < bounds[part + 1]; o++) {
                if (primitive[g.classOf(o)] && tree.isReachable(o) && g.kind(o) == ObjectKind.PRIMITIVE_ARRAY) {
                    if (size == list.length) {
                        list = Arrays.copyOf(list, size * 2);
                    }
                    list[size++] = o;
                }
            }
            found[part] = Arrays.copyOf(list, size);
        });
        int total = 0;
        for (int[] f : found) {
            total += f.length;
        }
        int count = total;
        int[] objects = new int[count];
        for (int part = 0, at = 0; part < parts; at += found[part].length, part++) {
            System.arraycopy(found[part], 0, objects, at, found[part].length);
        }
        long[] hashes = new long[count];
        long[] lengths = new long[count];
        progress.phase("waste: reading array contents", count);
        // Reading and hashing the arrays is most of this pass; the graph is thread-safe, so the
        // cores take blocks of arrays in turn (blocks, not halves: a few huge arrays would unbalance halves).
        int workers = Parallel.parts(count, Parallel.THREADS);
        int idSize = g.info().idSize();
        Parallel.run(workers, part -> {
            for (int b = part * BLOCK; b < count; b += workers * BLOCK) {
                for (int i = b, end = Math.min(count, b + BLOCK); i < end; i++) {
                    int o = objects[i];
                    lengths[i] = Math.max(0, g.arrayLength(o));
                    hashes[i] = hashArray(g, o, lengths[i], idSize);
                }
                if (part == 0) {
                    progress.progress(Math.min(count, (long) b + (long) workers * BLOCK)); // only the calling thread reports
                }
            }
        });
        return new ContentHashes(objects, hashes, lengths, count);
    }

    private static long hashArray(HeapGraph g, int o, long len, int idSize) {
        FieldType t = g.heapClass(g.classOf(o)).elementType();
        int es = t == null ? 1 : t.size(idSize);
        long h = 0x9E3779B97F4A7C15L ^ (len * 31 + (t == null ? 0 : t.code()));
        int perChunk = Math.max(1, CHUNK_BYTES / es);
        for (long from = 0; from < len; from += perChunk) {
            byte[] bytes = g.readPrimitiveArray(o, from, (int) Math.min(perChunk, len - from));
            if (bytes == null) {
                return mix(h ^ o); // no data in the dump (Android NODATA): unique
            }
            h = hash(h, bytes);
        }
        return h;
    }

    static long hash(long h, byte[] b) {
        int i = 0;
        for (; i + 8 <= b.length; i += 8) {
            h = mix(h ^ (long) LONGS.get(b, i));
        }
        long tail = 0;
        for (; i < b.length; i++) {
            tail = (tail << 8) | (b[i] & 0xFF);
        }
        return mix(h ^ tail ^ ((long) b.length << 56));
    }

    static long mix(long x) {
        x = (x ^ (x >>> 33)) * 0xFF51AFD7ED558CCDL;
        x = (x ^ (x >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return x ^ (x >>> 33);
    }

    /** The position of an object in {@link #objects}, or a negative number. */
    public int indexOf(int object) {
        return Arrays.binarySearch(objects, 0, size, object);
    }
}
