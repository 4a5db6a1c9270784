package dev.heapwise.analysis.waste;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.analysis.internal.NativeInts;
import dev.heapwise.analysis.internal.NativeLongs;
import dev.heapwise.analysis.internal.NativeMemory;
import dev.heapwise.analysis.internal.Parallel;
import dev.heapwise.analysis.waste.internal.BestGroups;
import dev.heapwise.analysis.waste.internal.CollectionInspector;
import dev.heapwise.analysis.waste.internal.ContentHashes;
import dev.heapwise.analysis.waste.internal.KeySort;
import dev.heapwise.analysis.waste.internal.ObjectsByRole;
import dev.heapwise.analysis.waste.internal.SharedBoxes;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.FieldValue;
import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.build.ProgressListener;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.ToLongFunction;

/**
 * Finds waste in the reachable heap: duplicate strings, duplicate primitive arrays, empty and
 * sparse collections, boxed primitives and zero-length arrays.
 *
 * <p>Cost: one pass over the primitive arrays reading their contents (the bulk of the dump: this
 * is the expensive part, see {@link ContentHashes}); the strings' value arrays come from the
 * reference index, except for JDK 6 strings (offset/count), whose text is read. Collections of
 * the known classes have their fields read (one small read each, and the same for the collections
 * an empty one delegates to, see {@link CollectionInspector}). The strings, collections and
 * object arrays are found by one pass over all objects ({@code ObjectsByRole}). Memory: 20 bytes
 * per primitive array, 16 per string (12 more per element while sorting) and 4 per instance of a
 * string, collection or object array class, in native memory, which spills to scratch files when
 * memory is short, and a bit per array on the Java heap (and a bit per object when a collection
 * owns another it delegates to). Not thread-safe.
 */
public final class WasteAnalysis {
    private static final int TOP = 20;
    /** How much of a duplicate string's text the report keeps. */
    private static final int VALUE_CHARS = 120;

    private WasteAnalysis() {}

    public static WasteReport analyze(HeapGraph g, DominatorTree tree, ProgressListener progress) {
        return analyze(g, tree, progress, null);
    }

    /**
     * The reading and hashing of every primitive array, started now on background threads of the
     * lowest priority, for a caller with other work first (the dominator tree, other analyses): that
     * work leaves a core idle often enough for most of the hashing to be done when {@link #analyze}
     * needs it. Costs 20 bytes of native memory per primitive array, reachable or not, until closed;
     * close it after the analysis, or to stop the threads.
     */
    public static Prefetch prefetch(HeapGraph g) {
        Prefetch p = new Prefetch(g);
        p.start();
        return p;
    }

    /**
     * As {@link #prefetch}, not started yet: {@link Prefetch#start} starts it (for a caller who
     * knows when a core will be idle, see {@link DominatorTree#of(HeapGraph, DominatorTree.Options,
     * ProgressListener, boolean, Runnable)}), and {@link #analyze} starts it if nothing did. Costs
     * nothing until started.
     */
    public static Prefetch prefetchLater(HeapGraph g) {
        return new Prefetch(g);
    }

    /** See {@link #prefetch}. Thread-safe. */
    public static final class Prefetch implements AutoCloseable {
        private final HeapGraph g;
        private ContentHashes.Pending pending;
        private boolean closed;

        private Prefetch(HeapGraph g) {
            this.g = g;
        }

        /** Starts the reading and hashing, unless it runs already (or the prefetch is closed). */
        public synchronized void start() {
            if (pending == null && !closed) {
                pending = ContentHashes.start(g);
            }
        }

        /**
         * {@link #start}, if native memory has room for the hashes twice over (they, and the copy
         * the analysis takes of the reachable ones): started while other work holds its arrays, they
         * must not push those into scratch files. Otherwise it is left to {@link #start} or
         * {@link #analyze}.
         */
        public synchronized void startIfRoom() {
            if (NativeMemory.headroom() / 2 >= ContentHashes.bytesFor(g)) {
                start();
            }
        }

        /** Whether the reading and hashing was started. */
        public synchronized boolean isStarted() {
            return pending != null;
        }

        private synchronized ContentHashes.Pending pending() {
            if (closed) {
                throw new IllegalStateException("the prefetch is closed");
            }
            start();
            return pending;
        }

