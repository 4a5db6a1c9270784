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
 * The out-edges the dominator computation needs, copied once into plain native int arrays
 * (compressed sparse rows: {@code targets[offset(v) .. offset(v+1))}), so that the depth-first
 * search, which visits vertices in an order the graph's index was not laid out for, pays one or
 * two cache misses per vertex instead of the half dozen of the index's compressed columns. The copy
 * reads the index in order (cheap) on two threads, each over one part of the vertices, split where
 * the work is even ({@link #balancedSplit}).
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

    final int n;
    final boolean wide;
    private final NativeInts intOffsets;
    private final NativeLongs longOffsets;
    final MemorySegment offsets;
    private final NativeInts targetArray;
    final MemorySegment targets;
    final long edges;
    /** Bit per vertex: no edges left. */
    final long[] leaf;
    /** Per group: its target is a sink (its group edges were left out). */
    final boolean[] sinkGroup;

    private CompactGraph(int n, NativeInts intOffsets, NativeLongs longOffsets, NativeInts targetArray, long edges,
            long[] leaf, boolean[] sinkGroup) {
        this.n = n;
        this.wide = longOffsets != null;
        this.intOffsets = intOffsets;
        this.longOffsets = longOffsets;
        this.offsets = wide ? longOffsets.segment() : intOffsets.segment();
        this.targetArray = targetArray;
        this.targets = targetArray.segment();
        this.edges = edges;
        this.leaf = leaf;
        this.sinkGroup = sinkGroup;
    }

    long offset(int v) {
        return wide ? NativeLongs.get(offsets, v) : NativeInts.get(offsets, v);
    }

    boolean isLeaf(int v) {
        return (leaf[v >>> 6] & (1L << v)) != 0;
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
        long capacity = Math.max(1, Math.max(storedEdges, g.storedEdgesBefore(n)) + n);
        boolean wide = capacity + 1 >= Integer.MAX_VALUE;
        NativeInts intOffsets = wide ? null : NativeInts.allocateUninitialized(n + 1L);
        NativeLongs longOffsets = wide ? NativeLongs.allocateUninitialized(n + 1L) : null;
        NativeInts targetArray = null;
        try {
            targetArray = NativeInts.allocateUninitialized(capacity);
            long[] leaf = new long[(n + 64) >>> 6];
            MemorySegment off = wide ? longOffsets.segment() : intOffsets.segment();
            MemorySegment tg = targetArray.segment();
            // Two parts at most: the second part's rows go right after the most the first part can
            // keep (its stored edges and a class edge per vertex), then move down once, to follow
            // the first part's rows.
            int split = Parallel.parts(n, threads) > 1 ? balancedSplit(g, n) : n;
            long secondAt = g.storedEdgesBefore(split) + split;
            long[] ends = new long[2];
            Parallel.run(split < n ? 2 : 1, p -> {
                if (p == 0) {
                    ends[0] = copyRows(g, target, 0, split, off, wide, tg, 0, leaf);
                } else {
                    ends[1] = copyRows(g, target, split, n, off, wide, tg, secondAt, leaf);
                }
            });
            long total = ends[0];
            if (split < n) {
                long len = ends[1] - secondAt;
                MemorySegment.copy(tg, secondAt * 4, tg, total * 4, len * 4);
                // What the second part wrote above the rows' new end is free now.
                NativeMemory.discard(tg, (total + len) * 4, ends[1] * 4);
                shiftOffsets(off, wide, split, n - 1, secondAt - total);
                total += len;
            }
            setOffset(off, wide, n, total);
            return new CompactGraph(n, intOffsets, longOffsets, targetArray, total, leaf, sink);
        } catch (RuntimeException | Error e) {
            NativeMemory.closeAll(intOffsets, longOffsets, targetArray);
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

    /** The kept edges of a long row, collected and sorted before they are written. */
    private static final class Row {
        int[] row = new int[64];
        int size;

        /** The kept edges of {@code v}: its stored successors {@code refs[start..end)}, then its group edge. */
        void collect(Digraph g, int[] refs, int start, int end, int[] target, int v, int group) {
            size = 0;
            for (int e = start; e < end; e++) {
                int t = refs[e];
                if (t != v && !g.isRoot(t)) {
                    add(t);
                }
            }
            if (group >= 0) {
                int t = target[group];
                if (t >= 0 && t != v) {
                    add(t);
                }
            }
            if (size > SORT_FROM) {
                Arrays.sort(row, 0, size);
            }
        }

        void copyTo(MemorySegment tg, long pos) {
            MemorySegment.copy(row, 0, tg, NativeInts.INT, pos * 4, size);
        }

        private void add(int t) {
            if (size == row.length) {
                row = Arrays.copyOf(row, size * 2);
            }
            row[size++] = t;
        }
    }

    /** Vertices whose rows and groups are read from the graph at a time (tests set it small). */
    static int block = 4096;
    /** References the read buffer holds at first (tests set it small, so reads stop early). */
    static int refsBuffer = 4 * 4096;

    /**
     * Copies the rows of vertices {@code [from, to)} to the targets from {@code pos} on; returns where
     * they end. The graph's rows and groups are read a block at a time ({@link RowReader}: decoded in
     * order, several times cheaper than a cursor per vertex).
     */
    private static long copyRows(Digraph g, int[] target, int from, int to, MemorySegment off, boolean wide,
            MemorySegment tg, long pos, long[] leaf) {
        RowReader rows = g.successorRows();
        int[] ends = new int[block];
        int[] groups = new int[block];
        int[] refs = new int[refsBuffer];
        Row row = new Row();
        for (int v = from; v < to; ) {
            int got = rows.read(v, Math.min(ends.length, to - v), ends, refs);
            if (got == 0) { // the row of v alone is longer than the buffer
                refs = new int[Math.toIntExact(rows.rowLength(v))];
                continue;
            }
            g.groupsOf(v, got, groups);
            pos = copyBlock(g, target, v, got, ends, refs, groups, off, wide, tg, pos, leaf, row);
            v += got;
        }
        return pos;
    }

    /**
     * Copies the rows of one block read by {@link #copyRows}, from {@code pos} on; returns where they
     * end. A row too short to be sorted (most: one to three targets) is filtered straight into
     * place; a longer one goes through {@code row}.
     */
    private static long copyBlock(Digraph g, int[] target, int first, int count, int[] ends, int[] refs, int[] groups,
            MemorySegment off, boolean wide, MemorySegment tg, long pos, long[] leaf, Row row) {
        int start = 0;
        for (int k = 0; k < count; k++) {
            int v = first + k;
            int end = ends[k];
            setOffset(off, wide, v, pos);
            long at = pos;
            if (end - start < SORT_FROM) {
                for (int e = start; e < end; e++) {
                    int t = refs[e];
                    if (t != v && !g.isRoot(t)) {
                        NativeInts.set(tg, at++, t);
                    }
                }
                int group = groups[k];
                int t = group < 0 ? -1 : target[group];
                if (t >= 0 && t != v) {
                    NativeInts.set(tg, at++, t);
                }
            } else {
                row.collect(g, refs, start, end, target, v, groups[k]);
                row.copyTo(tg, at);
                at += row.size;
            }
            if (at == pos) {
                leaf[v >>> 6] |= 1L << v;
            }
            pos = at;
            start = end;
        }
        return pos;
    }

    /**
     * Moves the offsets of vertices {@code [from, to]} down by {@code delta}. A loop of its own: in
     * build, it would have all of build compiled on stack replacement (ARCHITECTURE.md, "Hot loops
     * and the JIT").
     */
    private static void shiftOffsets(MemorySegment off, boolean wide, int from, int to, long delta) {
        for (int v = from; v <= to; v++) {
            if (wide) {
                NativeLongs.set(off, v, NativeLongs.get(off, v) - delta);
            } else {
                NativeInts.set(off, v, (int) (NativeInts.get(off, v) - delta));
            }
        }
    }

    private static void setOffset(MemorySegment off, boolean wide, int v, long pos) {
        if (wide) {
            NativeLongs.set(off, v, pos);
        } else {
            NativeInts.set(off, v, (int) pos);
        }
    }

    /** Frees the arrays. */
    @Override
    public void close() {
        if (intOffsets != null) {
            intOffsets.close();
        }
        if (longOffsets != null) {
            longOffsets.close();
        }
        targetArray.close();
    }
}
