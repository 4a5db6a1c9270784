package dev.heapwise.analysis.leaks.internal;

import dev.heapwise.analysis.leaks.LeakTrace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The traces of one signature as they are found: the {@code limit} biggest kept (a class with
 * millions of instances would otherwise hold millions of traces in memory, where one is shown), the
 * rest counted with what they retain. Not thread-safe.
 */
public final class TraceGroup {
    /** Biggest retained size first, then by object: the order a leak lists its traces in. */
    public static final Comparator<LeakTrace> ORDER = Comparator.comparingLong(LeakTrace::retainedSize).reversed()
            .thenComparingInt(LeakTrace::leakingObject);

    private final int limit;
    private final PriorityQueue<LeakTrace> kept = new PriorityQueue<>(ORDER.reversed()); // the smallest on top
    private int omitted;
    private long omittedRetainedSize;

    /** @param limit at least 1 ({@code LeakAnalyzer.Options} makes sure) */
    public TraceGroup(int limit) {
        this.limit = limit;
    }

    public void add(LeakTrace t) {
        kept.add(t);
        if (kept.size() > limit) {
            LeakTrace out = kept.poll();
            omitted++;
            omittedRetainedSize += out.retainedSize();
        }
    }

    /** The kept traces, in {@link #ORDER}. */
    public List<LeakTrace> traces() {
        List<LeakTrace> ts = new ArrayList<>(kept);
        ts.sort(ORDER);
        return List.copyOf(ts);
    }

    public int omitted() {
        return omitted;
    }

    public long omittedRetainedSize() {
        return omittedRetainedSize;
    }
}
