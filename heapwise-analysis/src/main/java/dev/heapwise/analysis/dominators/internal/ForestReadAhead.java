package dev.heapwise.analysis.dominators.internal;

import dev.heapwise.analysis.internal.Background;
import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import java.lang.foreign.MemorySegment;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A thread on the idle core that reads, a window ahead of {@link SemiNca}'s semi-dominator pass,
 * the forest slots that pass will read for the predecessors of the numbers it is coming to: they
 * were written long before and have left the caches, and the pass waits on each of them in turn,
 * where this thread's reads bring them into the cache both cores share. Only reads: whatever it
 * sees, the pass computes the same. The pass tells it where it is every few thousand numbers
 * ({@link #at}); an instance that was never started costs the pass just that. The thread runs at
 * the lowest priority ({@link Background}), so it takes only what the pass and the JIT leave.
 *
 * <p>On the 38 M-object dump the pass takes 0.55-0.79 s with it against 0.82-1.12 s without, but in
 * some runs (one in four to six) 1.05-1.6 s, both cores busy throughout: most likely the runs where
 * the host has placed the two virtual CPUs on cores that share no cache, so the reads only add
 * traffic. Pausing the thread when the pass's own pace says it hurts was tried in four forms and
 * dropped: adjacent blocks of the pass differ in work about as much as the read-ahead changes their
 * time (BENCHMARKS.md, tenth to twelfth sessions).
 */
final class ForestReadAhead {
    /** Numbers between the pass and the farthest this thread reads. */
    static final int WINDOW = 1 << 15;
    /**
     * Numbers between the pass and the nearest this thread reads: beside the pass, its reads of
     * lines the pass is writing (path compression) would bounce them between the cores.
     */
    static final int LEAD = 1 << 12;

    private final int count;
    private final MemorySegment vertex;
    private final long[] leaf;
    private final long[] twice;
    private final PredecessorLists lists;
    private final MemorySegment forest;
    private final AtomicInteger pass;
    private volatile boolean stopped;
    private Background thread;
    /** Keeps the reads from being optimised away. */
    long sink;

    ForestReadAhead(int count, MemorySegment vertex, long[] leaf, long[] twice, PredecessorLists lists,
            MemorySegment forest) {
        this.count = count;
        this.vertex = vertex;
        this.leaf = leaf;
        this.twice = twice;
        this.lists = lists;
        this.forest = forest;
        this.pass = new AtomicInteger(count);
    }

    void start() {
        thread = Background.start("heapwise-ahead", 1, part -> run());
    }

    /** The pass has reached number {@code i} (read by the thread, if started). */
    void at(int i) {
        pass.setOpaque(i);
    }

    void stop() {
        stopped = true;
        if (thread != null) {
            thread.close();
        }
    }

    private void run() {
        int i = count - 1;
        while (i >= 1 && !stopped) {
            int at = pass.getOpaque();
            if (i > at - LEAD) {
                i = at - LEAD; // fell behind or too close: go on from a lead again, never beside the pass
            }
            int limit = at - WINDOW;
            if (i <= limit) {
                LockSupport.parkNanos(20_000); // far enough ahead
                continue;
            }
            int end = Math.max(1, Math.max(limit, i - 4096));
            sink += touch(i, end);
            i = end - 1;
        }
    }

    /** Reads the forest slots of the predecessors above their vertex, numbers {@code from} down to {@code to}. */
    private long touch(int from, int to) {
        long s = 0;
        MemorySegment numbers = lists.numbers;
        for (int i = from; i >= to; i--) {
            int v = NativeInts.get(vertex, i);
            long bit = 1L << v;
            int w = v >>> 6;
            if ((leaf[w] & bit) != 0 || (twice[w] & bit) == 0 || lists.trackedIndex(v) >= 0) {
                continue;
            }
            int r = lists.rank(v);
            for (long e = lists.start(r), end = lists.start(r + 1); e < end; e++) {
                int u = NativeInts.get(numbers, e);
                if (u > i) {
                    s += NativeLongs.get(forest, u);
                }
            }
        }
        return s;
    }
}