        @Override
        public synchronized void close() {
            closed = true;
            if (pending != null) {
                pending.close();
            }
        }
    }

    /**
     * As {@link #analyze(HeapGraph, DominatorTree, ProgressListener)}, taking the hashes from
     * {@code prefetch} (waiting for them if need be) when not null.
     */
    public static WasteReport analyze(HeapGraph g, DominatorTree tree, ProgressListener progress, Prefetch prefetch) {
        long heap = Math.max(1, tree.reachableSize());
        if (prefetch != null) {
            progress.phase("waste: reading array contents", 0);
        }
        try (ContentHashes hashes = prefetch == null ? ContentHashes.compute(g, tree, progress)
                : prefetch.pending().reachable(tree)) {
            progress.phase("waste: strings and collections", g.objectCount());
            List<HeapClass> stringClasses = g.classesNamed("java.lang.String");
            String[] baseOf = collectionBases(g);
            byte[] roles = new byte[g.classCount()];
            for (int c = 0; c < roles.length; c++) {
                HeapClass k = g.heapClass(c);
                roles[c] = (byte) (k.shape() == HeapClass.Shape.OBJECT_ARRAY ? ObjectsByRole.OBJECT_ARRAY
                        : baseOf[c] != null ? ObjectsByRole.COLLECTION : ObjectsByRole.NONE);
            }
            for (HeapClass c : stringClasses) {
                roles[c.index()] = ObjectsByRole.STRING;
            }
            long[] stringValue = new long[(hashes.size + 63) >>> 6]; // bit per hashed array: a string's contents
            var strings = new AtomicReference<WasteReport.DuplicateStrings>();
            var arrays = new AtomicReference<WasteReport.DuplicateArrays>();
            var collections = new AtomicReference<List<WasteReport.CollectionWaste>>();
            var empty = new AtomicReference<List<WasteReport.EmptyArrays>>();
            var boxes = new AtomicReference<List<WasteReport.BoxWaste>>();
            // One pass over all objects finds the strings, collections and object arrays (two threads);
            // the strings' keys are found on both cores by range; then the strings' sort and groups, and
            // the arrays (which leave out the strings' contents), on one core, the collections, empty
            // arrays and boxes, which depend on neither, on the other.
            try (ObjectsByRole found = ObjectsByRole.find(g, tree, roles);
                    StringKeys keys = StringKeys.find(g, found, hashes, stringValue, isJdk6(stringClasses))) {
                Parallel.both(() -> {
                    strings.set(strings(g, keys));
                    arrays.set(arrays(g, hashes, stringValue));
                }, () -> {
                    collections.set(collections(g, tree, found, baseOf));
                    empty.set(zeroLength(g, hashes, found));
                    boxes.set(boxes(g, tree, found));
                });
            }
            return report(tree, heap, strings.get(), arrays.get(), collections.get(), boxes.get(), empty.get());
        } finally {
            NativeMemory.trim(); // the per-array and per-string arrays go back to the system
            progress.finished();
        }
    }

    private static WasteReport report(DominatorTree tree, long heap, WasteReport.DuplicateStrings strings,
            WasteReport.DuplicateArrays arrays, List<WasteReport.CollectionWaste> collections,
            List<WasteReport.BoxWaste> boxes, List<WasteReport.EmptyArrays> empty) {
        List<WasteReport.Finding> summary = new ArrayList<>();
        summary.add(finding("duplicate strings", strings.strings(), strings.wastedBytes(), heap));
        summary.add(finding("duplicate primitive arrays",
                arrays.top().stream().mapToLong(WasteReport.ArrayGroup::count).sum(), arrays.wastedBytes(), heap));
        summary.add(finding("empty collections", sum(collections, WasteReport.CollectionWaste::empty),
                sum(collections, WasteReport.CollectionWaste::emptyRetainedBytes), heap));
        summary.add(finding("unused collection slots", sum(collections, WasteReport.CollectionWaste::sparse),
                sum(collections, WasteReport.CollectionWaste::unusedSlotBytes), heap));
        summary.add(finding("boxed primitives", sum(boxes, WasteReport.BoxWaste::count),
                sum(boxes, WasteReport.BoxWaste::overheadBytes), heap));
        summary.add(finding("zero-length arrays", sum(empty, WasteReport.EmptyArrays::count),
                sum(empty, WasteReport.EmptyArrays::overheadBytes), heap));
        return new WasteReport(tree.reachableSize(), summary, strings, arrays, collections, boxes, empty);
    }

