package dev.heapwise.analysis.paths;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.analysis.paths.internal.BackwardSearch;
import dev.heapwise.analysis.paths.internal.EdgeFilter;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * On random written heaps, path lengths equal breadth-first distances computed naively, and the tree
 * merged from the search equals the one merged from the materialised paths.
 */
class PathSearchPropertyTest {

    @Property(tries = 40)
    void shortestPathsHaveTheBreadthFirstLength(@ForAll long seed) throws Exception {
        Path dir = Files.createTempDirectory("heapwise-paths");
        try {
            Random r = new Random(seed);
            SyntheticHeap h = new SyntheticHeap();
            long cls = h.cls("t.N", "x", "y");
            int n = 1 + r.nextInt(60);
            long[] ids = new long[n];
            for (int i = 0; i < n; i++) {
                ids[i] = 0x1000L + 16L * (i + 0); // SyntheticHeap numbers objects in order from 0x1000
            }
            for (int i = 0; i < n; i++) {
                long x = r.nextInt(3) == 0 ? 0 : ids[r.nextInt(n)];
                long y = r.nextInt(2) == 0 ? 0 : ids[r.nextInt(n)];
                h.obj(cls, x, y);
            }
            for (int k = 0, roots = 1 + r.nextInt(3); k < roots; k++) {
                h.root(SyntheticHeap.ROOT_UNKNOWN, ids[r.nextInt(n)]);
            }
            Path dump = dir.resolve("h.hprof");
            h.write(dump);
            try (HeapGraph g = Hprof.open(dump)) {
                int[] dist = distances(g, false);
                // One object at a time is searched again with <class> edges when references do not reach it.
                int[] withClass = distances(g, true);
                int[] oneDist = new int[dist.length];
                for (int o = 0; o < dist.length; o++) {
                    oneDist[o] = dist[o] >= 0 ? dist[o] : withClass[o];
                }
                List<Integer> all = new ArrayList<>();
                for (int o = 0; o < g.objectCount(); o++) {
                    all.add(o);
                }
                Map<Integer, GcPath> paths = PathFinder.shortestPaths(g, all, ReferenceFilter.defaults(), ProgressListener.NONE);
                // The tree merged from the search's parents equals the one merged from the paths.
                int[] some = all.stream().filter(o -> r.nextInt(3) > 0).mapToInt(Integer::intValue).toArray();
                Map<Integer, GcPath> somePaths = PathFinder.shortestPaths(g, java.util.Arrays.stream(some).boxed().toList(),
                        ReferenceFilter.defaults(), ProgressListener.NONE);
                // From the roots (forced: no target searched backwards), then backwards from each target.
                MergedPaths.Result merged = PathFinder.mergedPaths(g, some, ReferenceFilter.defaults(), Integer.MAX_VALUE,
                        Integer.MAX_VALUE, Integer.MAX_VALUE, ProgressListener.NONE, 0, 0);
                List<MergedPaths.Node> full = MergedPaths.merge(somePaths.values());
                assertThat(merged.tree().nodes()).isEqualTo(full);
                int depth = r.nextInt(4);
                assertCutAt(depth, full, PathFinder.mergedPaths(g, some, ReferenceFilter.defaults(), Integer.MAX_VALUE,
                        depth, 0, ProgressListener.NONE, 0, 0).tree());
                assertThat(merged.paths()).containsExactlyElementsOf(somePaths.values());
                assertThat(merged.reached()).isEqualTo(somePaths.size());
                // Backwards, equally short paths may be others: each is a shortest path of the same target,
                // and the tree is the one merged from them. With a small budget, some targets are left to
                // the search from the roots (those found unreachable are not looked for there).
                for (long budget : new long[] {Long.MAX_VALUE, 1 + r.nextInt(3 * n)}) {
                    MergedPaths.Result backwards = PathFinder.mergedPaths(g, some, ReferenceFilter.defaults(),
                            Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE, ProgressListener.NONE,
                            Integer.MAX_VALUE, budget);
                    assertThat(backwards.reached()).isEqualTo(somePaths.size());
                    assertThat(backwards.paths()).extracting(q -> q.target().object())
                            .containsExactlyElementsOf(somePaths.keySet());
                    for (GcPath q : backwards.paths()) {
                        assertThat(q.steps()).hasSize(dist[q.target().object()] + 1);
                        assertThat(g.isRoot(q.root().object())).isTrue();
                        for (int i = 1; i < q.steps().size(); i++) {
                            assertThat(successors(g, q.steps().get(i - 1).object()))
                                    .contains(q.steps().get(i).object());
                        }
                    }
                    List<MergedPaths.Node> fullBack = MergedPaths.merge(backwards.paths());
                    assertThat(backwards.tree().nodes()).isEqualTo(fullBack);
                    assertCutAt(depth, fullBack, PathFinder.mergedPaths(g, some, ReferenceFilter.defaults(),
                            Integer.MAX_VALUE, depth, 0, ProgressListener.NONE, Integer.MAX_VALUE, budget).tree());
                }
                BackwardSearch backward = new BackwardSearch(g, new EdgeFilter(g, ReferenceFilter.defaults()),
                        new RootIndex(g));
                // A few targets at once: each searched backwards; the same paths' lengths as one by one.
                Map<Integer, GcPath> few = PathFinder.shortestPathsOfFew(g,
                        java.util.Arrays.stream(some).limit(5).boxed().toList(), ReferenceFilter.defaults(),
                        ProgressListener.NONE);
                for (Map.Entry<Integer, GcPath> e : few.entrySet()) {
                    assertThat(e.getValue().steps()).hasSize(oneDist[e.getKey()] + 1);
                }
                assertThat(few.keySet()).containsExactlyElementsOf(java.util.Arrays.stream(some).limit(5)
                        .filter(o -> oneDist[o] >= 0).boxed().toList());
                for (int o = 0; o < g.objectCount(); o++) {
                    GcPath p = paths.get(o);
                    // One object at a time, searched backwards (within a random budget, else not at all),
                    // the search object reused from target to target.
                    BackwardSearch.Outcome back = backward.run(o, 1 + r.nextInt(2 * n));
                    Optional<GcPath> single = PathFinder.shortestPath(g, o, ReferenceFilter.defaults());
                    if (dist[o] < 0) {
                        assertThat(p).isNull();
                        assertThat(back.path()).isEmpty();
                        if (withClass[o] < 0) {
                            assertThat(single).isEmpty();
                        } else { // reached only through an object's <class> edge
                            GcPath q = single.orElseThrow();
                            assertThat(q.steps()).hasSize(withClass[o] + 1);
                            assertThat(q.target().object()).isEqualTo(o);
                            assertThat(g.isRoot(q.root().object())).isTrue();
                            for (int i = 1; i < q.steps().size(); i++) {
                                int from = q.steps().get(i - 1).object();
                                assertThat(successorsWithClass(g, from)).contains(q.steps().get(i).object());
                                assertThat(q.steps().get(i).reference()).isNotNull();
                            }
                            assertThat(q.steps().stream().map(GcPath.Step::reference)).contains("<class>");
                        }
                    } else {
                        for (GcPath q : List.of(p, single.orElseThrow())) {
                            assertThat(q.steps()).hasSize(dist[o] + 1);
                            assertThat(q.target().object()).isEqualTo(o);
                            assertThat(g.isRoot(q.root().object())).isTrue();
                            for (int i = 1; i < q.steps().size(); i++) {
                                assertThat(successors(g, q.steps().get(i - 1).object()))
                                        .contains(q.steps().get(i).object());
                                assertThat(q.steps().get(i).reference()).isNotNull();
                            }
                        }
                        if (!back.gaveUp()) {
                            assertThat(back.path()).hasSize(dist[o] + 1);
                        }
                    }
                }
            }
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private static List<Integer> successors(HeapGraph g, int v) {
        List<Integer> out = new ArrayList<>();
        RefCursor c = g.outRefs();
        c.reset(v);
        for (int t; (t = c.next()) >= 0; ) {
            out.add(t);
        }
        return out;
    }

    private static List<Integer> successorsWithClass(HeapGraph g, int v) {
        List<Integer> out = successors(g, v);
        int c = g.heapClass(g.classOf(v)).objectIndex();
        if (c >= 0) {
            out.add(c);
        }
        return out;
    }

    /** Breadth-first distances from the roots over references, and with {@code classEdges} each object's class edge too. */
    static int[] distances(HeapGraph g, boolean classEdges) {
        int[] d = new int[g.objectCount()];
        Arrays.fill(d, -1);
        ArrayDeque<Integer> q = new ArrayDeque<>();
        for (GcRoot r : g.roots()) {
            if (d[r.object()] < 0) {
                d[r.object()] = 0;
                q.add(r.object());
            }
        }
        RefCursor c = g.outRefs();
        while (!q.isEmpty()) {
            int v = q.poll();
            for (int t : classEdges ? successorsWithClass(g, v) : successors(g, v)) {
                if (d[t] < 0) {
                    d[t] = d[v] + 1;
                    q.add(t);
                }
            }
        }
        return d;
    }

    /** A merged tree cut below {@code depth} levels, as the search's tree shows it. */
    /** Shown to a depth: the same tree cut there, each cut node counting what is below it. */
    private static void assertCutAt(int depth, List<MergedPaths.Node> full, MergedPaths.Level shallow) {
        assertThat(shallow.nodes()).isEqualTo(depth == 0 ? List.of() : cut(full, depth));
        if (depth == 0) {
            assertThat(shallow.otherBranches()).isEqualTo(full.size());
            assertThat(shallow.otherTargets()).isEqualTo(full.stream().mapToLong(MergedPaths.Node::targets).sum());
        }
    }

    static List<MergedPaths.Node> cut(List<MergedPaths.Node> nodes, int depth) {
        List<MergedPaths.Node> out = new ArrayList<>();
        for (MergedPaths.Node n : nodes) {
            if (depth <= 1) {
                long below = n.children().stream().mapToLong(MergedPaths.Node::targets).sum();
                out.add(new MergedPaths.Node(n.step(), n.targets(), List.of(), n.children().size(), below));
            } else {
                out.add(new MergedPaths.Node(n.step(), n.targets(), cut(n.children(), depth - 1), 0, 0));
            }
        }
        return out;
    }
}
