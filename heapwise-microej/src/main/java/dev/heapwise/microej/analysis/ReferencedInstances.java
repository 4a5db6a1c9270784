package dev.heapwise.microej.analysis;

import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RowReader;
import java.util.Arrays;

/**
 * The Heap Analyzer Outline's "Referenced instances": for an instance, how many other instances it
 * reaches by following references, directly or through others (each counted once, itself not); for a
 * type, the sum over its instances (so it can exceed the number of instances in the heap: 25 widgets
 * that each reach a 305-instance tree count 7,625). Class objects are not instances: a reference to a
 * class is neither counted nor followed.
 *
 * <p>How: instances that reach each other (a strongly connected component: a tree with parent
 * pointers, a doubly linked list) reach the same set, so the components are found first (Tarjan,
 * iteratively) and counted once each, sinks first. A component whose successors hang below it alone
 * (each with no other referrer, and likewise below them) reaches exactly the sum of theirs; one with
 * a single shared successor besides those reaches the sum plus that one's count. Only a component
 * with two or more shared successors needs a search (over the components, skipping every subtree that
 * hangs below one component alone). That search is quadratic at worst, so it has a budget (a number
 * of steps proportional to the graph's size): components left when it runs out are not counted
 * ({@link #of} says -1, {@link #complete} false), rather than the command running for hours.
 *
 * <p>Cost: reads no dump; at most about 28 bytes of Java heap per object and 8 per reference while
 * counting ({@link #workingBytes}), 4 bytes per object and per component kept; linear in objects and references except for those searches. Instances are
 * safe to share between threads once made.
 */
public final class ReferencedInstances {
    /**
     * Search steps allowed: this many per object and per reference between components, plus {@link
     * #BASE_STEPS} (a step is a few nanoseconds). The heap of a small JVM (100,000 objects, its module
     * graph and class loaders interlinked) needs about 10^8.
     */
    static final long STEPS_PER_ELEMENT = 64;
    static final long BASE_STEPS = 250_000_000;

    private final int[] componentOf;
    private final int[] reach;
    private final int uncounted;

    private ReferencedInstances(int[] componentOf, int[] reach, int uncounted) {
        this.componentOf = componentOf;
        this.reach = reach;
        this.uncounted = uncounted;
    }

    /** Counts for every object of {@code g}, with the default search budget. */
    public static ReferencedInstances count(HeapGraph g) {
        return count(g, -1);
    }

    /**
     * Java heap this would take on a graph of {@code objects} objects and {@code references}
     * references, in bytes: for a caller that checks before it asks.
     */
    public static long workingBytes(long objects, long references) {
        return 28 * objects + 8 * references;
    }

    /** Counts with at most {@code steps} search steps ({@code -1}: the default budget). */
    static ReferencedInstances count(HeapGraph g, long steps) {
        int n = g.objectCount();
        long[] classObject = new long[(n + 63) >>> 6];
        for (HeapClass c : g.classes()) {
            int o = c.objectIndex();
            if (o >= 0) {
                classObject[o >>> 6] |= 1L << o;
            }
        }
        Csr graph = Csr.of(g, classObject);
        int[] componentOf = Tarjan.components(graph);
        int components = 0;
        for (int c : componentOf) {
            components = Math.max(components, c + 1);
        }
        int[] size = new int[components];
        for (int o = 0; o < n; o++) {
            if ((classObject[o >>> 6] & 1L << o) == 0) {
                size[componentOf[o]]++;
            }
        }
        Csr dag = Csr.condensed(graph, componentOf, components);
        graph = null; // the object graph is no longer needed: let it go before the counting
        long budget = steps >= 0 ? steps : STEPS_PER_ELEMENT * ((long) n + dag.targets.length) + BASE_STEPS;
        Counter counter = new Counter(dag, size, budget);
        counter.run();
        return new ReferencedInstances(componentOf, counter.reach, counter.uncounted);
    }

    /**
     * How many instances {@code object} reaches (itself not included), or -1 when this count was
     * given up (see {@link #complete}). 0 for a class object. O(1), no allocation.
     */
    public long of(int object) {
        int r = reach[componentOf[object]];
        return r < 0 ? -1 : Math.max(0, r - 1);
    }

    /** Whether every object's count is known. */
    public boolean complete() {
        return uncounted == 0;
    }

