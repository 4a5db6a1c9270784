package dev.heapwise.analysis.paths;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.fixture.Heaps;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Paths to GC roots in the planted dump, where the shortest strong and weak paths are known. */
class PathFinderTest {
    static final String P = "dev.heapwise.analysis.fixture.PlantedProgram$";
    @TempDir
    static Path dir;
    static HeapGraph g;

    @BeforeAll
    static void open() throws Exception {
        g = Hprof.open(PlantedDump.copyTo(dir));
    }

    @AfterAll
    static void close() {
        g.close();
    }

    static List<String> refs(GcPath p) {
        return p.steps().stream().skip(1).map(GcPath.Step::reference).toList();
    }

    @Test
    void pathEndsWithTheFieldsThatLeadToTheTarget() {
        int a = Heaps.staticTarget(g, P + "Planted", "root");
        int c = Heaps.fieldTarget(g, a, "b");
        int f1 = Heaps.fieldTarget(g, c, "a");
        int f2 = Heaps.fieldTarget(g, f1, "a");
        GcPath p = PathFinder.shortestPath(g, f2, ReferenceFilter.defaults()).orElseThrow();
        int n = p.steps().size();
        assertThat(p.target().object()).isEqualTo(f2);
        // ... → class Planted → A (static root) → C (field b) → F1 (a) → F2 (a)
        assertThat(p.steps().get(n - 5).className()).isEqualTo(P + "Planted");
        assertThat(p.steps().get(n - 5).kind()).isEqualTo("class");
        assertThat(refs(p).subList(n - 5, n - 1)).containsExactly("root", "b", "a", "a");
        assertThat(p.steps().get(n - 4).staticField()).isTrue();
        assertThat(p.root().rootKind()).isNotNull();
        assertThat(p.root().reference()).isNull();
        // Every step is a real reference of the step before.
        for (int i = 1; i < n; i++) {
            int from = p.steps().get(i - 1).object();
            int to = p.steps().get(i).object();
            assertThat(g.references(from)).anySatisfy(r -> assertThat(r.to()).isEqualTo(to));
        }
    }

    @Test
    void weakReferentsAreLeftOutUnlessIncluded() {
        int weakRef = Heaps.staticTarget(g, P + "Planted", "weak");
        int target = Heaps.fieldTarget(g, weakRef, "referent");
        GcPath strong = PathFinder.shortestPath(g, target, ReferenceFilter.defaults()).orElseThrow();
        int n = strong.steps().size();
        // class Planted -onlyWeak-> Node -a-> Holder -held-> Holder -held-> target
        assertThat(refs(strong).subList(n - 5, n - 1)).containsExactly("onlyWeak", "a", "held", "held");
        GcPath weak = PathFinder.shortestPath(g, target,
                ReferenceFilter.defaults().including(EnumSet.of(ReferentKind.WEAK))).orElseThrow();
        int m = weak.steps().size();
        assertThat(refs(weak).subList(m - 3, m - 1)).containsExactly("weak", "referent");
        assertThat(m).isLessThan(n);
        // Excluding Holder.held as well leaves no strong path at all.
        var noHeld = ReferenceFilter.defaults().excluding(List.of(ReferenceFilter.parseField(P + "Holder:held")));
        assertThat(PathFinder.shortestPath(g, target, noHeld)).isEmpty();
        // A static field can be excluded too: then the path avoids Planted.onlyWeak.
        var noStatic = ReferenceFilter.defaults().excluding(List.of(ReferenceFilter.parseField(P + "Planted:onlyWeak")));
        assertThat(PathFinder.shortestPath(g, target, noStatic)).isEmpty();
    }

    @Test
    void allInstancesOfAClassInOneSearch() {
        int nodeClass = Heaps.onlyClass(g, P + "Node").index();
        List<Integer> nodes = java.util.Arrays.stream(PathFinder.instancesOf(g, List.of(nodeClass))).boxed().toList();
        Map<Integer, GcPath> paths = PathFinder.shortestPaths(g, nodes, ReferenceFilter.defaults(), ProgressListener.NONE);
        assertThat(paths).hasSize(nodes.size());
        List<MergedPaths.Node> merged = MergedPaths.merge(paths.values());
        int total = merged.stream().mapToInt(MergedPaths.Node::targets).sum();
        assertThat(total).isEqualTo(nodes.size());
        // Somewhere the Planted class object holds A, which leads to 6 of the Nodes (A..D, F1, F2).
        int a = Heaps.staticTarget(g, P + "Planted", "root");
        assertThat(find(merged, a).targets()).isEqualTo(6);
        // Merged from the search's parents, without the paths: the same tree, and the same first paths.
        MergedPaths.Result r = PathFinder.mergedPaths(g, PathFinder.instancesOf(g, List.of(nodeClass)),
                ReferenceFilter.defaults(), Integer.MAX_VALUE, Integer.MAX_VALUE, 2, ProgressListener.NONE);
        assertThat(r.tree().nodes()).isEqualTo(merged);
        assertThat(r.reached()).isEqualTo(r.targets()).isEqualTo(nodes.size());
        assertThat(r.paths()).containsExactlyElementsOf(paths.values().stream().limit(2).toList());
        // With one branch per node, the rest is counted.
        MergedPaths.Level one = PathFinder.mergedPaths(g, PathFinder.instancesOf(g, List.of(nodeClass)),
                ReferenceFilter.defaults(), 1, Integer.MAX_VALUE, 0, ProgressListener.NONE).tree();
        assertThat(one.nodes()).hasSize(Math.min(1, merged.size()));
        assertThat(one.otherBranches()).isEqualTo(merged.size() - one.nodes().size());
        assertThat(one.nodes().getFirst().targets() + one.otherTargets()).isEqualTo(nodes.size());
    }

    @Test
    void badExclusionText() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ReferenceFilter.parseField("nocolon"))
                .hasMessageContaining("not class:field");
    }

    static MergedPaths.Node find(List<MergedPaths.Node> nodes, int object) {
        for (MergedPaths.Node n : nodes) {
            if (n.step().object() == object) {
                return n;
            }
            MergedPaths.Node f = find(n.children(), object);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    @Test
    void rootKindsAreNamed() {
        RootIndex roots = new RootIndex(g);
        assertThat(roots.objects()).isNotEmpty();
        assertThat(roots.primary(roots.objects().getFirst()).kind()).isInstanceOf(RootKind.class);
    }
}
