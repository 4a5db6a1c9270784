package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import dev.heapwise.analysis.internal.Parallel;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The predecessors of the vertices reached more than once, as preorder numbers: the list of the
 * r-th such vertex (in vertex order: {@link #rank}) is {@code numbers[start(r) .. start(r+1))}.
 * A vertex reached once needs none (its tree parent is its only reachable predecessor).
 *
 * <p>Built from the {@link EdgeLog} of the depth-first search, without reading the rows again: those
 * edges and the tree parents are exactly the reachable predecessors, and a list leaves its tree
 * parent out (every use starts from the parent anyway). One pass over the log counts, a second
 * writes each source's number into its target's list. Both split the log in two halves, one per
 * thread; each half counts into its own array, so the second writes without contention.
 *
 * <p><b>Crowded vertices.</b> A class object with millions of instances, or a string constant every
 * record points to, would need millions of list entries and as many path evaluations. Up to
 * {@link #TRACKED} such vertices (non-leaves with the longest lists, at least {@link #crowded}
 * entries) get no list. Instead each predecessor u of tracked vertex j sets bit j in
 * {@code mark[pre(u)]}, and {@code lowest[j]} keeps the smallest predecessor number. The
 * semi-dominator pass then ORs each vertex's marks into its tree parent's (reverse preorder visits
 * children first), so a vertex's marks say which tracked vertices have a predecessor in its
 * subtree; see {@link SemiNca} for why that gives the semi-dominator exactly.
 */
final class PredecessorLists implements AutoCloseable {
    /** At most this many crowded vertices are tracked (one bit each in an int). */
    static final int TRACKED = 32;
    /** A list shorter than this is not worth tracking (tests lower it to track on small graphs). */
    static volatile int crowded = 4096;

    private final long[] members;
    private final int[] rankBase;
    final int count;
    final boolean wide;
    private final NativeInts intStart;
    private final NativeLongs longStart;
    final MemorySegment start;
    private final NativeInts numberArray;
    final MemorySegment numbers;
    /** Tracked vertices, by tracking index. */
    final int[] tracked;
    /** Per tracking index: the smallest predecessor number (Integer.MAX_VALUE when none). */
    final int[] lowest;
    /** Per preorder number: bit j set when the vertex is a predecessor of tracked vertex j; null if none tracked. */
    NativeInts mark;
    private final long[] trackedBits;

    private PredecessorLists(long[] members, int[] rankBase, int count, NativeInts intStart, NativeLongs longStart,
            NativeInts numberArray, int[] tracked, long[] trackedBits) {
        this.members = members;
        this.rankBase = rankBase;
        this.count = count;
        this.wide = longStart != null;
        this.intStart = intStart;
        this.longStart = longStart;
        this.start = wide ? longStart.segment() : intStart.segment();
        this.numberArray = numberArray;
        this.numbers = numberArray.segment();
        this.tracked = tracked;
        this.trackedBits = trackedBits;
        this.lowest = new int[tracked.length];
        Arrays.fill(lowest, Integer.MAX_VALUE);
    }

    /** The position of member {@code v} among the members, in vertex order. */
    int rank(int v) {
        int w = v >>> 6;
        return rankBase[w] + Long.bitCount(members[w] & ((1L << v) - 1));
    }

    long start(int r) {
        return wide ? NativeLongs.get(start, r) : NativeInts.get(start, r);
    }

    /** The tracking index of {@code v}, or -1 when v has an ordinary list. */
    int trackedIndex(int v) {
        if ((trackedBits[v >>> 6] & (1L << v)) == 0) {
            return -1;
        }
        for (int j = 0; j < tracked.length; j++) {
            if (tracked[j] == v) {
                return j;
            }
        }
        return -1;
    }

    /**
     * @param log      the edges into vertices reached more than once, from {@link DepthFirst}
     * @param members  bit per vertex that gets a list (every target in the log is one)
     * @param leaf     bit per vertex with no edges (a leaf is never tracked)
     * @param numbered how many preorder numbers there are (size of the marks)
     */
    static PredecessorLists build(EdgeLog log, long[] members, long[] leaf, int numbered, int threads) {
        int[] rankBase = rankBases(members);
        int count = rankBase[members.length];
        long size = log.size();
        int parts = size >= Integer.MAX_VALUE ? threads : Parallel.parts((int) size, threads);
        long[] from = new long[parts + 1];
        for (int p = 0; p <= parts; p++) {
            from[p] = size * p / parts;
        }
        NativeInts[] counts = new NativeInts[parts];
        NativeLongs[] wideNext = new NativeLongs[parts];
        NativeInts intStart = null;
        NativeLongs longStart = null;
        NativeInts numberArray = null;
        NativeInts mark = null;
        try {
            for (int p = 0; p < parts; p++) {
                counts[p] = NativeInts.allocate(Math.max(1, count));
            }
            // Pass 1: per part of the log, how many entries each list gets from it.
            Parallel.run(parts, p -> {
                MemorySegment c = counts[p].segment();
                log.forEach(from[p], from[p + 1], (chunk, at, to) -> count(chunk, at, to, members, rankBase, c));
            });
            long[] trackedBits = new long[members.length];
            Crowded crowdedLists = crowded(leaf, members, rankBase, counts, count);
            int[] tracked = crowdedLists.tracked();
            for (int t : tracked) {
                trackedBits[t >>> 6] |= 1L << t;
            }
            long total = crowdedLists.entries();
            boolean wide = total >= Integer.MAX_VALUE;
            if (wide) {
                longStart = NativeLongs.allocateUninitialized(count + 1L);
                for (int p = 0; p < parts; p++) {
                    wideNext[p] = NativeLongs.allocateUninitialized(Math.max(1, count));
                }
            } else {
                intStart = NativeInts.allocateUninitialized(count + 1L);
            }
            numberArray = NativeInts.allocateUninitialized(Math.max(1, total));
            if (tracked.length > 0) {
                mark = NativeInts.allocate(Math.max(1, numbered));
            }
            PredecessorLists lists = new PredecessorLists(members, rankBase, count, intStart, longStart, numberArray,
                    tracked, trackedBits);
            lists.mark = mark;
            long placed = lists.placeParts(counts, wideNext, count);
            if (placed != total) {
                throw new IllegalStateException("predecessor lists: " + total + " entries counted, " + placed
                        + " placed");
            }
            int[][] lowest = new int[parts][];
            // Pass 2: each part writes its sources into the lists (its own slots: see placeParts).
            Parallel.run(parts, p -> {
                MemorySegment next = wide ? wideNext[p].segment() : counts[p].segment();
                int[] low = new int[tracked.length];
                Arrays.fill(low, Integer.MAX_VALUE);
                log.forEach(from[p], from[p + 1], (chunk, at, to) -> lists.place(chunk, at, to, next, low));
                lowest[p] = low;
            });
            for (int[] low : lowest) {
                for (int j = 0; j < tracked.length; j++) {
                    lists.lowest[j] = Math.min(lists.lowest[j], low[j]);
                }
            }
            numberArray = null;
            intStart = null;
            longStart = null;
            mark = null;
            return lists;
        } finally {
            for (NativeInts c : counts) {
                if (c != null) {
                    c.close();
                }
            }
            for (NativeLongs c : wideNext) {
                if (c != null) {
                    c.close();
                }
            }
            for (AutoCloseable a : new AutoCloseable[] {numberArray, intStart, longStart, mark}) {
                if (a != null) {
                    try {
                        a.close();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
        }
    }

    /** Pass 1 over pairs {@code [from, to)} of a chunk: one more entry for each target's list. */
    private static void count(MemorySegment chunk, int from, int to, long[] members, int[] rankBase,
            MemorySegment counts) {
        for (int k = from; k < to; k++) {
            int t = EdgeLog.target(NativeLongs.get(chunk, k));
            int w = t >>> 6;
            int r = rankBase[w] + Long.bitCount(members[w] & ((1L << t) - 1));
            NativeInts.set(counts, r, NativeInts.get(counts, r) + 1);
        }
    }

    /**
     * Pass 2 over pairs {@code [from, to)} of a chunk: each source number into its target's list at
     * {@code next[rank]}, or, for a tracked target j, into the marks and {@code low[j]}.
     */
    private void place(MemorySegment chunk, int from, int to, MemorySegment next, int[] low) {
        MemorySegment marks = mark == null ? null : mark.segment();
        for (int k = from; k < to; k++) {
            long pair = NativeLongs.get(chunk, k);
            int t = EdgeLog.target(pair);
            int number = EdgeLog.source(pair);
            int w = t >>> 6;
            long bit = 1L << t;
            if ((trackedBits[w] & bit) != 0) {
                int j = trackedIndex(t);
                NativeInts.set(marks, number, NativeInts.get(marks, number) | (1 << j));
                low[j] = Math.min(low[j], number);
                continue;
            }
            int r = rankBase[w] + Long.bitCount(members[w] & (bit - 1));
            if (wide) {
                long e = NativeLongs.get(next, r);
                NativeLongs.set(next, r, e + 1);
                NativeInts.set(numbers, e, number);
            } else {
                int e = NativeInts.get(next, r);
                NativeInts.set(next, r, e + 1);
                NativeInts.set(numbers, e, number);
            }
        }
    }

    // The loops below run over every member or list. Each sits in a small method of its own: as a
    // loop of build, it would have the whole of build compiled on stack replacement, which holds a
    // compiler thread for a tenth of a second while the passes wait for theirs (ARCHITECTURE.md,
    // "Hot loops and the JIT").

    /** Per word of {@code members}, how many members the words before it hold; one more slot for the total. */
    private static int[] rankBases(long[] members) {
        int[] rankBase = new int[members.length + 1];
        for (int w = 0; w < members.length; w++) {
            rankBase[w + 1] = rankBase[w] + Long.bitCount(members[w]);
        }
        return rankBase;
    }

    /**
     * Sets each list's start, and turns each part's counts into its write positions: the list's
     * start plus what the parts before it add ({@code wideNext} when the lists are wide). Returns
     * the entries placed.
     */
    private long placeParts(NativeInts[] counts, NativeLongs[] wideNext, int count) {
        long at = 0;
        for (int r = 0; r < count; r++) {
            setStart(r, at);
            for (int p = 0; p < counts.length; p++) {
                int c = counts[p].get(r);
                if (wide) {
                    wideNext[p].set(r, at);
                } else {
                    counts[p].set(r, (int) at);
                }
                at += c;
            }
        }
        setStart(count, at);
        return at;
    }

    /** The tracked vertices, and how many list entries the others need in all. */
    private record Crowded(int[] tracked, long entries) {}

    /**
     * Chooses the crowded vertices: non-leaves with the longest lists (at least {@link #crowded}),
     * at most {@link #TRACKED}; zeroes their counts so they get no list space.
     */
    private static Crowded crowded(long[] leaf, long[] members, int[] rankBase, NativeInts[] counts, int count) {
        long[] best = new long[0]; // (length << 32 | rank), kept sorted descending, at most TRACKED
        long entries = 0;
        for (int r = 0; r < count; r++) {
            long len = 0;
            for (NativeInts c : counts) {
                len += NativeInts.get(c.segment(), r);
            }
            entries += len;
            if (len < crowded || best.length == TRACKED && len <= best[TRACKED - 1] >>> 32) {
                continue;
            }
            long key = (len << 32) | r;
            int at = best.length;
            if (best.length < TRACKED) {
                best = Arrays.copyOf(best, best.length + 1);
            } else {
                at = TRACKED - 1;
            }
            best[at] = key;
            for (int k = at; k > 0 && best[k] > best[k - 1]; k--) {
                long x = best[k];
                best[k] = best[k - 1];
                best[k - 1] = x;
            }
        }
        int[] out = new int[best.length];
        int kept = 0;
        for (long key : best) {
            int r = (int) key;
            int v = select(members, rankBase, r);
            if ((leaf[v >>> 6] & (1L << v)) != 0) {
                continue; // a leaf's dominator comes from its list (LeafDominators)
            }
            for (NativeInts c : counts) {
                c.set(r, 0);
            }
            entries -= key >>> 32;
            out[kept++] = v;
        }
        return new Crowded(Arrays.copyOf(out, kept), entries);
    }

    /** The member of rank {@code r}. */
    private static int select(long[] members, int[] rankBase, int r) {
        int lo = 0;
        int hi = members.length - 1;
        while (lo < hi) { // the last word whose base is <= r
            int mid = (lo + hi + 1) >>> 1;
            if (rankBase[mid] <= r) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        long word = members[lo];
        int k = r - rankBase[lo];
        while (k-- > 0) {
            word &= word - 1;
        }
        return (lo << 6) + Long.numberOfTrailingZeros(word);
    }

    private void setStart(int r, long v) {
        if (wide) {
            NativeLongs.set(start, r, v);
        } else {
            NativeInts.set(start, r, (int) v);
        }
    }

    @Override
    public void close() {
        if (intStart != null) {
            intStart.close();
        }
        if (longStart != null) {
            longStart.close();
        }
        numberArray.close();
        if (mark != null) {
            mark.close();
        }
    }
}
