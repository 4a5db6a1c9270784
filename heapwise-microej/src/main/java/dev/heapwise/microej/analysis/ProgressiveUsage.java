package dev.heapwise.microej.analysis;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.microej.MicroEjAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Progressive Heap Usage: instance counts over a series of dumps taken one after another, per
 * type, creating thread or creating method; and the number of instances in the heap over time,
 * from the creation stamps of the instances each dump holds. One pass over each dump; memory per
 * key and per distinct stamp. Thread-safe.
 */
public final class ProgressiveUsage {
    private ProgressiveUsage() {}

    public enum By { TYPE, THREAD, METHOD }

    /** One dump of the series: its latest creation stamp and how many instances it holds. */
    public record Dump(String name, long lastCreated, long instances) {}

    /** A key (type, thread or method) and its instance count in each dump. */
    public record Series(String key, long[] counts) {}

    /** A point of the "instances over time" line: at {@code time}, {@code instances} in the heap. */
    public record Point(int dump, long time, long instances) {}

    public record Result(List<Dump> dumps, List<Series> series, List<Point> total, List<Point> selected) {}

    /**
     * @param names     a display name per dump, in the order taken
     * @param selection restricts the second line ({@code selected}); ALL for none
     */
    public static Result compute(List<HeapGraph> graphs, List<String> names, By by, Selection selection) {
        Map<String, long[]> counts = new LinkedHashMap<>();
        List<Dump> dumps = new ArrayList<>();
        List<Point> total = new ArrayList<>();
        List<Point> selected = new ArrayList<>();
        long previousEnd = Long.MIN_VALUE;
        for (int d = 0; d < graphs.size(); d++) {
            HeapGraph g = graphs.get(d);
            MicroEjAttributes a = new MicroEjAttributes(g);
            Selection.Bound all = Selection.ALL.bind(g);
            Selection.Bound sel = selection.bind(g);
            TreeMap<Long, long[]> byTime = new TreeMap<>();
            long instances = 0;
            long last = Long.MIN_VALUE;
            for (int o = 0; o < g.objectCount(); o++) {
                if (!all.matches(o)) {
                    continue;
                }
                instances++;
                String key = switch (by) {
                    case TYPE -> g.heapClass(g.classOf(o)).name();
                    case THREAD -> orNone(a.thread(o));
                    case METHOD -> orNone(a.methodJava(o));
                };
                counts.computeIfAbsent(key, k -> new long[graphs.size()])[d]++;
                long t = a.createdAt(o);
                last = Math.max(last, t);
                long[] c = byTime.computeIfAbsent(t, k -> new long[2]);
                c[0]++;
                if (sel.matches(o)) {
                    c[1]++;
                }
            }
            dumps.add(new Dump(names.get(d), last, instances));
            // this dump tells how many of its instances existed at each stamp after the previous dump's
            long running = 0;
            long runningSelected = 0;
            for (var e : byTime.entrySet()) {
                running += e.getValue()[0];
                runningSelected += e.getValue()[1];
                if (e.getKey() > previousEnd || d == 0) {
                    total.add(new Point(d, e.getKey(), running));
                    selected.add(new Point(d, e.getKey(), runningSelected));
                }
            }
            previousEnd = Math.max(previousEnd, last);
        }
        List<Series> series = new ArrayList<>();
        counts.forEach((k, v) -> series.add(new Series(k, v)));
        series.sort((x, y) -> Long.compare(y.counts()[y.counts().length - 1], x.counts()[x.counts().length - 1]) != 0
                ? Long.compare(y.counts()[y.counts().length - 1], x.counts()[x.counts().length - 1])
                : x.key().compareTo(y.key()));
        return new Result(dumps, series, total, selected);
    }

    private static String orNone(String s) {
        return s == null ? "(unknown)" : s;
    }
}
