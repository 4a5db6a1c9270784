package dev.heapwise.analysis.paths;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.analysis.paths.internal.EdgeFilter;
import dev.heapwise.analysis.paths.internal.PathSearch;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The search with a "visit last" policy gives each object the parent that Shark's two-queue search
 * gives it, written here the plain way (Shark 2's PathFinder: sets beside two FIFO queues, a node
 * found while the last queue is served goes last, a node found first takes an entry of the last queue
 * over). Random heaps with thread-object, Java-frame and other roots, random "last" edges and
 * skipped objects.
 */
class PathSearchPriorityPropertyTest {

    @Property(tries = 60)
    void parentsAreThoseOfSharksTwoQueueSearch(@ForAll long seed) throws Exception {
        Path dir = Files.createTempDirectory("heapwise-priority");
        try {
            Random r = new Random(seed);
            SyntheticHeap h = new SyntheticHeap();
            long cls = h.cls("t.N", "x", "y", "z");
            int n = 2 + r.nextInt(50);
            for (int i = 0; i < n; i++) {
                long[] f = new long[3];
                for (int k = 0; k < 3; k++) {
                    f[k] = r.nextInt(3) == 0 ? 0 : 0x1000L + 16L * r.nextInt(n); // objects are numbered from 0x1000
                }
                h.obj(cls, f[0], f[1], f[2]);
            }
            int[] kinds = {SyntheticHeap.ROOT_THREAD_OBJECT, SyntheticHeap.ROOT_JAVA_FRAME, SyntheticHeap.ROOT_UNKNOWN};
            for (int k = 0, roots = 1 + r.nextInt(6); k < roots; k++) {
                h.root(kinds[r.nextInt(kinds.length)], 0x1000L + 16L * r.nextInt(n));
            }
            Path dump = dir.resolve("h.hprof");
            h.write(dump);
            long salt = r.nextLong();
            try (HeapGraph g = Hprof.open(dump)) {
                PathSearch.Policy policy = new PathSearch.Policy() {
                    @Override
                    public List<PathSearch.Start> starts(RootIndex roots) {
                        List<PathSearch.Start> out = new ArrayList<>();
                        for (GcRoot root : g.roots()) { // every record: a later one that is not last takes over
                            boolean last = root.kind() == RootKind.THREAD_OBJECT || root.kind() == RootKind.JAVA_FRAME;
                            out.add(new PathSearch.Start(root.object(), root, last));
                        }
                        return out;
                    }

                    @Override
                    public boolean edgeLast(int from, long ordinal) {
                        return Long.hashCode((from * 31L + ordinal) * 0x9E3779B97F4A7C15L ^ salt) % 5 == 0;
                    }

                    @Override
                    public boolean skip(int object) {
                        return Long.hashCode(object * 0xC2B2AE3D27D4EB4FL ^ salt) % 7 == 0;
                    }
                };
                long[] targets = new long[(g.objectCount() + 63) >>> 6];
                for (int o = 0; o < g.objectCount(); o++) {
                    if (r.nextInt(4) == 0) {
                        targets[o >>> 6] |= 1L << o;
                    }
                }
                RootIndex roots = new RootIndex(g);
                Map<Integer, Integer> expected = sharkParents(g, roots, policy, targets);
                try (PathSearch search = new PathSearch(g, new EdgeFilter(g, ReferenceFilter.defaults()), policy, roots)) {
                    search.run(targets, Integer.MAX_VALUE, ProgressListener.NONE);
                    for (int o = 0; o < g.objectCount(); o++) {
                        int want = expected.getOrDefault(o, -2);
                        assertThat(search.parentOf(o)).as("parent of object %d", o).isEqualTo(want);
                    }
                }
            }
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Parent of each reached object (-1 for a root), by Shark's algorithm with the same policy. */
    private static Map<Integer, Integer> sharkParents(HeapGraph g, RootIndex roots, PathSearch.Policy policy,
            long[] targets) {
        Map<Integer, Integer> parent = new HashMap<>();
        ArrayDeque<int[]> first = new ArrayDeque<>(); // {object, parent}
        ArrayDeque<int[]> last = new ArrayDeque<>();
        Set<Integer> inFirst = new HashSet<>();
        Set<Integer> inLast = new HashSet<>();
        Set<Integer> visited = new HashSet<>();
        for (PathSearch.Start s : policy.starts(roots)) { // as Shark enqueues its root nodes
            int o = s.object();
            if (inFirst.contains(o) || inLast.contains(o) && s.last()) {
                continue;
            }
            if (inLast.contains(o)) {
                last.removeIf(x -> x[0] == o);
                inLast.remove(o);
            }
            (s.last() ? last : first).add(new int[] {o, -1});
            (s.last() ? inLast : inFirst).add(o);
        }
        boolean visitingLast = false;
        RefCursor out = g.outRefs();
        while (!first.isEmpty() || !last.isEmpty()) {
            int[] node;
            if (!visitingLast && !first.isEmpty()) {
                node = first.poll();
                inFirst.remove(node[0]);
            } else {
                visitingLast = true;
                node = last.poll();
                inLast.remove(node[0]);
            }
            if (!visited.add(node[0])) {
                continue;
            }
            int v = node[0];
            parent.put(v, node[1]);
            out.reset(v);
            for (int t; (t = out.next()) >= 0; ) {
                boolean low = policy.edgeLast(v, out.ordinal());
                if (visited.contains(t) || inFirst.contains(t)) {
                    continue;
                }
                boolean visitLast = visitingLast || low;
                if (inLast.contains(t)) {
                    if (!visitLast) { // taken over by a first-queue entry
                        int target = t;
                        last.removeIf(x -> x[0] == target);
                        inLast.remove(t);
                        first.add(new int[] {t, v});
                        inFirst.add(t);
                    }
                    continue;
                }
                if ((targets[t >>> 6] & (1L << t)) == 0 && policy.skip(t)) {
                    continue;
                }
                (visitLast ? last : first).add(new int[] {t, v});
                (visitLast ? inLast : inFirst).add(t);
            }
        }
        return parent;
    }
}
