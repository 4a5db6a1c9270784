package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeMemory;
import dev.heapwise.analysis.internal.NativeLongs;
import dev.heapwise.analysis.internal.Parallel;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.RowReader;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The out-edges the dominator computation needs, copied once into plain native arrays, so that the
 * depth-first search, which visits vertices in an order the graph's index was not laid out for,
 * pays one or two cache misses per vertex instead of the half dozen of the index's compressed
 * columns. Each vertex has a 64-bit <em>head</em> ({@link #heads}): a row of one or two targets
 * sits in it whole ({@link #inline}: 17.5 M of the 25.5 M vertices with edges in a 38 M-object dump,
 * each one cache miss fewer for the search), a longer row is stored in {@link #rows} as its length
 * and its targets, and the head holds where ({@link #stored}). The copy reads the index in order
 * (cheap) on two threads, each over one part of the vertices, split where the work is even
 * ({@link #balancedSplit}).
 *
 * <p>Edges that cannot change any dominator are left out, which is exact and saves most of MAT's
 * class edges:
 * <ul>
 * <li>edges into a GC root: its only dominator is the virtual root, and any path through such an
 *     edge can start at the virtual root's own edge instead;
 * <li>self-loops;
 * <li>group edges into a <em>sink target</em>: a non-root group target with no edges of its own
 *     left (array classes, typically, whose only reference is their superclass). Nothing is reached
 *     through it, so its millions of instance edges decide its own immediate dominator only, which
 *     {@link LeafDominators} computes afterwards as the nearest common dominator of its predecessors.
 * </ul>
 * Rows longer than {@link #SORT_FROM} are sorted by target, so the search walks a big array's or
 * hash table's elements in address order (the order the dump lays them out in) rather than at
 * random. {@link #leaf} marks vertices with no edges left.
 */
final class CompactGraph implements AutoCloseable {
    static final int SORT_FROM = 32;
    /** The head of a vertex with no edges: the empty row stored at 0. */
    static final long EMPTY = ~0L;

    final int n;
    private final NativeLongs headArray;
    /** Per vertex: {@link #inline} targets when non-negative, else {@link #stored} where the row is. */
    final MemorySegment heads;
    private final NativeInts rowArray;
    /** Rows of three targets or more: the length, then the targets. Position 0 holds the empty row. */
    final MemorySegment rows;
    /** Bit per vertex: no edges left. */
    final long[] leaf;
    /** Per group: its target is a sink (its group edges were left out). */
    final boolean[] sinkGroup;

    private CompactGraph(int n, NativeLongs headArray, NativeInts rowArray, long[] leaf, boolean[] sinkGroup) {
        this.n = n;
        this.headArray = headArray;
        this.heads = headArray.segment();
        this.rowArray = rowArray;
        this.rows = rowArray.segment();
        this.leaf = leaf;
        this.sinkGroup = sinkGroup;
    }

    /** The head of a row of one target ({@code second} -1) or two. Non-negative: targets are. */
    static long inline(int first, int second) {
        return (first & 0xFFFFFFFFL) | ((long) (second + 1) << 32);
    }

    /** The head of a row stored at {@code rows[at]}. Negative. */
    static long stored(long at) {
        return ~at;
    }

    boolean isLeaf(int v) {
        return (leaf[v >>> 6] & (1L << v)) != 0;
    }

    /** The kept targets of {@code v}, in row order (for tests). */
    int[] targets(int v) {
        long h = NativeLongs.get(heads, v);
        if (h >= 0) {
            int second = (int) (h >>> 32) - 1;
            return second < 0 ? new int[] {(int) h} : new int[] {(int) h, second};
        }
        long at = ~h;
        int[] t = new int[NativeInts.get(rows, at)];
        for (int k = 0; k < t.length; k++) {
            t[k] = NativeInts.get(rows, at + 1 + k);
        }
        return t;
    }

    /** Which groups' targets are sinks: non-roots with no edge left but (possibly) to roots or themselves. */
    static boolean[] sinkGroups(Digraph g) {
        boolean[] sink = new boolean[g.groupCount()];
        RefCursor c = g.successors();
        for (int k = 0; k < sink.length; k++) {
            int t = g.groupTarget(k);
            if (t < 0 || g.isRoot(t)) {
                continue;
            }
            boolean none = true;
            c.reset(t);
            for (int s; none && (s = c.next()) >= 0; ) {
                none = s == t || g.isRoot(s);
            }
            int own = g.groupOf(t);
            int ownTarget = own < 0 ? -1 : g.groupTarget(own);
            sink[k] = none && (ownTarget < 0 || ownTarget == t || g.isRoot(ownTarget));
        }
        return sink;
    }

    static CompactGraph build(Digraph g, long storedEdges, int threads) {
        int n = g.vertexCount();
        boolean[] sink = sinkGroups(g);
        int groups = g.groupCount();
        int[] target = new int[groups];
        for (int k = 0; k < groups; k++) {
            int t = g.groupTarget(k);
            target[k] = t < 0 || g.isRoot(t) || sink[k] ? -1 : t;
        }
        // A stored row holds its length and at most its stored edges and a group edge.
        long capacity = 1 + Math.max(storedEdges, g.storedEdgesBefore(n)) + 2L * n;
        NativeLongs headArray = NativeLongs.allocateUninitialized(Math.max(1, n));
        NativeInts rowArray = null;
        try {
            rowArray = NativeInts.allocateUninitialized(capacity);
            long[] leaf = new long[(n + 64) >>> 6];
            MemorySegment hd = headArray.segment();
            MemorySegment rw = rowArray.segment();
            NativeInts.set(rw, 0, 0); // the empty row
            // Two parts at most: the second part's rows go right after the most the first part can
            // keep, then move down once, to follow the first part's rows.
            int split = Parallel.parts(n, threads) > 1 ? balancedSplit(g, n) : n;
            long secondAt = 1 + g.storedEdgesBefore(split) + 2L * split;
            long[] ends = new long[2];
            Parallel.run(split < n ? 2 : 1, p -> {
                if (p == 0) {
                    ends[0] = copyRows(g, target, 0, split, hd, rw, 1, leaf);
                } else {
                    ends[1] = copyRows(g, target, split, n, hd, rw, secondAt, leaf);
                }
            });
            long total = ends[0];
            if (split < n) {
                long len = ends[1] - secondAt;
                MemorySegment.copy(rw, secondAt * 4, rw, total * 4, len * 4);
                // What the second part wrote above the rows' new end is free now.
                NativeMemory.discard(rw, (total + len) * 4, ends[1] * 4);
                shiftHeads(hd, split, n, secondAt - total);
            }
            return new CompactGraph(n, headArray, rowArray, leaf, sink);
        } catch (RuntimeException | Error e) {
            NativeMemory.closeAll(headArray, rowArray);
            throw e;
        }
    }

    /**
     * Where to split the vertices so that both parts take about as long: a vertex costs about one
     * and a half stored edges (its row's offsets, its class, its own offset and leaf bit against an
     * edge's decoding, root test and store; measured on a 38 M-object dump, whose second half holds
     * 17% more edges than its first). A multiple of 64, so the parts share no word of the leaf bits.
     */
    static int balancedSplit(Digraph g, int n) {
        long half = (3L * n + 2L * g.storedEdgesBefore(n)) / 2;
        int lo = 0;
        int hi = n >>> 6;
        while (lo < hi) { // the first multiple of 64 whose work before it reaches half
            int mid = (lo + hi) >>> 1;
            int v = mid << 6;
            if (3L * v + 2L * g.storedEdgesBefore(v) < half) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return Math.min(n, lo << 6);
    }

    /** Vertices whose rows and groups are read from the graph at a time (tests set it small). */
    static int block = 4096;
    /** References the read buffer holds at first (tests set it small, so reads stop early). */
    static int refsBuffer = 4 * 4096;

    /**
     * Copies the rows of vertices {@code [from, to)}, storing the long ones from {@code pos} on;
     * returns where they end. The graph's rows and groups are read a block at a time
     * ({@link RowReader}: decoded in order, several times cheaper than a cursor per vertex), and a
     * block's heads and stored rows are made in plain arrays and copied out in bulk: the per-vertex
     * loop touches no native memory, so it runs faster and compiles sooner.
     */
    private static long copyRows(Digraph g, int[] target, int from, int to, MemorySegment heads, MemorySegment rows,
            long pos, long[] leaf) {
        RowReader reader = g.successorRows();
        int[] ends = new int[block];
        int[] groups = new int[block];
        int[] refs = new int[refsBuffer];
        long[] headOut = new long[block];
        int[] rowOut = new int[2 * block + refs.length];
        for (int v = from; v < to; ) {
            int got = reader.read(v, Math.min(ends.length, to - v), ends, refs);
            if (got == 0) { // the row of v alone is longer than the buffer
                refs = new int[Math.toIntExact(reader.rowLength(v))];
                rowOut = new int[2 * block + refs.length];
                continue;
            }
            g.groupsOf(v, got, groups);
            int used = copyBlock(g, target, v, got, ends, refs, groups, headOut, rowOut, pos, leaf);
            MemorySegment.copy(headOut, 0, heads, NativeLongs.LONG, 8L * v, got);
            MemorySegment.copy(rowOut, 0, rows, NativeInts.INT, 4 * pos, used);
            pos += used;
            v += got;
        }
        return pos;
    }

    /**
     * The heads of one block read by {@link #copyRows} into {@code headOut}, its stored rows into
     * {@code rowOut} (they go to {@code rows[base..]}); returns how much of {@code rowOut} they
     * fill. Each row is filtered straight into the place it would be stored at (sorted there when
     * long); a row of one or two targets then goes into its head instead.
     */
    private static int copyBlock(Digraph g, int[] target, int first, int count, int[] ends, int[] refs, int[] groups,
            long[] headOut, int[] rowOut, long base, long[] leaf) {
        int start = 0;
        int at = 0;
        for (int k = 0; k < count; k++) {
            int v = first + k;
            int end = ends[k];
            int size = 0;
            for (int e = start; e < end; e++) {
                int t = refs[e];
                if (t != v && !g.isRoot(t)) {
                    rowOut[at + 1 + size++] = t;
                }
            }
            int group = groups[k];
            int t = group < 0 ? -1 : target[group]; // -1 for a root or a sink
            if (t >= 0 && t != v) {
                rowOut[at + 1 + size++] = t;
            }
            start = end;
            if (size == 0) {
                leaf[v >>> 6] |= 1L << v;
                headOut[k] = EMPTY;
            } else if (size <= 2) {
                headOut[k] = inline(rowOut[at + 1], size == 2 ? rowOut[at + 2] : -1);
            } else {
                if (size > SORT_FROM) {
                    Arrays.sort(rowOut, at + 1, at + 1 + size);
                }
                headOut[k] = stored(base + at);
                rowOut[at] = size;
                at += 1 + size;
            }
        }
        return at;
    }

    /**
     * Moves the stored rows' places in the heads of vertices {@code [from, to)} down by {@code delta}.
     * A loop of its own: in build, it would have all of build compiled on stack replacement
     * (ARCHITECTURE.md, "Hot loops and the JIT").
     */
    private static void shiftHeads(MemorySegment heads, int from, int to, long delta) {
        for (int v = from; v < to; v++) {
            long h = NativeLongs.get(heads, v);
            if (h < 0 && h != EMPTY) {
                NativeLongs.set(heads, v, stored(~h - delta));
            }
        }
    }

    /** Frees the arrays. */
    @Override
    public void close() {
        headArray.close();
        rowArray.close();
    }
}
