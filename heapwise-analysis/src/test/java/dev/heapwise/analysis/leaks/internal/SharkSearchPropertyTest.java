package dev.heapwise.analysis.leaks.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.ObjectLabels;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.analysis.paths.ReferenceFilter;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.analysis.paths.internal.EdgeFilter;
import dev.heapwise.analysis.paths.internal.PathSearch;
import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import dev.heapwise.graph.Reference;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The leak search gives each object the parent Shark 2.14's search gives it, written here the plain
 * way from its sources: roots of the kinds it indexes, thread objects first, then by kind name
 * descending, then by class name, Java frames of a thread with a thread object last; an instance's
 * reference fields sorted by name (a stable sort: the class's own before its superclass's), a class
 * object's statics, an array's elements, each read from the resolved references; two FIFO queues.
 * Random heaps: field names drawn from a small set (so a subclass may shadow a field and two fields
 * may hold one object), null fields, object arrays, classes with statics, roots of many kinds.
 */
class SharkSearchPropertyTest {
    private static final String[] NAMES = {"a", "b", "m", "q", "z", "aa", "b2"};
    private static final int[] ROOT_TAGS = {SyntheticHeap.ROOT_JNI_GLOBAL, SyntheticHeap.ROOT_STICKY_CLASS,
        SyntheticHeap.ROOT_THREAD_OBJECT, SyntheticHeap.ROOT_JAVA_FRAME, SyntheticHeap.ROOT_UNKNOWN,
        SyntheticHeap.ROOT_DEBUGGER};

