package dev.heapwise.graph.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectAttribute;
import dev.heapwise.graph.RootKind;
import dev.heapwise.graph.StaticField;
import dev.heapwise.graph.io.ContentLocation;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A format without root records, with per-object attributes, built through the public builder. */
class SynthesizedRootsAndAttributesTest {

    @Test
    void classStaticsAreRootsAndTheRestIsHeldOutsideTheDump(@TempDir Path dir) throws Exception {
        GraphBuilder b = FakeDumps.builder(dir, "fake.heap");
        long nodeClass = 0x100;
        b.addClass(new ClassDef(nodeClass, "Node", 0, 0, 0, 0, 4, List.of(new FieldDef("next", FieldType.OBJECT)),
                List.of(new StaticField("head", FieldType.OBJECT, 0x1000)), null), 0);
        try (ContentWriter w = new ContentWriter(b.contentCopyTarget(), 4)) {
            // 0x1000 -> 0x1008 (reached from the static); 0x2000 -> 0x2008 (nothing holds 0x2000);
            // 0x3000 <-> 0x3008 (an unreachable cycle)
            long[][] objects = {{0x1000, 0x1008}, {0x1008, 0}, {0x2000, 0x2008}, {0x2008, 0}, {0x3000, 0x3008},
                {0x3008, 0x3000}};
            for (long[] o : objects) {
                long pos = w.instance(o[0], nodeClass, w.encode(List.of(FieldType.OBJECT), new long[] {o[1]}));
                b.addInstance(o[0], pos, nodeClass);
                b.setTextAttribute("thread", o[0] < 0x2000 ? "main" : "worker");
                b.setNumberAttribute("createdAt", o[0] / 8);
            }
            b.synthesizeRoots();
            b.setContent(ContentLocation.copy(w.size()));
        }
        try (HeapGraph g = b.build(t -> new FakeDumps.Sizes())) {
            Map<Long, RootKind> roots = new HashMap<>();
            for (GcRoot r : g.roots()) {
                roots.put(g.id(r.object()), r.kind());
            }
            assertThat(roots).containsOnly(
                    Map.entry(nodeClass, RootKind.CLASS_STATICS),
                    Map.entry(0x2000L, RootKind.HELD_OUTSIDE_DUMP),
                    Map.entry(0x3000L, RootKind.HELD_OUTSIDE_DUMP));
            ObjectAttribute thread = g.attribute("thread");
            ObjectAttribute created = g.attribute("createdAt");
            assertThat(g.attributeNames()).containsExactly("thread", "createdAt");
            assertThat(thread.text(g.indexOf(0x1008))).isEqualTo("main");
            assertThat(thread.text(g.indexOf(0x3008))).isEqualTo("worker");
            assertThat(thread.text(g.indexOf(nodeClass))).isNull();
            assertThat(thread.values()).containsExactly("main", "worker");
            assertThat(created.number(g.indexOf(0x2008), -1)).isEqualTo(0x2008 / 8);
            assertThat(created.number(g.indexOf(nodeClass), -1)).isEqualTo(-1);
            assertThat(g.shallowSize(g.indexOf(0x1000))).isEqualTo(16);
        }
    }
}