    private static WasteReport.Finding finding(String kind, long objects, long bytes, long heap) {
        return new WasteReport.Finding(kind, objects, bytes, (double) bytes / heap);
    }

    private static <T> long sum(List<T> rows, ToLongFunction<T> value) {
        return rows.stream().mapToLong(value).sum();
    }

    // ---- duplicate strings

    /** JDK 6 strings (and old Android's) share value arrays at an offset: their text is read to key them. */
    private static boolean isJdk6(List<HeapClass> stringClasses) {
        boolean jdk6 = false;
        for (HeapClass c : stringClasses) {
            jdk6 |= c.fields().stream().anyMatch(f -> f.name().equals("offset") || f.name().equals("count"));
        }
        return jdk6;
    }

    /**
     * Per reachable string, in native memory (16 bytes, and 12 more while sorting): its key (its
     * text's hash), its value array (-1 when not its own to waste) and its position in the strings'
     * list; sorted by key, equal texts end up side by side.
     */
    private record StringKeys(ObjectsByRole found, int count, NativeLongs keys, NativeInts order, NativeInts values)
            implements AutoCloseable {

        static StringKeys find(HeapGraph g, ObjectsByRole found, ContentHashes hashes, long[] stringValue,
                boolean jdk6) {
            int count = found.count(ObjectsByRole.STRING);
            NativeLongs keys = NativeLongs.allocateUninitialized(Math.max(1, count));
            NativeInts order = null;
            NativeInts values = null;
            try {
                order = NativeInts.allocateUninitialized(Math.max(1, count));
                values = NativeInts.allocateUninitialized(Math.max(1, count));
                int[] bounds = Parallel.bounds(count, Parallel.parts(count, Parallel.THREADS));
                NativeInts o = order;
                NativeInts v = values;
                Parallel.run(bounds.length - 1, p -> key(g, found, hashes, stringValue, jdk6, bounds[p], bounds[p + 1],
                        keys, o, v));
                return new StringKeys(found, count, keys, order, values);
            } catch (RuntimeException | Error e) {
                NativeMemory.closeAll(keys, order, values);
                throw e;
            }
        }

        /** Keys strings {@code from..to-1} of the list (one range per thread). */
        private static void key(HeapGraph g, ObjectsByRole found, ContentHashes hashes, long[] stringValue,
                boolean jdk6, int from, int to, NativeLongs keys, NativeInts order, NativeInts values) {
            RefCursor out = g.outRefs();
            int hint = 0; // where the last value array was found: the next is usually just after it
            for (int k = from; k < to; k++) {
                int o = found.get(ObjectsByRole.STRING, k);
                int value = -1;
                out.reset(o);
                for (int t; (t = out.next()) >= 0; ) {
                    if (g.kind(t) == ObjectKind.PRIMITIVE_ARRAY) {
                        value = t;
                        break;
                    }
                }
                int at = value < 0 ? -1 : hashes.indexOf(value, hint);
                hint = at >= 0 ? at : hint;
                long key;
                if (jdk6) {
                    String text = g.readString(o, Integer.MAX_VALUE);
                    key = text == null ? ~(long) o : text.hashCode() * 0x9E3779B97F4A7C15L ^ ((long) text.length() << 40)
                            ^ longHash(text);
                    if (text == null || at < 0 || hashes.length(at) != text.length()) {
                        // A substring sharing a bigger char[] (JDK 6, old Android): the array is not this string's to waste.
                        value = -1;
                    }
                } else {
                    key = at < 0 ? ~(long) o : hashes.hash(at);
                }
                if (at >= 0) {
                    // Both threads set bits: an atomic OR, as two strings of a range boundary may share a word.
                    BITS.getAndBitwiseOr(stringValue, at >>> 6, 1L << at);
                }
                keys.set(k, key);
                order.set(k, k);
                values.set(k, value);
            }
        }

        int string(long position) {
            return found.get(ObjectsByRole.STRING, order.get(position));
        }

        @Override
        public void close() {
            NativeMemory.closeAll(keys, order, values);
        }
    }

