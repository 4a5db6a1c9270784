package dev.heapwise.microej.analysis;

import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.internal.LongList;
import dev.heapwise.microej.MicroEjAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The Leak Suspects tab, with heuristics the MicroEJ documentation only names, made precise here:
 * <ul>
 *   <li><b>suspected types</b>: types with at least {@code minInstances} live instances whose
 *       creation stamps spread over at least {@code minSpread} of the dump's time periods (objects
 *       made again and again and never collected), ranked by instances × spread; without creation
 *       stamps, by instances alone;</li>
 *   <li><b>accumulation points</b>: for a suspected type, an object that holds at least
 *       {@code minAccumulated} of its instances, either directly (a field or an array element: the
 *       {@code Object[]} inside a {@code Vector}) or, when a dominator tree is given, by dominating
 *       them (the head of a linked list);</li>
 *   <li><b>accumulated instances</b>: those instances, in id order.</li>
 * </ul>
 * One pass per suspected type over its instances' referrers; 16 bytes per (holder, instance) pair. Thread-safe.
 */
public final class LeakSuspects {
    private LeakSuspects() {}

    /** The thresholds. */
    public record Params(int periods, long minInstances, double minSpread, long minAccumulated, int topTypes,
            int maxListed) {
        public static Params defaults() {
            return new Params(10, 10, 0.3, 5, 5, 100);
        }
    }

    public record SuspectedType(String type, long instances, long size, int periodsWithCreations, int periods,
            double score) {}

    /** How a point holds its instances. */
    public enum Hold { REFERENCES, DOMINATES }

    public record AccumulationPoint(String type, int object, String id, String pointType, Hold hold, long accumulated,
            List<String> instances) {}

    public record Result(boolean hasCreationTimes, List<SuspectedType> types, List<AccumulationPoint> points) {}