    /** Strongly connected components whose count the search budget did not cover. */
    public int uncountedComponents() {
        return uncounted;
    }

    /** Rows of targets in compressed form: the references of row {@code r} are {@code targets[start[r] .. start[r+1])}. */
    record Csr(int[] start, int[] targets) {
        int rows() {
            return start.length - 1;
        }

        /** The references between instances (none from or to a class object), in two passes over the rows. */
        static Csr of(HeapGraph g, long[] classObject) {
            int n = g.objectCount();
            int[] start = new int[n + 1];
            long total = 0;
            int[] ends = new int[4096];
            int[] refs = new int[16384];
            RowReader rows = g.outRows();
            for (int pass = 0; pass < 2; pass++) {
                int[] targets = pass == 0 ? null : new int[(int) total];
                int at = 0;
                for (int o = 0; o < n; ) {
                    int got = rows.read(o, Math.min(ends.length, n - o), ends, refs);
                    if (got == 0) { // the row of o alone is longer than refs
                        refs = new int[Math.toIntExact(rows.rowLength(o))];
                        continue;
                    }
                    for (int k = 0, from = 0; k < got; from = ends[k++]) {
                        int v = o + k;
                        boolean isClass = (classObject[v >>> 6] & 1L << v) != 0;
                        int kept = 0;
                        for (int i = from; i < ends[k] && !isClass; i++) {
                            int t = refs[i];
                            if (t != v && (classObject[t >>> 6] & 1L << t) == 0) {
                                if (targets != null) {
                                    targets[at++] = t;
                                }
                                kept++;
                            }
                        }
                        if (pass == 0) {
                            start[v + 1] = kept;
                            total += kept;
                            if (total > Integer.MAX_VALUE - 16) {
                                throw new IllegalStateException("more than 2^31 references: too many to count referenced instances");
                            }
                        }
                    }
                    o += got;
                }
                if (pass == 0) {
                    for (int v = 0; v < n; v++) {
                        start[v + 1] += start[v];
                    }
                } else {
                    return new Csr(start, targets);
                }
            }
            throw new AssertionError();
        }

        /** The graph between components: each component's distinct successors. */
        static Csr condensed(Csr g, int[] componentOf, int components) {
            int n = g.rows();
            int[] memberStart = new int[components + 1];
            for (int v = 0; v < n; v++) {
                memberStart[componentOf[v] + 1]++;
            }
            for (int c = 0; c < components; c++) {
                memberStart[c + 1] += memberStart[c];
            }
            int[] members = new int[n];
            int[] fill = Arrays.copyOf(memberStart, components);
            for (int v = 0; v < n; v++) {
                members[fill[componentOf[v]]++] = v;
            }
            fill = null;
            int[] seen = new int[components]; // c + 1 while collecting c's successors
            int[] start = new int[components + 1];
            int[] targets = new int[Math.max(16, Math.min(g.targets.length, 1 << 20))];
            int at = 0;
            for (int c = 0; c < components; c++) {
                seen[c] = c + 1;
                for (int m = memberStart[c]; m < memberStart[c + 1]; m++) {
                    int v = members[m];
                    for (int e = g.start[v]; e < g.start[v + 1]; e++) {
                        int d = componentOf[g.targets[e]];
                        if (seen[d] != c + 1) {
                            seen[d] = c + 1;
                            if (at == targets.length) {
                                targets = Arrays.copyOf(targets, Math.min(g.targets.length, targets.length * 2));
                            }
                            targets[at++] = d;
                        }
                    }
                }
                start[c + 1] = at;
            }
            return new Csr(start, Arrays.copyOf(targets, at));
        }
    }

    /** Tarjan's strongly connected components, with explicit stacks (paths can be millions long). */
    static final class Tarjan {
        private Tarjan() {}

