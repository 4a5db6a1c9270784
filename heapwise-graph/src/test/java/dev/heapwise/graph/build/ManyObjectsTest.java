package dev.heapwise.graph.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.io.ContentLocation;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A graph big enough for the index build to split its work: the inbound columns are written in
 * several target ranges (65,536 objects each, prepared side by side and written in order), and the
 * size column in two halves (each with objects too big for its one byte). Referrers are checked
 * against a count of every object's references, sizes against the size model.
 */
class ManyObjectsTest {
    private static final int OBJECTS = 300_000;

    @Test
    void referrersAndSizesOfEveryObject(@TempDir Path dir) throws Exception {
        GraphBuilder b = FakeDumps.builder(dir, "many.heap");
        long nodeClass = 0x100;
        List<FieldType> types = List.of(FieldType.OBJECT, FieldType.OBJECT);
        b.addClass(new ClassDef(nodeClass, "Node", 0, 0, 0, 0, 8,
                List.of(new FieldDef("a", FieldType.OBJECT), new FieldDef("b", FieldType.OBJECT)), List.of(), null), 0);
        Random r = new Random(7);
        int[][] targets = new int[OBJECTS][2];
        int[] inDegree = new int[OBJECTS];
        try (ContentWriter w = new ContentWriter(b.contentCopyTarget(), 4)) {
            for (int i = 0; i < OBJECTS; i++) {
                long[] values = new long[2];
                for (int f = 0; f < 2; f++) {
                    // Mostly near, sometimes anywhere (another range), sometimes null.
                    int t = r.nextInt(10) == 0 ? -1
                            : r.nextInt(3) == 0 ? r.nextInt(OBJECTS) : Math.floorMod(i + r.nextInt(64) - 32, OBJECTS);
                    targets[i][f] = t;
                    values[f] = t < 0 ? 0 : id(t);
                }
                if (i % 1000 == 999) {
                    // A long[] of 300 or more elements: 2,416 bytes and up, past the size byte's 254 units.
                    int length = 300 + i % 7;
                    long pos = w.primitiveArray(id(i), FieldType.LONG, length, new byte[8 * length]);
                    b.addPrimitiveArray(id(i), pos, FieldType.LONG, length);
                    targets[i][0] = targets[i][1] = -1;
                    continue;
                }
                for (int t : targets[i]) {
                    if (t >= 0) {
                        inDegree[t]++;
                    }
                }
                long pos = w.instance(id(i), nodeClass, w.encode(types, values));
                b.addInstance(id(i), pos, nodeClass);
            }
            b.synthesizeRoots();
            b.setContent(ContentLocation.copy(w.size()));
        }
        int[] start = new int[OBJECTS + 1];
        for (int i = 0; i < OBJECTS; i++) {
            start[i + 1] = start[i] + inDegree[i];
        }
        int[] fill = start.clone();
        int[] sources = new int[start[OBJECTS]];
        for (int i = 0; i < OBJECTS; i++) { // ascending sources, as the index lists them
            for (int t : targets[i]) {
                if (t >= 0) {
                    sources[fill[t]++] = i;
                }
            }
        }
        try (HeapGraph g = b.build(t -> new FakeDumps.Sizes())) {
            RefCursor in = g.inRefs();
            int checked = 0;
            for (int i = 0; i < OBJECTS; i++) {
                int o = g.indexOf(id(i));
                in.reset(o);
                assertThat(in.count()).as("referrers of object %d", i).isEqualTo(inDegree[i]);
                for (int k = start[i]; k < start[i + 1]; k++) {
                    assertThat(in.next()).as("referrer %d of object %d", k - start[i], i)
                            .isEqualTo(g.indexOf(id(sources[k])));
                }
                assertThat(in.next()).isEqualTo(-1);
                checked += inDegree[i];
            }
            assertThat(checked).isGreaterThan(OBJECTS); // the graph really has references in every range
            long total = 0;
            for (int i = 0; i < OBJECTS; i++) {
                long expected = i % 1000 == 999 ? 16 + 8L * (300 + i % 7) : 16;
                assertThat(g.shallowSize(g.indexOf(id(i)))).as("size of object %d", i).isEqualTo(expected);
                total += expected;
            }
            assertThat(g.info().totalShallowSize()).isGreaterThanOrEqualTo(total);
            long all = 0; // the class objects too, summed from both halves
            for (int k = 0; k < g.objectCount(); k++) {
                all += g.shallowSize(k);
            }
            assertThat(g.info().totalShallowSize()).isEqualTo(all);
        }
    }

    private static long id(int i) {
        return 0x10000L + 16L * i;
    }
}
