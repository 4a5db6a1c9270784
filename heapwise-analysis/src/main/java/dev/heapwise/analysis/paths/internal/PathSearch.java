package dev.heapwise.analysis.paths.internal;

import dev.heapwise.analysis.internal.IntStack;
import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.build.ProgressListener;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Breadth-first search from the GC roots at once, keeping each object's parent, so the first time
 * an object is reached is along a shortest path. A {@link Policy} chooses the roots it starts from
 * and their order, the order of each object's references, and can put some nodes in a second
 * queue that is only served when the first is empty (Shark's "visit last"; from then on all that is
 * found is queued last), and skip objects that cannot lead anywhere interesting. Stops when every
 * target is reached.
 *
 * <p>Cost: 4 bytes per object of native memory for parents plus two bits per object, and an entry
 * per root object started from; the queues hold at most every object once (plus promotions). Reads
 * the dump only through the {@link EdgeFilter} and the policy. Not thread-safe; close it to free the
 * parents.
 */
public final class PathSearch implements AutoCloseable {
    /** Search priorities. The default is a plain breadth-first search from every root. */
    public interface Policy {
        /**
         * Where the search starts, in the order it queues them: each a root object, the root record
         * it starts from, and whether it is queued last. An object may start more than once: a
         * later start that is not queued last takes an earlier one's place in the last queue over,
         * as Shark's queue does. The default: every root object once, in {@link RootIndex#objects}
         * order, from the root record shown for it, none last.
         */
        default List<Start> starts(RootIndex roots) {
            List<Start> out = new ArrayList<>(roots.objects().size());
            for (int o : roots.objects()) {
                out.add(new Start(o, roots.primary(o), false));
            }
            return out;
        }

        /**
         * A cursor over the references the search may follow from an object, in stored order; its
         * {@link RefCursor#ordinal} is the reference's place in {@link HeapGraph#outRefs()} (what the
         * edge filter and {@link #edgeLast} are asked about). The default: the graph's own cursor,
         * every stored reference.
         */
        default RefCursor references(HeapGraph g) {
            return g.outRefs();
        }

        /**
         * Whether the search should ask {@link #order} for the order of {@code from}'s references
         * (else it follows them in stored order). Asked once per object visited: cheap.
         */
        default boolean reorders(int from) {
            return false;
        }

        /**
         * Puts the first {@code n} references the search is about to queue from {@code from} (their
         * targets, and their ordinals as {@link #references} gives them) in the order to queue them,
         * in place. Asked only when {@link #reorders} says so and at least two are to be queued: a
         * reference to an object already queued first, visited or skipped is not among them, as its
         * place changes nothing.
         */
        default void order(int from, int[] targets, long[] ordinals, int n) {}

        /** Whether the reference at {@code ordinal} of {@code from} is queued last (library leaks). */
        default boolean edgeLast(int from, long ordinal) {
            return false;
        }

        /** Whether an object that is no target is never queued (strings, boxes, primitive arrays). */
        default boolean skip(int object) {
            return false;
        }

        /**
         * References the heap does not store, which the search follows from {@code from} before its
         * stored ones (Shark's virtual references): each handed to {@code out}.
         */
        default void virtualEdges(int from, VirtualEdges out) {}
    }

    /** A starting point of the search: a root object, the root record it starts from, whether it is queued last. */
    public record Start(int object, GcRoot root, boolean last) {}

    /** Receives a virtual reference: its target, and whether it is queued last. */
    public interface VirtualEdges {
        void add(int target, boolean last);
    }

    private static final int UNSEEN = 0;
    private static final int ROOT = 1;

    private final HeapGraph g;
    private final EdgeFilter filter;
    private final Policy policy;
    private final RootIndex roots;
    private final NativeInts parent;
    private final long[] lastBits;
    private final long[] doneBits;
    /** The references of the object being visited, gathered for {@link Policy#order}. */
    private int[] kids = new int[16];
    private long[] kidOrdinals = new long[16];
    /** The root record each started object started from (the last start that queued it). */
    private final Map<Integer, GcRoot> startedFrom = new HashMap<>();