    private static final VarHandle BITS = MethodHandles.arrayElementVarHandle(long[].class);

    private static WasteReport.DuplicateStrings strings(HeapGraph g, StringKeys s) {
        int count = s.count();
        if (count == 0) {
            return new WasteReport.DuplicateStrings(0, 0, 0, List.of());
        }
        KeySort.sort(s.keys(), s.order(), count);
        BestGroups best = new BestGroups(TOP); // of {first position, end position, distinct arrays}
        long[] totals = stringGroups(g, s, best);
        List<WasteReport.StringGroup> top = new ArrayList<>();
        for (long[] gr : best.best()) {
            String text = g.readString(s.string(gr[2]), VALUE_CHARS + 1); // one more: whether the text goes on
            boolean cut = text != null && text.length() > VALUE_CHARS;
            if (cut) {
                text = text.substring(0, Character.isHighSurrogate(text.charAt(VALUE_CHARS - 1))
                        ? VALUE_CHARS - 1 : VALUE_CHARS);
            }
            top.add(new WasteReport.StringGroup(text == null ? "?" : text, gr[3] - gr[2], gr[4], gr[0], cut));
        }
        return new WasteReport.DuplicateStrings(totals[2], totals[1], totals[0], top);
    }

    /**
     * Offers each group of strings with equal keys (sorted) to {@code best}; returns {wasted bytes,
     * groups, strings in groups}. A loop of its own (see the duplicate arrays below).
     */
    private static long[] stringGroups(HeapGraph g, StringKeys s, BestGroups best) {
        int count = s.count();
        NativeLongs keys = s.keys();
        NativeInts order = s.order();
        NativeInts values = s.values();
        long wasted = 0;
        long groups = 0;
        long dupStrings = 0;
        int[] groupValues = new int[16];
        for (int i = 0; i < count; ) {
            int j = i + 1;
            while (j < count && keys.get(j) == keys.get(i)) {
                j++;
            }
            if (j - i > 1) {
                long stringBytes = 0;
                long firstString = -1;
                long firstArray = -1;
                if (groupValues.length < j - i) {
                    groupValues = new int[Math.max(j - i, 2 * groupValues.length)];
                }
                int m = 0;
                for (int p = i; p < j; p++) {
                    long sz = g.shallowSize(s.string(p));
                    stringBytes += sz;
                    firstString = firstString < 0 ? sz : firstString;
                    int v = values.get(order.get(p));
                    if (v >= 0) {
                        firstArray = firstArray < 0 ? g.shallowSize(v) : firstArray;
                        groupValues[m++] = v;
                    }
                }
                // Strings may share one value array: count each array once (sorted, no boxing).
                Arrays.sort(groupValues, 0, m);
                long arrayBytes = 0;
                int distinct = 0;
                for (int q = 0; q < m; q++) {
                    if (q == 0 || groupValues[q] != groupValues[q - 1]) {
                        arrayBytes += g.shallowSize(groupValues[q]);
                        distinct++;
                    }
                }
                long w = stringBytes - firstString + (firstArray < 0 ? 0 : arrayBytes - firstArray);
                wasted += w;
                groups++;
                dupStrings += j - i;
                best.offer(w, i, i, j, distinct);
            }
            i = j;
        }
        return new long[] {wasted, groups, dupStrings};
    }

    private static long longHash(String s) {
        long h = 1125899906842597L;
        for (int i = 0; i < s.length(); i++) {
            h = 31 * h + s.charAt(i);
        }
        return h;
    }

    // ---- duplicate primitive arrays (string contents excluded: counted above)

    // The loops over every hashed array below each sit in a small method of their own: as loops of
    // a method of 400-600 bytes, each had all of it compiled on stack replacement, one after another
    // at the end of the waste phase, and ran interpreted meanwhile (ARCHITECTURE.md, "Hot loops and
    // the JIT").

