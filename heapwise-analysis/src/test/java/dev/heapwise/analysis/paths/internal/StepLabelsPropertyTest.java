package dev.heapwise.analysis.paths.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.analysis.paths.ReferenceFilter;
import dev.heapwise.analysis.paths.RootIndex;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.Reference;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The remembering labeller names every reference as a fresh scan of the parent would: on random
 * heaps with arrays holding repeated targets and nulls, and requests in random order (so parents
 * leave and re-enter the cache). Half the tries use tiny thresholds, so that objects are searched
 * through the sorted index rather than scanned, and most arrays are too big to keep and are read
 * through in chunks of a few elements.
 */
class StepLabelsPropertyTest {

    @Property(tries = 25)
    void namesEveryReferenceAsAScanDoes(@ForAll long seed) throws Exception {
        Path dir = Files.createTempDirectory("heapwise-labels");
        try {
            Random r = new Random(seed);
            SyntheticHeap h = new SyntheticHeap();
            long cls = h.cls("t.N", "x", "y");
            int n = 20 + r.nextInt(40);
            long[] ids = new long[n];
            for (int i = 0; i < n; i++) {
                ids[i] = h.obj(cls, 0, 0);
            }
            for (int a = 0, arrays = 1 + r.nextInt(3); a < arrays; a++) {
                long[] elements = new long[r.nextInt(300)];
                for (int i = 0; i < elements.length; i++) {
                    elements[i] = r.nextInt(5) == 0 ? 0 : ids[r.nextInt(1 + r.nextInt(n))];
                }
                h.root(SyntheticHeap.ROOT_UNKNOWN, h.objectArray(elements));
            }
            Path dump = dir.resolve("h.hprof");
            h.write(dump);
            try (HeapGraph g = Hprof.open(dump)) {
                EdgeFilter edges = new EdgeFilter(g, ReferenceFilter.defaults());
                StepLabels labels = r.nextBoolean() ? new StepLabels(g, edges, new RootIndex(g))
                        : new StepLabels(g, edges, new RootIndex(g), 1, 40, 1 + r.nextInt(7));
                for (int k = 0; k < 2000; k++) {
                    int from = r.nextInt(g.objectCount());
                    int to = r.nextInt(g.objectCount());
                    List<Reference> refs = g.references(from);
                    if (!refs.isEmpty() && r.nextBoolean()) {
                        to = refs.get(r.nextInt(refs.size())).to();
                    }
                    assertThat(labels.reference(from, to)).isEqualTo(freshScan(g, from, to, edges));
                }
            }
        } finally {
            deleteTree(dir);
        }
    }

    /** A parent used once is answered from the dump and not kept; used again, it is kept. */
    @Example
    void keepsAParentFromItsSecondUse() throws Exception {
        Path dir = Files.createTempDirectory("heapwise-labels");
        try {
            SyntheticHeap h = new SyntheticHeap();
            long cls = h.cls("t.N", "x", "y");
            long leaf = h.obj(cls, 0, 0);
            long node = h.obj(cls, leaf, 0);
            long array = h.objectArray(new long[] {0, node, leaf});
            h.root(SyntheticHeap.ROOT_UNKNOWN, array);
            Path dump = dir.resolve("h.hprof");
            h.write(dump);
            try (HeapGraph g = Hprof.open(dump)) {
                EdgeFilter edges = new EdgeFilter(g, ReferenceFilter.defaults());
                StepLabels labels = new StepLabels(g, edges, new RootIndex(g));
                int[] parents = {g.indexOf(array), g.indexOf(node)};
                int[] targets = {g.indexOf(node), g.indexOf(leaf)};
                for (int use = 1; use <= 3; use++) {
                    for (int i = 0; i < parents.length; i++) {
                        assertThat(labels.reference(parents[i], targets[i]))
                                .isEqualTo(freshScan(g, parents[i], targets[i], edges));
                    }
                    assertThat(labels.keptParents()).as("after use %d", use).isEqualTo(use == 1 ? 0 : 2);
                }
            }
        } finally {
            deleteTree(dir);
        }
    }

    private static void deleteTree(Path dir) throws java.io.IOException {
        try (var s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }

    /** The oracle: the first allowed reference among all of {@code from}'s, read afresh. */
    private static Reference freshScan(HeapGraph g, int from, int to, EdgeFilter edges) {
        List<Reference> refs = g.references(from);
        for (int k = 0; k < refs.size(); k++) {
            if (refs.get(k).to() == to && !edges.excluded(from, k)) {
                return refs.get(k);
            }
        }
        return null;
    }
}
