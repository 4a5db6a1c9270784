package dev.heapwise.microej.analysis;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.microej.MicroEjAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The Heap Usage tab: the span from the earliest to the latest creation stamp (or a window of it)
 * cut into equal periods, and for each chart the number of instances created in each period: the
 * whole heap, then any number of selections (a type, a thread, a method). Instances without a
 * creation stamp are counted apart. Two passes over the objects (span, then counts); memory per
 * period. Thread-safe.
 */
public final class HeapUsage {
    private HeapUsage() {}

    /** One bar chart: its selection, the instances it counts, and the count per period. */
    public record Chart(String title, long instances, long[] counts) {}

    /**
     * @param first        the first period's start (the earliest stamp, or the window's start)
     * @param last         the last period's end, inclusive
     * @param periodStarts each period's first stamp; period i covers [starts[i], starts[i+1])
     * @param total        instances of the heap (class objects excluded)
     * @param undated      instances without a creation stamp
     */
    public record Result(long first, long last, long[] periodStarts, long total, long undated, List<Chart> charts) {}

    /**
     * @param window     restricts the time span (only its from/to are used); {@link Selection#ALL} for all
     * @param selections charts besides the total
     * @param periods    how many periods to cut the span into (at least 1; at most one per time stamp
     *                   of the span, fewer are used when the span is shorter)
     */
    public static Result compute(HeapGraph g, Selection window, List<Selection> selections, int periods) {
        MicroEjAttributes a = new MicroEjAttributes(g);
        Selection.Bound all = Selection.ALL.bind(g);
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long total = 0;
        long undated = 0;
        for (int o = 0; o < g.objectCount(); o++) {
            if (!all.matches(o)) {
                continue;
            }
            total++;
            long t = a.createdAt(o);
            if (t == MicroEjAttributes.NO_TIME) {
                undated++;
                continue;
            }
            min = Math.min(min, t);
            max = Math.max(max, t);
        }
        if (min > max) {
            min = 0;
            max = 0;
        }
        long first = window.from() != null ? window.from() : min;
        long last = window.to() != null ? window.to() : max;
        if (last < first) {
            last = first;
        }
        long span = last - first + 1;
        // No more periods than time stamps in the span: an empty period would start after it ends.
        int n = (int) Math.max(1, Math.min(periods, span));
        long[] starts = new long[n];
        for (int i = 0; i < n; i++) {
            starts[i] = first + (long) Math.floor((double) span * i / n);
        }
        List<Selection> all2 = new ArrayList<>();
        all2.add(new Selection(first, last, null, null, null));
        for (Selection s : selections) {
            all2.add(new Selection(first, last, s.thread(), s.method(), s.type()));
        }
        List<Chart> charts = new ArrayList<>();
        for (int c = 0; c < all2.size(); c++) {
            Selection.Bound sel = all2.get(c).bind(g);
            long[] counts = new long[n];
            long count = 0;
            for (int o = 0; o < g.objectCount(); o++) {
                if (sel.matches(o)) {
                    long t = a.createdAt(o);
                    counts[period(starts, t)]++;
                    count++;
                }
            }
            String title = c == 0 ? "Heap usage - Total" : selections.get(c - 1).describe();
            charts.add(new Chart(title, count, counts));
        }
        return new Result(first, last, starts, total, undated, charts);
    }

    private static int period(long[] starts, long t) {
        int i = java.util.Arrays.binarySearch(starts, t);
        if (i < 0) {
            i = -i - 2;
        } else {
            while (i + 1 < starts.length && starts[i + 1] == t) {
                i++;
            }
        }
        return Math.max(0, Math.min(starts.length - 1, i));
    }
}