    private static WasteReport.DuplicateArrays arrays(HeapGraph g, ContentHashes hashes, long[] stringValue) {
        int m = countOtherArrays(hashes, stringValue);
        try (NativeLongs keys = NativeLongs.allocateUninitialized(Math.max(1, m));
                NativeInts pos = NativeInts.allocateUninitialized(Math.max(1, m))) {
            collectOtherArrays(hashes, stringValue, keys, pos);
            KeySort.sort(keys, pos, m);
            BestGroups best = new BestGroups(TOP); // of {first hashed array, count}, ties to the lower object
            long[] totals = arrayGroups(g, hashes, keys, pos, m, best);
            List<WasteReport.ArrayGroup> top = new ArrayList<>();
            for (long[] gr : best.best()) {
                int o = hashes.object(gr[2]);
                HeapClass c = g.heapClass(g.classOf(o));
                top.add(new WasteReport.ArrayGroup(c.name(), hashes.length(gr[2]), gr[3], gr[0], preview(g, o, c)));
            }
            return new WasteReport.DuplicateArrays(totals[1], totals[0], top);
        }
    }

    /** Hashed arrays that hold something and are no string's contents. */
    private static boolean otherArray(ContentHashes hashes, long[] stringValue, int i) {
        return (stringValue[i >>> 6] & (1L << i)) == 0 && hashes.length(i) > 0;
    }

    private static int countOtherArrays(ContentHashes hashes, long[] stringValue) {
        int m = 0;
        for (int i = 0; i < hashes.size; i++) {
            if (otherArray(hashes, stringValue, i)) {
                m++;
            }
        }
        return m;
    }

    private static void collectOtherArrays(ContentHashes hashes, long[] stringValue, NativeLongs keys,
            NativeInts pos) {
        for (int i = 0, k = 0; i < hashes.size; i++) {
            if (otherArray(hashes, stringValue, i)) {
                keys.set(k, hashes.hash(i));
                pos.set(k++, i);
            }
        }
    }

    /** Offers each group of equal hashes to {@code best}; returns {wasted bytes, groups}. */
    private static long[] arrayGroups(HeapGraph g, ContentHashes hashes, NativeLongs keys, NativeInts pos, int m,
            BestGroups best) {
        long wasted = 0;
        long groups = 0;
        for (int i = 0; i < m; ) {
            int j = i + 1;
            while (j < m && keys.get(j) == keys.get(i)) {
                j++;
            }
            if (j - i > 1) {
                int first = pos.get(i);
                long each = g.shallowSize(hashes.object(first));
                long w = each * (j - i - 1);
                wasted += w;
                groups++;
                best.offer(w, hashes.object(first), first, j - i, 0);
            }
            i = j;
        }
        return new long[] {wasted, groups};
    }

