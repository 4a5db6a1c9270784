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
import java.util.List;

/**
 * Breadth-first search from all GC roots at once, keeping each object's parent, so the first time
 * an object is reached is along a shortest path. A {@link Policy} can put some nodes in a second
 * queue that is only served when the first is empty (Shark's "visit last"; from then on all that is
 * found is queued last), and skip objects that cannot lead anywhere interesting. Stops when every
 * target is reached.
 *
 * <p>Cost: 4 bytes per object of native memory for parents plus two bits per object; the queues
 * hold at most every object once (plus promotions). Reads the dump only through the
 * {@link EdgeFilter} and the policy. Not thread-safe; close it to free the parents.
 */
public final class PathSearch implements AutoCloseable {
    /** Search priorities. The default is a plain breadth-first search. */
    public interface Policy {
        /** Whether a root is left out altogether (Shark: ignored Java locals). */
        default boolean ignoreRoot(GcRoot root) {
            return false;
        }

        /** Whether a root object is queued last (Shark: thread objects). */
        default boolean rootLast(GcRoot root) {
            return false;
        }

        /** Whether the children of this root are queued last (Shark: Java frame locals). */
        default boolean childrenOfRootLast(GcRoot root) {
            return false;
        }

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
        for (int o : roots.objects()) {
            GcRoot r = usableRoot(o);
            if (r == null) {
                continue;
            }
            NativeInts.set(par, o, ROOT);
            if (policy.rootLast(r)) {
                set(lastBits, o, true);
                last.push(o);
            } else {
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
        RefCursor out = g.outRefs();
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
            boolean rootChildrenLast = false;
            if (NativeInts.get(par, v) == ROOT) {
                GcRoot r = usableRoot(v);
                rootChildrenLast = r != null && policy.childrenOfRootLast(r);
            }
            boolean lastAnyway = visitingLast || rootChildrenLast;
            virtual.from = v;
            virtual.lastAnyway = lastAnyway;
            policy.virtualEdges(v, virtual);
            boolean check = filter.concerns(v);
            out.reset(v);
            long followed = roots.followedReferences(v, out.count());
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
                offer(v, t, lastAnyway || policy.edgeLast(v, out.ordinal()), targets, first, last);
            }
        }
        return found;
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
            offer(from, target, lastAnyway || toLast, targets, first, last);
        }
    }

    /** Queues {@code t}, reached from {@code v}, unless it is queued already by an equally short way. */
    private void offer(int v, int t, boolean toLast, long[] targets, IntStack first, IntStack last) {
        if (bit(doneBits, t)) {
            return;
        }
        MemorySegment par = parent.segment();
        int pt = NativeInts.get(par, t);
        if (pt != UNSEEN && (!bit(lastBits, t) || toLast)) {
            return; // queued first already, or last by an equally short way
        }
        if (pt == UNSEEN && !bit(targets, t) && policy.skip(t)) {
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

    /** The first root record of an object the policy does not ignore, or null. */
    private GcRoot usableRoot(int object) {
        for (GcRoot r : roots.all(object)) {
            if (!policy.ignoreRoot(r)) {
                return r;
            }
        }
        return null;
    }

    /** The root record the search started from for a root object on a path. */
    public GcRoot rootOf(int object) {
        return usableRoot(object);
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