    @Property(tries = 60)
    void parentsAreThoseOfSharksSearch(@ForAll long seed) throws Exception {
        Path dir = Files.createTempDirectory("heapwise-shark-order");
        try {
            Random r = new Random(seed);
            SyntheticHeap h = new SyntheticHeap();
            long base = h.cls("t.Base", h.javaLangObject, fields(r, 1 + r.nextInt(3)), List.of());
            long[] classes = {
                h.cls("t.A", base, fields(r, 1 + r.nextInt(4)), List.of()),
                h.cls("t.B", h.javaLangObject, fields(r, 1 + r.nextInt(4)), List.of()),
                base};
            int n = 3 + r.nextInt(40);
            List<Long> ids = new ArrayList<>();
            List<long[]> arrays = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                ids.add(0x1000L + 16L * i); // SyntheticHeap numbers instances from 0x1000, 16 apart
            }
            for (int i = 0; i < n; i++) {
                long c = classes[r.nextInt(classes.length)];
                long[] values = new long[h.allFieldTypes(c).size()];
                for (int k = 0; k < values.length; k++) {
                    values[k] = r.nextInt(3) == 0 ? 0 : ids.get(r.nextInt(n));
                }
                h.obj(c, values);
            }
            for (int i = 0, m = r.nextInt(3); i < m; i++) { // arrays after the instances: their ids follow
                long[] elements = new long[1 + r.nextInt(4)];
                for (int k = 0; k < elements.length; k++) {
                    elements[k] = r.nextInt(4) == 0 ? 0 : ids.get(r.nextInt(n));
                }
                arrays.add(elements);
                h.objectArray(elements);
            }
            for (long c : classes) {
                for (int k = 0, s = r.nextInt(3); k < s; k++) {
                    h.staticField(c, NAMES[r.nextInt(NAMES.length)] + k, FieldType.OBJECT, ids.get(r.nextInt(n)));
                }
            }
            for (int k = 0, roots = 1 + r.nextInt(8); k < roots; k++) {
                int tag = ROOT_TAGS[r.nextInt(ROOT_TAGS.length)];
                h.root(tag, tag == SyntheticHeap.ROOT_STICKY_CLASS ? classes[r.nextInt(classes.length)]
                        : ids.get(r.nextInt(n)));
            }
            Path dump = dir.resolve("h.hprof");
            h.write(dump);
            try (HeapGraph g = Hprof.open(dump)) {
                Hierarchy hierarchy = new Hierarchy(g);
                RootIndex roots = new RootIndex(g);
                long[] targets = new long[(g.objectCount() + 63) >>> 6];
                for (int o = 0; o < g.objectCount(); o++) {
                    if (r.nextInt(5) == 0) {
                        targets[o >>> 6] |= 1L << o;
                    }
                }
                Map<Integer, Integer> expected = sharkParents(g, targets);
                MatcherEdges none = new MatcherEdges(hierarchy, roots, List.of());
                SharkPolicy policy = new SharkPolicy(g, none, new AndroidReaders(hierarchy), false);
                try (PathSearch search = new PathSearch(g, new EdgeFilter(g, ReferenceFilter.defaults()), policy,
                        roots)) {
                    search.run(targets, Integer.MAX_VALUE, ProgressListener.NONE);
                    for (int o = 0; o < g.objectCount(); o++) {
                        assertThat(search.parentOf(o)).as("parent of object %d (seed %d)", o, seed)
                                .isEqualTo(expected.getOrDefault(o, -2));
                    }
                }
            }
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static List<FieldDef> fields(Random r, int count) {
        List<FieldDef> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new FieldDef(NAMES[r.nextInt(NAMES.length)], r.nextInt(5) == 0 ? FieldType.INT : FieldType.OBJECT));
        }
        return out;
    }

    /** Parent of each reached object (-1 for a root), by Shark 2.14's search written plainly. */
    private static Map<Integer, Integer> sharkParents(HeapGraph g, long[] targets) {
        Set<RootKind> indexed = Set.of(RootKind.JNI_GLOBAL, RootKind.JAVA_FRAME, RootKind.JNI_LOCAL,
                RootKind.MONITOR_USED, RootKind.NATIVE_STACK, RootKind.STICKY_CLASS, RootKind.THREAD_BLOCK,
                RootKind.THREAD_OBJECT, RootKind.JNI_MONITOR);
        List<GcRoot> roots = g.roots().stream().filter(x -> indexed.contains(x.kind())).toList();
        Set<Integer> threads = new HashSet<>();
        roots.stream().filter(x -> x.kind() == RootKind.THREAD_OBJECT).forEach(x -> threads.add(x.threadSerial()));
        List<GcRoot> sorted = new ArrayList<>(roots.stream()
                .filter(x -> !(x.kind() == RootKind.JAVA_FRAME && threads.contains(x.threadSerial()))).toList());
        sorted.sort(Comparator.<GcRoot>comparingInt(x -> x.kind() == RootKind.THREAD_OBJECT ? 0 : 1)
                .thenComparing(x -> SharkRoots.sharkName(x.kind()), Comparator.reverseOrder())
                .thenComparing(x -> ObjectLabels.className(g, x.object())));
        Map<Integer, Integer> parent = new HashMap<>();
        ArrayDeque<int[]> first = new ArrayDeque<>(); // {object, parent}
        ArrayDeque<int[]> last = new ArrayDeque<>();
        Set<Integer> inFirst = new HashSet<>();
        Set<Integer> inLast = new HashSet<>();
        Set<Integer> visited = new HashSet<>();
        boolean[] visitingLast = {false};
        record Enqueue(int object, int parent, boolean low) {}
        java.util.function.Consumer<Enqueue> enqueue = e -> {
            int t = e.object();
            boolean seen = visited.contains(t) || inFirst.contains(t) || inLast.contains(t);
            boolean toLast = visitingLast[0] || e.low();
            if (seen) {
                if (!toLast && inLast.contains(t)) { // Shark's bump: the first queue takes it over
                    last.removeIf(x -> x[0] == t);
                    inLast.remove(t);
                    first.add(new int[] {t, e.parent()});
                    inFirst.add(t);
                }
                return;
            }
            boolean target = (targets[t >>> 6] & (1L << t)) != 0;
            if (e.parent() >= 0 && !target && followed(g, t).isEmpty()) {
                return; // Shark visits it and finds nothing to follow: heapwise does not queue it
            }
            (toLast ? last : first).add(new int[] {t, e.parent()});
            (toLast ? inLast : inFirst).add(t);
        };
        for (GcRoot x : sorted) {
            enqueue.accept(new Enqueue(x.object(), -1, x.kind() == RootKind.JAVA_FRAME));
        }
        for (GcRoot t : sorted.stream().filter(x -> x.kind() == RootKind.THREAD_OBJECT).toList()) {
            for (GcRoot x : roots) { // a thread's locals, reached from it: here, roots queued after the others
                if (x.kind() == RootKind.JAVA_FRAME && x.threadSerial() == t.threadSerial()) {
                    enqueue.accept(new Enqueue(x.object(), -1, true));
                }
            }
        }
        while (!first.isEmpty() || !last.isEmpty()) {
            int[] node;
            if (!visitingLast[0] && !first.isEmpty()) {
                node = first.poll();
                inFirst.remove(node[0]);
            } else {
                visitingLast[0] = true;
                node = last.poll();
                inLast.remove(node[0]);
            }
            visited.add(node[0]);
            parent.put(node[0], node[1]);
            for (int t : followed(g, node[0])) {
                enqueue.accept(new Enqueue(t, node[0], false));
            }
        }
        return parent;
    }

    /** The objects Shark reads references to from {@code o}, in its order. */
    private static List<Integer> followed(HeapGraph g, int o) {
        List<Reference> refs = new ArrayList<>(g.references(o));
        if (g.kind(o) == ObjectKind.INSTANCE) {
            refs.removeIf(x -> x.kind() != Reference.Kind.FIELD);
            refs.sort(Comparator.comparing(Reference::name)); // stable: own fields before the superclass's
        } else if (g.kind(o) == ObjectKind.CLASS) {
            refs.removeIf(x -> x.kind() != Reference.Kind.STATIC_FIELD);
        }
        return refs.stream().map(Reference::to).toList();
    }
}
