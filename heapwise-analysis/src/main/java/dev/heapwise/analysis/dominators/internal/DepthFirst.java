package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.IntStack;
import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import dev.heapwise.graph.build.ProgressListener;
import java.lang.foreign.MemorySegment;

/**
 * Numbers vertices in depth-first preorder over a {@link CompactGraph}, from the virtual root
 * (number 0): {@code vertex[i]} is the vertex numbered i and {@code parent[i]} the number of its
 * parent in the search tree. Also marks every vertex reached ({@link #seen}) and every vertex
 * reached by more than one edge ({@link #twice}: only those need their predecessors later), and
 * logs each edge it finds into a vertex already numbered ({@link #log}): those edges and the tree
 * parents are all the reachable predecessors, so nothing reads the rows again.
 *
 * <p>The work stack holds (parent number, vertex) pairs still to look at: 8 bytes per edge waiting,
 * no recursion (a heap is searched millions of levels deep). A pair popped for a vertex already
 * numbered means a second edge into it. A vertex with no edges of its own is numbered the moment
 * it is found instead of being stacked: any order of exploring a vertex's edges is a depth-first
 * search, and exploring a leaf first finishes it at once. Successors are stacked in reverse so they
 * come off in row order, ascending for the sorted long rows (address order, few cache misses).
 */
final class DepthFirst {
    final NativeInts vertexArray;
    NativeInts parentArray;
    final long[] seen;
    final long[] twice;
    /** The edges into vertices already numbered, but for the virtual root's. */
    final EdgeLog log = new EdgeLog();
    private final CompactGraph g;
    private final ProgressListener progress;
    /** The next free number. */
    int next = 1;

    DepthFirst(CompactGraph g, ProgressListener progress) {
        this.g = g;
        this.progress = progress;
        int words = (g.n + 64) >>> 6;
        this.seen = new long[words];
        this.twice = new long[words];
        NativeInts v = NativeInts.allocateUninitialized(g.n + 1L);
        try {
            this.parentArray = NativeInts.allocateUninitialized(g.n + 1L);
        } catch (RuntimeException | Error e) {
            v.close();
            throw e;
        }
        this.vertexArray = v;
    }

    boolean isSeen(int v) {
        return (seen[v >>> 6] & (1L << v)) != 0;
    }

    /** Searches from each of {@code entries} in order, as successors of the virtual root. */
    void search(int[] entries, int count) {
        MemorySegment vertex = vertexArray.segment();
        MemorySegment parent = parentArray.segment();
        MemorySegment heads = g.heads;
        MemorySegment rows = g.rows;
        // The three bits of a vertex side by side (words 3w, 3w + 1, 3w + 2: seen, leaf, twice), so
        // that testing a target takes one cache line where three arrays would take up to three.
        long[] bits = interleave(seen, g.leaf, twice);
        // The log's current chunk and position live in locals of the loop below, which appends in two
        // places inline (a method could not move both).
        EdgeLog log = this.log;
        MemorySegment logged = log.current();
        int logAt = log.fill();
        int logEnd = log.chunk;
        IntStack work = new IntStack();
        int d = next;
        for (int k = count - 1; k >= 0; k--) {
            int t = entries[k];
            long tb = 1L << t;
            int tw = t >>> 6;
            if ((bits[3 * tw] & tb) != 0) {
                continue; // a root listed twice: its only predecessor is still the virtual root
            }
            if ((bits[3 * tw + 1] & tb) != 0) {
                bits[3 * tw] |= tb;
                NativeInts.set(vertex, d, t);
                NativeInts.set(parent, d, 0);
                d++;
            } else {
                work.push(0);
                work.push(t);
            }
        }
        long reported = d;
        while (!work.isEmpty()) {
            int v = work.pop();
            int p = work.pop();
            long bit = 1L << v;
            int word = v >>> 6;
            if ((bits[3 * word] & bit) != 0) {
                bits[3 * word + 2] |= bit;
                if (p != 0) {
                    if (logAt == logEnd) {
                        logged = log.nextChunk();
                        logAt = 0;
                    }
                    NativeLongs.set(logged, logAt++, EdgeLog.pair(p, v));
                }
                continue;
            }
            bits[3 * word] |= bit;
            int me = d++;
            NativeInts.set(vertex, me, v);
            NativeInts.set(parent, me, p);
            // A row of one or two targets is in the head itself: no second cache miss.
            long h = NativeLongs.get(heads, v);
            int first = (int) h;
            int second = (int) (h >>> 32) - 1;
            long at = ~h;
            int length = h >= 0 ? (second >= 0 ? 2 : 1) : NativeInts.get(rows, at);
            for (int k = length - 1; k >= 0; k--) {
                int t = h >= 0 ? (k == 0 ? first : second) : NativeInts.get(rows, at + 1 + k);
                long tb = 1L << t;
                int tw = t >>> 6;
                if ((bits[3 * tw] & tb) != 0) {
                    bits[3 * tw + 2] |= tb;
                    if (logAt == logEnd) {
                        logged = log.nextChunk();
                        logAt = 0;
                    }
                    NativeLongs.set(logged, logAt++, EdgeLog.pair(me, t));
                } else if ((bits[3 * tw + 1] & tb) != 0) {
                    bits[3 * tw] |= tb;
                    NativeInts.set(vertex, d, t);
                    NativeInts.set(parent, d, me);
                    d++;
                } else {
                    work.push(me);
                    work.push(t);
                }
            }
            if (d - reported > ProgressListener.STEP_MASK) {
                reported = d;
                progress.progress(d);
            }
        }
        separate(bits, seen, twice);
        log.finish(logAt);
        next = d;
    }

    private static long[] interleave(long[] seen, long[] leaf, long[] twice) {
        long[] bits = new long[3 * seen.length];
        for (int w = 0; w < seen.length; w++) {
            bits[3 * w] = seen[w];
            bits[3 * w + 1] = leaf[w];
            bits[3 * w + 2] = twice[w];
        }
        return bits;
    }

    private static void separate(long[] bits, long[] seen, long[] twice) {
        for (int w = 0; w < seen.length; w++) {
            seen[w] = bits[3 * w];
            twice[w] = bits[3 * w + 2];
        }
    }

    /** Numbers {@code v}, not reached, as a child of the virtual root without searching from it. */
    void numberAlone(int v) {
        seen[v >>> 6] |= 1L << v;
        vertexArray.set(next, v);
        parentArray.set(next, 0);
        next++;
    }

    /** Hands the parent array (by then: immediate dominators) over to the caller, who closes it. */
    NativeInts detachParent() {
        NativeInts p = parentArray;
        parentArray = null;
        return p;
    }

    void close() {
        log.close();
        vertexArray.close();
        if (parentArray != null) {
            parentArray.close();
        }
    }
}