    public PathSearch(HeapGraph g, EdgeFilter filter, Policy policy, RootIndex roots) {
        this.g = g;
        this.filter = filter;
        this.policy = policy;
        this.roots = roots;
        int n = g.objectCount();
        this.parent = NativeInts.allocate(n);
        this.lastBits = new long[(n + 63) >>> 6];
        this.doneBits = new long[(n + 63) >>> 6];
    }

    private static boolean bit(long[] b, int i) {
        return (b[i >>> 6] & (1L << i)) != 0;
    }

    private static void set(long[] b, int i, boolean v) {
        if (v) {
            b[i >>> 6] |= 1L << i;
        } else {
            b[i >>> 6] &= ~(1L << i);
        }
    }

    /**
     * Searches until every object in {@code targets} (a bit set by object index) is reached or the
     * heap is exhausted. Returns how many targets were reached.
     */
    public int run(long[] targets, int targetCount, ProgressListener progress) {
        MemorySegment par = parent.segment();
        IntStack first = new IntStack();
        IntStack last = new IntStack();
        for (Start s : policy.starts(roots)) {
            int o = s.object();
            int p = NativeInts.get(par, o);
            if (p == UNSEEN) {
                NativeInts.set(par, o, ROOT);
                startedFrom.put(o, s.root());
                set(lastBits, o, s.last());
                (s.last() ? last : first).push(o);
            } else if (bit(lastBits, o) && !s.last()) { // started last before: this start takes it over
                set(lastBits, o, false);
                startedFrom.put(o, s.root());
                first.push(o);
            }
        }
        long fi = 0;
        long li = 0;
        // As in Shark: once the first queue runs dry, everything found goes last too. Otherwise what a
        // last node reaches would jump ahead of the last queue and could take a root waiting there as
        // its child, giving that root a longer path than itself.
        boolean visitingLast = false;
        int found = 0;
        long visited = 0;
        RefCursor out = policy.references(g);
        Virtual virtual = new Virtual(targets, first, last); // one for the whole search: no allocation per object
        progress.phase("paths: searching from the GC roots", g.objectCount());
        while (found < targetCount) {
            int v;
            if (fi < first.size()) {
                v = first.get(fi++);
            } else if (li < last.size()) {
                visitingLast = true;
                v = last.get(li++);
                if (!bit(lastBits, v)) {
                    continue; // promoted to the first queue meanwhile
                }
                set(lastBits, v, false);
            } else {
                break;
            }
            if (bit(doneBits, v)) {
                continue;
            }
            set(doneBits, v, true);
            if ((++visited & 0xFFFF) == 0) {
                progress.progress(visited);
            }
            if (bit(targets, v)) {
                found++;
            }
            boolean lastAnyway = visitingLast;
            virtual.from = v;
            virtual.lastAnyway = lastAnyway;
            policy.virtualEdges(v, virtual);
            boolean check = filter.concerns(v);
            out.reset(v);
            long followed = roots.followedReferences(v);
            if (policy.reorders(v)) {
                offerInOrder(v, out, followed, check, lastAnyway, targets, first, last);
                continue;
            }
            for (int t; (t = out.next()) >= 0 && out.ordinal() < followed; ) {
                if (check && filter.excluded(v, out.ordinal())) {
                    continue;
                }
                if (bit(doneBits, t)) {
                    continue;
                }
                if (NativeInts.get(par, t) != UNSEEN && !bit(lastBits, t)) {
                    continue; // already queued first
                }
                offer(v, t, lastAnyway || policy.edgeLast(v, out.ordinal()), targets, first, last, true);
            }
        }
        return found;
    }

