package dev.heapwise.analysis.dominators;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.analysis.paths.GcPath;
import dev.heapwise.analysis.paths.PathFinder;
import dev.heapwise.analysis.paths.ReferenceFilter;
import dev.heapwise.analysis.threads.ThreadRetention;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Reference;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A thread retains what only its stack holds: on random heaps with threads whose frames hold
 * objects (Java frame and JNI local roots), some of a serial that no thread object names, some
 * objects also roots of another kind, the dominator tree and the paths from the GC roots agree with
 * a brute-force oracle that builds MAT's graph from the heap's own description: a thread object
 * refers to its locals, which are then no roots of their own.
 */
class ThreadLocalsPropertyTest {

    @Property(tries = 40)
    void threadsDominateWhatOnlyTheirStacksHold(@ForAll long seed, @ForAll @IntRange(min = 1, max = 40) int n)
            throws Exception {
        Random r = new Random(seed);
        Path dir = Files.createTempDirectory("thread-locals");
        try {
            SyntheticHeap h = new SyntheticHeap();
            long node = h.cls("app.Node", "a", "b", "c");
            long worker = h.cls("app.Worker", "task");
            long[] ids = new long[n];
            long[][] fields = new long[n][];
            for (int i = 0; i < n; i++) {
                fields[i] = new long[3];
                ids[i] = h.obj(node, 0, 0, 0);
            }
            for (int i = 0; i < n; i++) {
                for (int f = 0; f < 3; f++) {
                    fields[i][f] = r.nextInt(3) == 0 ? ids[r.nextInt(n)] : 0;
                    h.set(ids[i], f, fields[i][f]);
                }
            }
            int threadCount = 1 + r.nextInt(3);
            long[] threadIds = new long[threadCount];
            int[] frames = new int[threadCount];
            List<Set<Long>> threadLocals = new ArrayList<>();
            for (int t = 0; t < threadCount; t++) {
                threadIds[t] = h.obj(worker, r.nextBoolean() ? ids[r.nextInt(n)] : 0);
                frames[t] = 1 + r.nextInt(4);
                h.thread(threadIds[t], 2 + t, frames[t]);
                threadLocals.add(new LinkedHashSet<>());
            }
            Set<Long> roots = new LinkedHashSet<>(); // the roots reachability starts from, by the rule
            for (long t : threadIds) {
                roots.add(t);
            }
            for (int k = r.nextInt(2 * n + 1); k > 0; k--) {
                long o = ids[r.nextInt(n)];
                int t = r.nextInt(threadCount + 1); // threadCount: a serial no thread object names
                int tag = r.nextBoolean() ? SyntheticHeap.ROOT_JAVA_FRAME : SyntheticHeap.ROOT_JNI_LOCAL;
                if (t == threadCount) {
                    h.local(tag, o, 99, 0);
                    roots.add(o);
                } else {
                    h.local(tag, o, 2 + t, r.nextInt(frames[t] + 1)); // frame == frames[t]: past the stack
                    threadLocals.get(t).add(o);
                }
            }
            for (int k = r.nextInt(3); k > 0; k--) {
                long o = ids[r.nextInt(n)];
                h.root(SyntheticHeap.ROOT_UNKNOWN, o); // also a root of its own
                roots.add(o);
            }
            for (long c : new long[] {h.javaLangObject, h.javaLangClass, h.objectArray, node, worker}) {
                if (r.nextBoolean()) {
                    h.root(SyntheticHeap.ROOT_STICKY_CLASS, c);
                    roots.add(c);
                }
            }
            Path dump = dir.resolve("h.hprof");
            h.write(dump);
            try (HeapGraph g = Hprof.open(dump); DominatorTree tree = DominatorTree.of(g)) {
                int v = g.objectCount();
                List<List<Integer>> refs = new ArrayList<>(); // references without class edges: what paths follow
                for (int o = 0; o < v; o++) {
                    List<Integer> out = new ArrayList<>();
                    for (Reference ref : g.references(o)) {
                        if (ref.kind() != Reference.Kind.LOCAL) {
                            out.add(ref.to());
                        }
                    }
                    refs.add(out);
                }
                for (int t = 0; t < threadCount; t++) {
                    for (long local : threadLocals.get(t)) {
                        refs.get(g.indexOf(threadIds[t])).add(g.indexOf(local));
                    }
                }
                List<List<Integer>> edges = new ArrayList<>(); // and with MAT's edge to the class object
                for (int o = 0; o < v; o++) {
                    List<Integer> out = new ArrayList<>(refs.get(o));
                    out.add(g.heapClass(g.classOf(o)).objectIndex());
                    edges.add(out);
                }
                int[] start = roots.stream().mapToInt(g::indexOf).toArray();
                boolean[] reachable = reach(edges, start, -1);
                for (int o = 0; o < v; o++) {
                    assertThat(g.isReachabilityRoot(o)).as("root %d", o)
                            .isEqualTo(roots.contains(g.id(o)));
                    assertThat(tree.isReachable(o)).as("reachable %d", o).isEqualTo(reachable[o]);
                }
                List<Set<Integer>> dominated = new ArrayList<>(); // per d: what it dominates, itself included
                for (int d = 0; d < v; d++) {
                    Set<Integer> s = new HashSet<>();
                    if (reachable[d]) {
                        boolean[] without = reach(edges, start, d);
                        for (int o = 0; o < v; o++) {
                            if (reachable[o] && !without[o]) {
                                s.add(o);
                            }
                        }
                    }
                    dominated.add(s);
                }
                for (int o = 0; o < v; o++) {
                    if (!reachable[o]) {
                        continue;
                    }
                    long retained = 0;
                    for (int x : dominated.get(o)) {
                        retained += g.shallowSize(x);
                    }
                    assertThat(tree.retainedSize(o)).as("retained %d", o).isEqualTo(retained);
                    int idom = DominatorTree.ROOT; // the closest strict dominator: the one dominating the fewest
                    for (int d = 0; d < v; d++) {
                        if (d != o && dominated.get(d).contains(o)
                                && (idom == DominatorTree.ROOT || dominated.get(d).size() < dominated.get(idom).size())) {
                            idom = d;
                        }
                    }
                    assertThat(tree.immediateDominator(o)).as("idom %d", o).isEqualTo(idom);
                }
                // Paths start at a root reachability starts from; a thread's local is reached through its thread.
                int[] distance = distances(refs, start);
                for (int o = 0; o < v; o++) {
                    Optional<GcPath> p = PathFinder.shortestPath(g, o, ReferenceFilter.defaults());
                    if (distance[o] < 0) {
                        continue; // none over references (a path over <class> edges may exist)
                    }
                    assertThat(p).as("path to %d", o).isPresent();
                    assertThat(p.get().steps()).hasSize(distance[o] + 1);
                    assertThat(roots).contains(g.id(p.get().root().object()));
                }
                // A frame's figure: what the thread dominates through it, within what the thread retains.
                for (ThreadRetention tr : ThreadRetention.of(tree)) {
                    assertThat(tr.locals()).isLessThanOrEqualTo(tr.retainedSize());
                    long expected = 0;
                    for (int x : dominated.get(tr.thread().objectIndex())) {
                        if (tree.immediateDominator(x) == tr.thread().objectIndex()
                                && threadLocals.get(tr.thread().serial() - 2).contains(g.id(x))) {
                            expected += tree.retainedSize(x);
                        }
                    }
                    assertThat(tr.locals()).as("locals of thread %d", tr.thread().serial()).isEqualTo(expected);
                }
            }
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** What the roots reach without passing through {@code removed} (-1: none). */
    private static boolean[] reach(List<List<Integer>> edges, int[] roots, int removed) {
        boolean[] seen = new boolean[edges.size()];
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int s : roots) {
            if (s != removed && !seen[s]) {
                seen[s] = true;
                queue.add(s);
            }
        }
        while (!queue.isEmpty()) {
            for (int t : edges.get(queue.poll())) {
                if (t >= 0 && t != removed && !seen[t]) {
                    seen[t] = true;
                    queue.add(t);
                }
            }
        }
        return seen;
    }

    /** References from the nearest root, or -1 where none leads. */
    private static int[] distances(List<List<Integer>> edges, int[] roots) {
        int[] d = new int[edges.size()];
        java.util.Arrays.fill(d, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int s : roots) {
            if (d[s] < 0) {
                d[s] = 0;
                queue.add(s);
            }
        }
        while (!queue.isEmpty()) {
            int x = queue.poll();
            for (int t : edges.get(x)) {
                if (d[t] < 0) {
                    d[t] = d[x] + 1;
                    queue.add(t);
                }
            }
        }
        return d;
    }
}
