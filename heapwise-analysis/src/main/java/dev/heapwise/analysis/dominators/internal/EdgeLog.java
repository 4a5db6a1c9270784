package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.NativeLongs;
import dev.heapwise.analysis.internal.NativeMemory;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

/**
 * The edges the depth-first search finds into vertices it has already numbered, as (source number,
 * target vertex) pairs packed in longs, in the order found: with the tree parents, exactly the
 * reachable predecessors that {@link PredecessorLists} needs, so it never reads the rows again.
 * Kept in chunks of native memory taken as the search goes (it cannot know how many in advance;
 * about half a long per vertex on a heap). The writer holds the current chunk itself: see
 * {@link #nextChunk} and {@link #finish}. Not thread-safe while written; read from several threads
 * afterwards.
 */
final class EdgeLog implements AutoCloseable {
    /** Pairs per chunk of the logs made from now on: 32 MB (tests lower it to cross chunks on small graphs). */
    static volatile int chunkPairs = 1 << 22;

    /** Pairs per chunk. */
    final int chunk = chunkPairs;
    private final List<NativeLongs> chunks = new ArrayList<>();
    /** Pairs in the last chunk, once {@link #finish}ed. */
    private int last;

    static long pair(int sourceNumber, int target) {
        return ((long) sourceNumber << 32) | (target & 0xFFFFFFFFL);
    }

    static int source(long pair) {
        return (int) (pair >>> 32);
    }

    static int target(long pair) {
        return (int) pair;
    }

    /** The chunk being appended to, or null before the first. */
    MemorySegment current() {
        return chunks.isEmpty() ? null : chunks.get(chunks.size() - 1).segment();
    }

    /** Pairs in {@link #current}, as last {@link #finish}ed; {@link #chunk} when there is none (so full). */
    int fill() {
        return chunks.isEmpty() ? chunk : last;
    }

    /** A fresh chunk of {@link #chunk} pairs to append to, the previous one being full. */
    MemorySegment nextChunk() {
        NativeLongs c = NativeLongs.allocateUninitialized(chunk);
        chunks.add(c);
        last = 0;
        return c.segment();
    }

    /** Records how many pairs the current chunk holds when the writer stops (it may go on later). */
    void finish(int inLastChunk) {
        last = inLastChunk;
    }

    /** Pairs logged in all. */
    long size() {
        return chunks.isEmpty() ? 0 : (long) (chunks.size() - 1) * chunk + last;
    }

    /** A run of pairs {@code [from, to)} within one chunk. */
    @FunctionalInterface
    interface Run {
        void accept(MemorySegment chunk, int from, int to);
    }

    /** Hands pairs {@code [from, to)} of the log over chunk by chunk, in order. */
    void forEach(long from, long to, Run run) {
        for (long k = from; k < to; ) {
            int at = (int) (k % chunk);
            int end = (int) Math.min(chunk, at + (to - k));
            run.accept(chunks.get((int) (k / chunk)).segment(), at, end);
            k += end - at;
        }
    }

    /**
     * Frees the chunks, their pages first: closed blocks stay mapped in the native pool, and no later
     * array is small enough to take a chunk's range, so its pages would only stay resident (about
     * 160 MB on a 38 M-object heap) until the computation ends.
     */
    @Override
    public void close() {
        for (NativeLongs c : chunks) {
            NativeMemory.discard(c.segment(), 0, c.segment().byteSize());
        }
        NativeMemory.closeAll(chunks.toArray(new AutoCloseable[0]));
        chunks.clear();
        last = 0;
    }
}