    /** @param dominators a dominator tree, or null to find direct accumulation points only */
    public static Result find(HeapGraph g, Params p, Dominators dominators) {
        MicroEjAttributes a = new MicroEjAttributes(g);
        int classes = g.classCount();
        long[] counts = new long[classes];
        long[] sizes = new long[classes];
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int o = 0; o < g.objectCount(); o++) {
            if (g.kind(o) == ObjectKind.CLASS) {
                continue;
            }
            counts[g.classOf(o)]++;
            sizes[g.classOf(o)] += g.shallowSize(o);
            long t = a.createdAt(o);
            if (t != MicroEjAttributes.NO_TIME) {
                min = Math.min(min, t);
                max = Math.max(max, t);
            }
        }
        boolean timed = min <= max;
        int periods = Math.max(1, p.periods());
        long[][] used = new long[classes][];
        if (timed) {
            double span = (double) (max - min + 1);
            for (int o = 0; o < g.objectCount(); o++) {
                long t = a.createdAt(o);
                if (g.kind(o) == ObjectKind.CLASS || t == MicroEjAttributes.NO_TIME) {
                    continue;
                }
                int c = g.classOf(o);
                if (counts[c] < p.minInstances()) {
                    continue;
                }
                if (used[c] == null) {
                    used[c] = new long[(periods + 63) >>> 6];
                }
                int k = (int) Math.min(periods - 1, (long) ((t - min) / span * periods));
                used[c][k >>> 6] |= 1L << k;
            }
        }
        List<SuspectedType> types = new ArrayList<>();
        for (HeapClass c : g.classes()) {
            int i = c.index();
            if (counts[i] < p.minInstances()) {
                continue;
            }
            int spread = 0;
            if (used[i] != null) {
                for (long w : used[i]) {
                    spread += Long.bitCount(w);
                }
            }
            double share = timed ? (double) spread / periods : 1.0;
            if (timed && share < p.minSpread()) {
                continue;
            }
            types.add(new SuspectedType(c.name(), counts[i], sizes[i], timed ? spread : 0, timed ? periods : 0,
                    counts[i] * share));
        }
        types.sort(Comparator.comparingDouble(SuspectedType::score).reversed().thenComparing(SuspectedType::type));
        if (types.size() > p.topTypes()) {
            types = new ArrayList<>(types.subList(0, p.topTypes()));
        }
        List<AccumulationPoint> points = new ArrayList<>();
        for (SuspectedType t : types) {
            points.addAll(points(g, a, t.type(), p, dominators));
        }
        return new Result(timed, types, points);
    }

    private static List<AccumulationPoint> points(HeapGraph g, MicroEjAttributes a, String type, Params p,
            Dominators dominators) {
        boolean[] ofType = new boolean[g.classCount()];
        for (HeapClass c : g.classesNamed(type)) {
            ofType[c.index()] = true;
        }
        // (holder << 32) | instance, sorted: a holder's instances form one run, in id order. A type
        // can have millions of instances (7 M strings, each held by its own holder): 8 bytes a pair,
        // where a map of lists took ~100 bytes a holder and more than 2 GB on a 38 M-object dump.
        LongList direct = new LongList(1024);
        LongList dominating = new LongList(1024);
        var in = g.inRefs();
        for (int o = 0; o < g.objectCount(); o++) {
            if (g.kind(o) == ObjectKind.CLASS || !ofType[g.classOf(o)]) {
                continue;
            }
            in.reset(o);
            int last = -1;
            for (int r; (r = in.next()) >= 0; ) {
                if (r != last && !ofType[g.classOf(r)]) {
                    direct.add(pair(r, o));
                }
                last = r;
            }
            if (dominators != null) {
                int d = dominators.immediateDominator(o);
                // climb past instances of the type itself (a list's nodes dominate each other)
                while (d >= 0 && g.kind(d) != ObjectKind.CLASS && ofType[g.classOf(d)]) {
                    d = dominators.immediateDominator(d);
                }
                if (d >= 0) {
                    dominating.add(pair(d, o));
                }
            }
        }
        // Each list dropped once sorted: millions of pairs, and only the sorted copies are needed.
        long[] byDirect = sorted(direct);
        direct = null;
        long[] byDominating = sorted(dominating);
        dominating = null;
        List<AccumulationPoint> out = new ArrayList<>();
        add(g, a, type, p, byDirect, null, Hold.REFERENCES, out);
        // a dominator that is also a direct holder of the same instances adds nothing new
        add(g, a, type, p, byDominating, byDirect, Hold.DOMINATES, out);
        out.sort(Comparator.comparingLong(AccumulationPoint::accumulated).reversed()
                .thenComparingInt(AccumulationPoint::object));
        return out;
    }

    /**
     * A point per run of {@code pairs} at least {@code minAccumulated} long; none for a holder that
     * holds at least as many directly ({@code direct}, when given).
     */
    private static void add(HeapGraph g, MicroEjAttributes a, String type, Params p, long[] pairs, long[] direct,
            Hold hold, List<AccumulationPoint> out) {
        for (int start = 0, end; start < pairs.length; start = end) {
            int holder = (int) (pairs[start] >>> 32);
            end = runEnd(pairs, start);
            int held = end - start;
            if (held < p.minAccumulated() || (direct != null && directCount(direct, holder) >= held)) {
                continue;
            }
            List<String> ids = new ArrayList<>();
            for (int k = start; k < end && ids.size() < p.maxListed(); k++) {
                ids.add(a.label((int) pairs[k]));
            }
            out.add(new AccumulationPoint(type, holder, a.label(holder), Browser.className(g, holder), hold, held, ids));
        }
    }

    private static int runEnd(long[] pairs, int start) {
        long holder = pairs[start] >>> 32;
        int end = start + 1;
        while (end < pairs.length && (pairs[end] >>> 32) == holder) {
            end++;
        }
        return end;
    }

    /** How many pairs of {@code direct} have this holder. */
    private static int directCount(long[] direct, int holder) {
        int i = Arrays.binarySearch(direct, (long) holder << 32);
        i = i < 0 ? -i - 1 : i;
        return i < direct.length && (direct[i] >>> 32) == holder ? runEnd(direct, i) - i : 0;
    }

    private static long pair(int holder, int instance) {
        return ((long) holder << 32) | instance;
    }

    private static long[] sorted(LongList pairs) {
        long[] s = pairs.toArray();
        Arrays.sort(s);
        return s;
    }
}