        /**
         * Each row's component, numbered in the order Tarjan completes them: every component a
         * component references has a smaller number (reverse topological order).
         */
        static int[] components(Csr g) {
            int n = g.rows();
            // index[v]: 0 unvisited, > 0 the visit number while v waits on the stack, < 0 -(component + 1)
            int[] index = new int[n];
            int[] low = new int[n];
            int[] stack = new int[n];
            int[] callNode = new int[n];
            int[] callEdge = new int[n];
            int visits = 0;
            int sp = 0;
            int components = 0;
            for (int root = 0; root < n; root++) {
                if (index[root] != 0) {
                    continue;
                }
                int top = 0;
                index[root] = low[root] = ++visits;
                stack[sp++] = root;
                callNode[0] = root;
                callEdge[0] = g.start[root];
                while (top >= 0) {
                    int v = callNode[top];
                    int e = callEdge[top];
                    if (e < g.start[v + 1]) {
                        callEdge[top] = e + 1;
                        int w = g.targets[e];
                        if (index[w] == 0) {
                            index[w] = low[w] = ++visits;
                            stack[sp++] = w;
                            top++;
                            callNode[top] = w;
                            callEdge[top] = g.start[w];
                        } else if (index[w] > 0 && index[w] < low[v]) {
                            low[v] = index[w];
                        }
                        continue;
                    }
                    top--;
                    if (top >= 0 && low[v] < low[callNode[top]]) {
                        low[callNode[top]] = low[v];
                    }
                    if (low[v] == index[v]) {
                        int w;
                        do {
                            w = stack[--sp];
                            index[w] = -(components + 1);
                        } while (w != v);
                        components++;
                    }
                }
            }
            for (int v = 0; v < n; v++) {
                index[v] = -index[v] - 1;
            }
            return index;
        }
    }

    /** The counts per component, sinks first. */
    static final class Counter {
        private final Csr dag;
        private final int[] size;
        private long budget;
        final int[] reach;
        /** size plus the counts of the successors that hang below this component alone. */
        private final int[] own;
        /** Whether nothing below this component is reachable other than through it. */
        private final long[] closed;
        /** How many components reference this one: 0, 1, or 2 for two or more. */
        private final byte[] referrers;
        private int[] seen;
        private int[] work = new int[64];
        int uncounted;

        Counter(Csr dag, int[] size, long budget) {
            this.dag = dag;
            this.size = size;
            this.budget = budget;
            int k = size.length;
            reach = new int[k];
            own = new int[k];
            closed = new long[(k + 63) >>> 6];
            referrers = new byte[k];
            for (int d : dag.targets) {
                if (referrers[d] < 2) {
                    referrers[d]++;
                }
            }
        }

        private boolean isClosed(int c) {
            return (closed[c >>> 6] & 1L << c) != 0;
        }

        /** A successor that only {@code c} references and below which nothing else leads: counted by sum. */
        private boolean hangsBelowAlone(int d) {
            return referrers[d] == 1 && isClosed(d);
        }

        void run() {
            for (int c = 0; c < size.length; c++) {
                long sum = size[c];
                int shared = 0;
                int lastShared = -1;
                for (int e = dag.start[c]; e < dag.start[c + 1]; e++) {
                    int d = dag.targets[e];
                    if (hangsBelowAlone(d)) {
                        sum += reach[d];
                    } else {
                        shared++;
                        lastShared = d;
                    }
                }
                own[c] = (int) sum;
                if (shared == 0) {
                    closed[c >>> 6] |= 1L << c;
                    reach[c] = (int) sum;
                } else if (shared == 1) {
                    reach[c] = reach[lastShared] < 0 ? -1 : (int) (sum + reach[lastShared]);
                } else {
                    reach[c] = search(c);
                }
                if (reach[c] < 0) {
                    uncounted++;
                }
            }
        }

        /** The count of {@code c} by a search over what it reaches, or -1 once the budget is spent. */
        private int search(int c) {
            if (budget <= 0) {
                return -1;
            }
            if (seen == null) {
                seen = new int[size.length];
            }
            int mark = c + 1;
            seen[c] = mark;
            long count = own[c];
            int sp = 0;
            sp = pushShared(c, sp);
            while (sp > 0) {
                int x = work[--sp];
                if (seen[x] == mark) {
                    continue;
                }
                if (--budget < 0) {
                    return -1;
                }
                seen[x] = mark;
                count += own[x];
                if (!isClosed(x)) {
                    sp = pushShared(x, sp);
                }
            }
            return (int) count;
        }

        private int pushShared(int c, int sp) {
            for (int e = dag.start[c]; e < dag.start[c + 1]; e++) {
                int d = dag.targets[e];
                if (!hangsBelowAlone(d) && seen[d] != seen[c]) {
                    if (sp == work.length) {
                        work = Arrays.copyOf(work, sp * 2);
                    }
                    work[sp++] = d;
                }
            }
            return sp;
        }
    }
}