    /**
     * Queues the references of {@code v} that change anything in the policy's order: gathered first
     * (in a method of its own: the policy asks for it for some objects only).
     */
    private void offerInOrder(int v, RefCursor out, long followed, boolean check, boolean lastAnyway, long[] targets,
            IntStack first, IntStack last) {
        MemorySegment par = parent.segment();
        int n = 0;
        for (int t; (t = out.next()) >= 0 && out.ordinal() < followed; ) {
            long ordinal = out.ordinal();
            if (check && filter.excluded(v, ordinal) || bit(doneBits, t)) {
                continue;
            }
            int pt = NativeInts.get(par, t);
            if (pt != UNSEEN && !bit(lastBits, t) || pt == UNSEEN && !bit(targets, t) && policy.skip(t)) {
                continue; // queued first already, or never queued
            }
            if (n == kids.length) {
                kids = java.util.Arrays.copyOf(kids, 2 * n);
                kidOrdinals = java.util.Arrays.copyOf(kidOrdinals, 2 * n);
            }
            kids[n] = t;
            kidOrdinals[n++] = ordinal;
        }
        if (n > 1) {
            policy.order(v, kids, kidOrdinals, n);
        }
        for (int i = 0; i < n; i++) {
            offer(v, kids[i], lastAnyway || policy.edgeLast(v, kidOrdinals[i]), targets, first, last, false);
        }
    }

    /** Hands the policy's virtual references of the object being visited to {@link #offer}. */
    private final class Virtual implements VirtualEdges {
        private final long[] targets;
        private final IntStack first;
        private final IntStack last;
        int from;
        boolean lastAnyway;

        Virtual(long[] targets, IntStack first, IntStack last) {
            this.targets = targets;
            this.first = first;
            this.last = last;
        }

        @Override
        public void add(int target, boolean toLast) {
            offer(from, target, lastAnyway || toLast, targets, first, last, true);
        }
    }

    /**
     * Queues {@code t}, reached from {@code v}, unless it is queued already by an equally short way
     * (or, with {@code checkSkip}, the policy skips it).
     */
    private void offer(int v, int t, boolean toLast, long[] targets, IntStack first, IntStack last,
            boolean checkSkip) {
        if (bit(doneBits, t)) {
            return;
        }
        MemorySegment par = parent.segment();
        int pt = NativeInts.get(par, t);
        if (pt != UNSEEN && (!bit(lastBits, t) || toLast)) {
            return; // queued first already, or last by an equally short way
        }
        if (checkSkip && pt == UNSEEN && !bit(targets, t) && policy.skip(t)) {
            return;
        }
        NativeInts.set(par, t, v + 2);
        if (toLast) {
            set(lastBits, t, true);
            last.push(t);
        } else {
            set(lastBits, t, false);
            first.push(t);
        }
    }

    /** The root record the search started from for a root object on a path, or null for another object. */
    public GcRoot rootOf(int object) {
        return NativeInts.get(parent.segment(), object) == ROOT ? startedFrom.get(object) : null;
    }

    /** Whether the search reached the object (it is a root or has a parent). */
    public boolean reached(int object) {
        return NativeInts.get(parent.segment(), object) != UNSEEN;
    }

    /** The object before {@code object} on its path; -1 for a root, -2 if it was not reached. O(1). */
    public int parentOf(int object) {
        int p = NativeInts.get(parent.segment(), object);
        return p == UNSEEN ? -2 : p == ROOT ? -1 : p - 2;
    }

    /** The path from a root to {@code object}, root first; empty if it was not reached. */
    public List<Integer> pathTo(int object) {
        List<Integer> rev = new ArrayList<>();
        MemorySegment par = parent.segment();
        int p = NativeInts.get(par, object);
        if (p == UNSEEN) {
            return rev;
        }
        int o = object;
        while (true) {
            rev.add(o);
            p = NativeInts.get(par, o);
            if (p == ROOT) {
                break;
            }
            o = p - 2;
        }
        java.util.Collections.reverse(rev);
        return rev;
    }

    @Override
    public void close() {
        parent.close();
    }
}
