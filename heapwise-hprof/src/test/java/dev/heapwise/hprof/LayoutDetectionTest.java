package dev.heapwise.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the HotSpot layout is chosen from the distances between object addresses, on dumps whose
 * addresses are made to order: a few objects closer together than the right layout allows, a
 * layout no candidate knows, and ids that are no addresses at all.
 */
class LayoutDetectionTest {
    private static final long FIELD_NAMES = 100;

    @TempDir
    Path dir;

    /** A class of the dump: its fields, all of one type, and where its instances go. */
    private record Shape(String name, FieldType type, int fields) {}

    private static final Shape LONG_AND_REF = new Shape("LongAndRef", FieldType.LONG, 1);
    private static final Shape ONE_INT = new Shape("OneInt", FieldType.INT, 1);
    private static final Shape THREE_REFS = new Shape("ThreeRefs", FieldType.OBJECT, 3);

    @Test
    void aFewObjectsTooCloseForTheRightLayoutDoNotHandTheWinToAWrongOne() throws IOException {
        // Packed as without compressed oops and class pointers (16-byte headers, 8-byte
        // references): OneInt 24 bytes, ThreeRefs 40; two ThreeRefs sit only 32 bytes from the
        // next object (a class the layout tables get wrong). Every layout with 4-byte references
        // fits all objects in their room, but explains few distances.
        List<long[]> objects = new ArrayList<>(); // {class index, distance to the next}
        for (int i = 0; i < 1500; i++) {
            objects.add(new long[] {1, 24});
            objects.add(new long[] {2, i < 2 ? 32 : 40});
        }
        try (HeapGraph g = Hprof.open(dump("few.hprof", objects))) {
            assertThat(g.info().sizeModel())
                    .startsWith("HotSpot, uncompressed oops and class pointers, JDK ")
                    .contains("% of object distances match it exactly); 1 class sizes taken from object addresses");
            assertThat(g.classesNamed("OneInt").getFirst().instanceSize()).isEqualTo(24);
            assertThat(g.classesNamed("ThreeRefs").getFirst().instanceSize())
                    .as("no instance is bigger than the room it has").isEqualTo(32);
            assertThat(g.info().warnings()).noneMatch(w -> w.startsWith("object sizes"));
        }
    }

    @Test
    void aLayoutThatExplainsFewDistancesIsNotTrustedAndTheDistancesGiveTheSizes() throws IOException {
        // 48 bytes apart: no HotSpot layout makes a one-int object that big.
        List<long[]> objects = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            objects.add(new long[] {1, 48});
        }
        try (HeapGraph g = Hprof.open(dump("unknown.hprof", objects))) {
            assertThat(g.info().sizeModel()).startsWith("HotSpot, layout not recognized: the closest, ")
                    .contains("explains only 0.0% of object distances; 1 class sizes taken from object addresses");
            assertThat(g.info().warnings()).anyMatch(w -> w.startsWith(
                    "object sizes: no known HotSpot layout explains the distances between objects"));
            assertThat(g.classesNamed("OneInt").getFirst().instanceSize()).isEqualTo(48);
        }
    }

    @Test
    void idsThatAreNoAddressesGiveTheClosestLayoutsEstimatesAndAWarning() throws IOException {
        // 8 bytes apart: smaller than any object with a field.
        List<long[]> objects = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            objects.add(new long[] {2, 8});
        }
        try (HeapGraph g = Hprof.open(dump("ids.hprof", objects))) {
            assertThat(g.info().sizeModel()).startsWith(
                    "HotSpot, layout not recognized: object ids do not look like the addresses of packed objects");
            assertThat(g.info().warnings()).anyMatch(w -> w.startsWith("object sizes: object ids do not look like"));
            assertThat(g.classesNamed("ThreeRefs").getFirst().instanceSize()).isGreaterThan(8);
        }
    }

    /**
     * A dump with 8-byte ids of classes LongAndRef (index 0: a long and a reference), OneInt (1)
     * and ThreeRefs (2), and instances of them at the given distances from each other.
     */
    private Path dump(String name, List<long[]> objects) throws IOException {
        List<Shape> shapes = List.of(LONG_AND_REF, ONE_INT, THREE_REFS);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (HprofWriter w = new HprofWriter(out, "JAVA PROFILE 1.0.2", 8, 0, 1 << 20)) {
            for (int f = 0; f < 3; f++) {
                w.string(FIELD_NAMES + f, "f" + f);
            }
            List<List<FieldDef>> fields = new ArrayList<>();
            for (int c = 0; c < shapes.size(); c++) {
                Shape s = shapes.get(c);
                List<FieldDef> defs = new ArrayList<>();
                for (int f = 0; f < s.fields(); f++) {
                    defs.add(new FieldDef("f" + f, s.type()));
                }
                if (s == LONG_AND_REF) {
                    defs.add(new FieldDef("f1", FieldType.OBJECT));
                }
                fields.add(defs);
                w.string(1 + c, s.name());
                w.loadClass(c + 1, classId(c), 0, 1 + c);
                long[] names = new long[defs.size()];
                for (int f = 0; f < names.length; f++) {
                    names[f] = FIELD_NAMES + f;
                }
                w.classDump(classId(c), 0, 0, 0, List.of(), new long[0], defs, names);
            }
            long at = 0x7_0000_0000L;
            for (long[] o : objects) {
                int c = (int) o[0];
                List<FieldType> types = fields.get(c).stream().map(FieldDef::type).toList();
                w.instance(at, classId(c), w.values(types, new long[types.size()]));
                at += o[1];
            }
            w.endHeapDump();
        }
        Path file = dir.resolve(name);
        Files.write(file, out.toByteArray());
        return file;
    }

    private static long classId(int c) {
        return 0x1000 + 0x100L * c;
    }
}
