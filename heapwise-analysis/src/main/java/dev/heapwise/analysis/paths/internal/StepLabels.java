package dev.heapwise.analysis.paths.internal;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.paths.GcPath;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.Reference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * Turns lists of object indexes into named steps. Naming a step reads its parent from the dump;
 * the paths of many targets share parents (the array that holds 100,000 strings, the chain from a
 * static field down to it), so parents used again recently are kept (from their second use), up
 * to {@value #CACHED_REFERENCES} references in all. An object array is kept as its elements' ids and searched for the target's
 * id (resolving each element's id to an index, as {@link HeapGraph#references} does, costs far
 * more), until it has been searched a few times: then it is sorted by target once. An array bigger
 * than the cache is read through in chunks instead, until it too has been searched a few times:
 * then it is sorted by target, outside the cache (up to 16 times the cache's size, in all).
 * Another parent with many references is searched through a sorted index instead of a scan. Without that, merged paths of a
 * common class cost one read of the whole shared array per target. Not thread-safe.
 */
public final class StepLabels {
    private static final int CACHED_REFERENCES = 1 << 20;
    /** Parents with fewer references are searched by a scan. */
    private static final int SCAN_BELOW = 64;
    /** Elements read at a time from an array too big to keep. */
    private static final int ARRAY_CHUNK = 4096;

    private final HeapGraph g;
    private final EdgeFilter filter;
    private final RootIndex roots;
    private final int scanBelow;
    private final long keepUpTo;
    private final int arrayChunk;
    private final LinkedHashMap<Integer, Parent> recent = new LinkedHashMap<>(64, 0.75f, true);
    private long cached;
    /** Arrays bigger than {@link #keepUpTo}: see {@link #big}. */
    private final LinkedHashMap<Integer, Parent> big = new LinkedHashMap<>(16, 0.75f, true);
    private final long bigBudget;
    private long bigCached;
    private static final int DOORKEEPER_BITS = 16;
    /** Parents asked for once, plus one (0: empty), by hash: see {@link #admit}. */
    private final int[] doorkeeper = new int[1 << DOORKEEPER_BITS];

    /**
     * A parent's references, and for a big one {@code (to << 32) | ordinal} of each reference a
     * path may use, sorted: the first entry for a target is its first allowed reference. An object
     * array keeps its elements' ids instead: naming a step into it is finding the target's id there,
     * which needs none of the id-to-index look-ups that resolving every element costs. Once a big
     * array has been searched {@value #SORT_ARRAY_AFTER} times (the table of a map whose entries are
     * all traced), it is turned into {@code (to << 32) | element} sorted, as a big parent's
     * references are: each search then costs a binary search instead of a scan of the whole array.
     */
    private static final class Parent {
        final List<Reference> refs;
        long[] byTarget;
        long[] elementIds;
        int searches;
        /** What this parent counts against the cache: its size when loaded (sorting never grows it). */
        final long size;

        Parent(List<Reference> refs, long[] byTarget, long[] elementIds) {
            this.refs = refs;
            this.byTarget = byTarget;
            this.elementIds = elementIds;
            this.size = elementIds != null ? elementIds.length : refs != null ? refs.size() : 0;
        }
    }

    /** Searches of one big cached array after which it is sorted by target. */
    private static final int SORT_ARRAY_AFTER = 4;

    public StepLabels(HeapGraph g, EdgeFilter filter, RootIndex roots) {
        this(g, filter, roots, SCAN_BELOW, CACHED_REFERENCES, ARRAY_CHUNK);
    }

    /** With other thresholds, so tests reach every way of naming a step on small heaps. */
    StepLabels(HeapGraph g, EdgeFilter filter, RootIndex roots, int scanBelow, long keepUpTo, int arrayChunk) {
        this.g = g;
        this.filter = filter;
        this.roots = roots;
        this.scanBelow = scanBelow;
        this.keepUpTo = keepUpTo;
        this.arrayChunk = arrayChunk;
        this.bigBudget = 16 * keepUpTo;
    }

    public GcPath label(List<Integer> objects) {
        List<GcPath.Step> steps = new ArrayList<>(objects.size());
        for (int i = 0; i < objects.size(); i++) {
            steps.add(step(i == 0 ? -1 : objects.get(i - 1), objects.get(i)));
        }
        return new GcPath(steps);
    }

    /** The step to {@code object} from {@code previous}, or, with {@code previous} -1, the root step. */
    public GcPath.Step step(int previous, int object) {
        String ref = null;
        boolean isStatic = false;
        if (previous >= 0) {
            Reference r = reference(previous, object);
            if (r != null) {
                ref = r.label();
                isStatic = r.kind() == Reference.Kind.STATIC_FIELD;
            } else if (g.heapClass(g.classOf(previous)).objectIndex() == object) {
                ref = "<class>"; // an object's edge to its class object, as MAT names it
            }
        }
        GcRoot root = previous < 0 ? roots.primary(object) : null;
        return new GcPath.Step(object, g.id(object), ObjectLabels.className(g, object), ObjectLabels.kind(g, object), ref,
                isStatic, root == null ? null : root.kind(), root == null ? null : roots.describe(root));
    }

    /** The first reference from {@code from} to {@code to} a path may use, or null. */
    public Reference reference(int from, int to) {
        Parent p;
        long length = g.kind(from) == ObjectKind.OBJECT_ARRAY ? g.arrayLength(from) : -1;
        if (length > keepUpTo) {
            p = big(from, length);
            if (p.byTarget == null) {
                return arrayElement(from, to, null); // too big to keep: read through once
            }
        } else {
            p = recent.get(from);
            if (p == null) {
                if (!admit(from)) { // first use: answered from the dump, not kept
                    return g.kind(from) == ObjectKind.OBJECT_ARRAY
                            ? arrayElement(from, to, g.readObjectArray(from, 0, (int) length))
                            : scan(g.references(from), from, to, filter);
                }
                p = load(from);
            }
            if (p.elementIds != null && p.elementIds.length >= scanBelow && ++p.searches >= SORT_ARRAY_AFTER) {
                p.byTarget = elementsByTarget(from, p.elementIds);
                p.elementIds = null;
            }
            if (p.elementIds != null) {
                return arrayElement(from, to, p.elementIds);
            }
            if (p.byTarget == null) {
                return scan(p.refs, from, to, filter);
            }
        }
        int i = Arrays.binarySearch(p.byTarget, (long) to << 32);
        i = i < 0 ? -i - 1 : i;
        if (i == p.byTarget.length || (p.byTarget[i] >>> 32) != to) {
            return null;
        }
        int k = (int) (p.byTarget[i] & 0xFFFF_FFFFL);
        return p.refs == null ? new Reference(from, to, Reference.Kind.ARRAY_ELEMENT, null, k) : p.refs.get(k);
    }

    /**
     * An array too big for the cache: a search counter, and once searched {@value #SORT_ARRAY_AFTER}
     * times (every trace through one big map's table), its elements sorted by target, kept apart
     * from the cache up to {@link #bigBudget} elements in all, least recently used dropped first.
     */
    private Parent big(int from, long length) {
        Parent p = big.get(from);
        if (p == null) {
            p = new Parent(null, null, null);
            big.put(from, p);
        }
        if (p.byTarget == null && ++p.searches >= SORT_ARRAY_AFTER && length <= bigBudget) {
            p.byTarget = elementsByTarget(from, null);
            bigCached += p.byTarget.length;
        }
        for (Iterator<Parent> it = big.values().iterator(); it.hasNext() && (bigCached > bigBudget || big.size() > 256); ) {
            Parent old = it.next();
            if (old != p) {
                bigCached -= old.byTarget == null ? 0 : old.byTarget.length;
                it.remove();
            }
        }
        return p;
    }

    /**
     * {@code (index << 32) | element} of every element of array {@code from} that names an object
     * in the dump, sorted; from {@code ids} (its contents) or, when null, read from the dump in chunks.
     */
    private long[] elementsByTarget(int from, long[] ids) {
        int length = ids != null ? ids.length : (int) g.arrayLength(from);
        int step = ids != null ? Math.max(1, length) : arrayChunk;
        long[] byTarget = new long[length];
        int n = 0;
        for (int start = 0; start < length; start += step) {
            long[] chunk = ids != null ? ids : g.readObjectArray(from, start, Math.min(step, length - start));
            for (int k = 0; k < chunk.length; k++) {
                int o = chunk[k] == 0 ? -1 : g.indexOf(chunk[k]);
                if (o >= 0) {
                    byTarget[n++] = ((long) o << 32) | (start + k);
                }
            }
        }
        byTarget = Arrays.copyOf(byTarget, n);
        Arrays.sort(byTarget);
        return byTarget;
    }

    /**
     * The first element of array {@code from} that holds {@code to}, from {@code ids} (the array's
     * contents) or, when null, read from the dump in chunks. No filter applies: exclusions name fields.
     */
    private Reference arrayElement(int from, int to, long[] ids) {
        long id = g.id(to);
        if (ids != null) {
            int i = indexOf(ids, id);
            return i < 0 ? null : new Reference(from, to, Reference.Kind.ARRAY_ELEMENT, null, i);
        }
        long length = g.arrayLength(from);
        for (long start = 0; start < length; start += arrayChunk) {
            int i = indexOf(g.readObjectArray(from, start, (int) Math.min(arrayChunk, length - start)), id);
            if (i >= 0) {
                return new Reference(from, to, Reference.Kind.ARRAY_ELEMENT, null, start + i);
            }
        }
        return null;
    }

    private static int indexOf(long[] ids, long id) {
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] == id) {
                return i;
            }
        }
        return -1;
    }

    /** How many parents are kept: for tests. */
    int keptParents() {
        return recent.size();
    }

    /**
     * Whether {@code from} was asked for recently too, by a small direct-mapped table of the parents
     * last asked for. A parent is kept from its second use on: most parents of many paths are used
     * once (the entry just above each target), and keeping those only turned the cache over, which
     * on millions of traces moved them into the old generation before they went (the Java heap grew
     * to its limit).
     */
    private boolean admit(int from) {
        int slot = (from * 0x9E3779B9) >>> (32 - DOORKEEPER_BITS);
        if (doorkeeper[slot] == from + 1) {
            return true;
        }
        doorkeeper[slot] = from + 1;
        return false;
    }

    private Parent load(int from) {
        Parent p = g.kind(from) == ObjectKind.OBJECT_ARRAY
                ? new Parent(null, null, g.readObjectArray(from, 0, (int) g.arrayLength(from)))
                : parent(from);
        recent.put(from, p);
        cached += p.size;
        for (Iterator<Parent> it = recent.values().iterator(); cached > keepUpTo && recent.size() > 1; ) {
            cached -= it.next().size;
            it.remove();
        }
        return p;
    }

    private Parent parent(int from) {
        List<Reference> refs = g.references(from);
        long[] byTarget = null;
        if (refs.size() >= scanBelow) {
            byTarget = new long[refs.size()];
            int n = 0;
            for (int k = 0; k < refs.size(); k++) {
                if (filter == null || !filter.excluded(from, k)) {
                    byTarget[n++] = ((long) refs.get(k).to() << 32) | k;
                }
            }
            byTarget = Arrays.copyOf(byTarget, n);
            Arrays.sort(byTarget);
        }
        return new Parent(refs, byTarget, null);
    }

    private static Reference scan(List<Reference> refs, int from, int to, EdgeFilter filter) {
        for (int k = 0; k < refs.size(); k++) {
            Reference r = refs.get(k);
            if (r.to() == to && (filter == null || !filter.excluded(from, k))) {
                return r;
            }
        }
        return null;
    }
}