    private static String preview(HeapGraph g, int o, HeapClass c) {
        FieldType t = c.elementType();
        if (t == FieldType.CHAR) {
            String s = g.readString(o, 40);
            return s == null ? "" : s;
        }
        int es = t.size(g.info().idSize());
        byte[] b = g.readPrimitiveArray(o, 0, 8);
        if (b == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder("[");
        ByteBuffer buf = ByteBuffer.wrap(b); // big-endian, as the dump stores values
        for (int i = 0; i + es <= b.length; i += es) {
            sb.append(sb.length() > 1 ? ", " : "").append(FieldValue.display(t, t.read(buf, i, g.info().idSize())));
        }
        return sb.append(g.arrayLength(o) > b.length / Math.max(1, es) ? ", …]" : "]").toString();
    }

    // ---- collections

    /** Per class, the most specific of the collection classes it is or extends, or null. */
    private static String[] collectionBases(HeapGraph g) {
        Hierarchy h = new Hierarchy(g);
        String[] baseOf = new String[g.classCount()];
        for (String base : CollectionInspector.BASES) {
            boolean[] sub = h.subclasses(base);
            for (int c = 0; c < baseOf.length; c++) {
                if (sub[c] && baseOf[c] == null && g.heapClass(c).shape() == HeapClass.Shape.INSTANCE) {
                    baseOf[c] = base;
                }
            }
        }
        return baseOf;
    }

    /** A row of counts per class: count, empty, empty retained, sparse, fill sum (x1e6), with a fill, unused bytes. */
    private static final int ROW = 7;

    private static List<WasteReport.CollectionWaste> collections(HeapGraph g, DominatorTree tree, ObjectsByRole found,
            String[] baseOf) {
        CollectionInspector inspector = new CollectionInspector(g, baseOf, tree);
        // Counted per class, merged by name below (classes of one name from several loaders make one row).
        long[][] perClass = new long[baseOf.length][];
        // A collection another owns and delegates to is counted in its owner's fill only: its bit is
        // set, so that it is skipped when it comes after its owner (a HashSet's map, a Properties' map:
        // made by the constructor, just after), and its own count is taken back when it came before.
        long[] excluded = null;
        int[] mine = new int[16];
        for (int i = 0, n = found.count(ObjectsByRole.COLLECTION); i < n; i++) {
            int o = found.get(ObjectsByRole.COLLECTION, i);
            if (excluded != null && (excluded[o >>> 6] & (1L << o)) != 0 || !inspector.inspect(o)) {
                continue;
            }
            count(g, tree, baseOf, perClass, o, inspector, 1);
            int owned = inspector.ownedDelegates();
            if (owned == 0) {
                continue;
            }
            if (excluded == null) {
                excluded = new long[(g.objectCount() + 63) >>> 6];
            }
            if (mine.length < owned) {
                mine = new int[Math.max(owned, 2 * mine.length)];
            }
            for (int k = 0; k < owned; k++) {
                mine[k] = inspector.ownedDelegate(k);
            }
            for (int k = 0; k < owned; k++) {
                int d = mine[k];
                if ((excluded[d >>> 6] & (1L << d)) != 0) {
                    continue; // left out already, by the owner it has below this one
                }
                excluded[d >>> 6] |= 1L << d;
                if (d < o && inspector.inspect(d)) { // counted on its own: taken back, the same fill
                    count(g, tree, baseOf, perClass, d, inspector, -1);
                }
            }
        }
        Map<String, long[]> acc = new LinkedHashMap<>();
        Map<String, Double> sparseBelow = new HashMap<>();
        for (int c = 0; c < perClass.length; c++) {
            if (perClass[c] != null) {
                String name = g.heapClass(c).name();
                sparseBelow.put(name, CollectionInspector.sparseBelow(baseOf[c]));
                long[] a = acc.computeIfAbsent(name, k -> new long[ROW]);
                for (int i = 0; i < a.length; i++) {
                    a[i] += perClass[c][i];
                }
            }
        }
        List<WasteReport.CollectionWaste> out = new ArrayList<>();
        acc.forEach((name, a) -> {
            if (a[2] + a[6] > 0) { // an overhead: a row without one lists no waste
                out.add(new WasteReport.CollectionWaste(name, a[0], a[1], a[2], a[3], sparseBelow.get(name),
                        a[5] == 0 ? 0 : a[4] / 1_000_000.0 / a[5], a[6]));
            }
        });
        out.sort(Comparator.comparingLong((WasteReport.CollectionWaste w) -> -(w.emptyRetainedBytes() + w.unusedSlotBytes()))
                .thenComparing(WasteReport.CollectionWaste::className));
        return out;
    }

    /** Adds ({@code sign} 1) or takes out (-1) the fill the inspector just read, of {@code o}, in its class's row. */
    private static void count(HeapGraph g, DominatorTree tree, String[] baseOf, long[][] perClass, int o,
            CollectionInspector f, int sign) {
        int c = g.classOf(o);
        long[] a = perClass[c];
        if (a == null) {
            perClass[c] = a = new long[ROW];
        }
        a[0] += sign;
        if (f.size() == 0) {
            a[1] += sign;
            a[2] += sign * tree.retainedSize(o);
        } else if (f.capacity() > 0) {
            double fill = Math.min(1.0, (double) f.size() / f.capacity());
            a[4] += sign * Math.round(fill * 1_000_000);
            a[5] += sign;
            if (fill < CollectionInspector.sparseBelow(baseOf[c])) {
                a[3] += sign;
            }
            a[6] += sign * f.unusedBytes();
        }
    }

    // ---- boxes and empty arrays

    /** Reachable boxes per class, less the JDK's shared ones ({@link SharedBoxes}): those cost nothing more. */
    private static List<WasteReport.BoxWaste> boxes(HeapGraph g, DominatorTree tree, ObjectsByRole found) {
        SharedBoxes shared = new SharedBoxes(g);
        for (int i = 0, n = found.count(ObjectsByRole.OBJECT_ARRAY); i < n; i++) {
            int o = found.get(ObjectsByRole.OBJECT_ARRAY, i);
            if (shared.mayBeCache(g.classOf(o))) {
                shared.offerArray(o);
            }
        }
        long[] sharedCount = new long[g.classCount()];
        long[] sharedBytes = new long[g.classCount()];
        for (int o : shared.members()) {
            if (tree.isReachable(o)) {
                sharedCount[g.classOf(o)]++;
                sharedBytes[g.classOf(o)] += g.shallowSize(o);
            }
        }
        Map<String, long[]> rows = new LinkedHashMap<>(); // by name: count, bytes, overhead
        for (HeapClass c : g.classes()) {
            int k = c.index();
            if (shared.isBox(k)) {
                long count = c.instanceCount() - tree.unreachableCount(k) - sharedCount[k];
                long bytes = c.shallowSizeOfInstances() - tree.unreachableShallowSize(k) - sharedBytes[k];
                long[] r = rows.computeIfAbsent(c.name(), x -> new long[3]);
                r[0] += count;
                r[1] += bytes;
                r[2] += bytes - SharedBoxes.PRIMITIVE_BYTES.get(c.name()) * count;
            }
        }
        List<WasteReport.BoxWaste> out = new ArrayList<>();
        rows.forEach((name, r) -> {
            if (r[2] > 0) {
                out.add(new WasteReport.BoxWaste(name, r[0], r[1], r[2]));
            }
        });
        out.sort(Comparator.comparingLong(WasteReport.BoxWaste::overheadBytes).reversed()
                .thenComparing(WasteReport.BoxWaste::className));
        return out;
    }

    private static void countEmptyPrimitiveArrays(HeapGraph g, ContentHashes hashes, long[] count, long[] bytes) {
        for (int i = 0; i < hashes.size; i++) {
            if (hashes.length(i) == 0) {
                int o = hashes.object(i);
                count[g.classOf(o)]++;
                bytes[g.classOf(o)] += g.shallowSize(o);
            }
        }
    }

    private static List<WasteReport.EmptyArrays> zeroLength(HeapGraph g, ContentHashes hashes, ObjectsByRole found) {
        long[] count = new long[g.classCount()];
        long[] bytes = new long[g.classCount()];
        countEmptyPrimitiveArrays(g, hashes, count, bytes);
        // Only the smallest object arrays can be empty (sizes grow with the length: SizeModel.arraySize), and
        // an array's length is read from the dump: checking every array without references read 680 K
        // records of all-null arrays on big.hprof (0.25 s), where 1,734 arrays have the smallest size.
        int arrays = found.count(ObjectsByRole.OBJECT_ARRAY);
        long smallest = Long.MAX_VALUE;
        for (int i = 0; i < arrays; i++) {
            smallest = Math.min(smallest, g.shallowSize(found.get(ObjectsByRole.OBJECT_ARRAY, i)));
        }
        RefCursor out = g.outRefs();
        for (int i = 0; i < arrays; i++) {
            int o = found.get(ObjectsByRole.OBJECT_ARRAY, i);
            if (g.shallowSize(o) != smallest) {
                continue;
            }
            out.reset(o);
            if (out.count() == 0 && g.arrayLength(o) == 0) {
                count[g.classOf(o)]++;
                bytes[g.classOf(o)] += g.shallowSize(o);
            }
        }
        List<WasteReport.EmptyArrays> list = new ArrayList<>();
        for (int c = 0; c < count.length; c++) {
            // One empty array of a class is the shared constant the others could be: no overhead, not listed.
            if (count[c] > 1) {
                long each = bytes[c] / count[c];
                list.add(new WasteReport.EmptyArrays(g.heapClass(c).name(), count[c], bytes[c], bytes[c] - each));
            }
        }
        list.sort(Comparator.comparingLong(WasteReport.EmptyArrays::overheadBytes).reversed()
                .thenComparing(WasteReport.EmptyArrays::className));
        return list;
    }
}
