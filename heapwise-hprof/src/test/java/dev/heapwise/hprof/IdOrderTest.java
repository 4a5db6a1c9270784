package dev.heapwise.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Objects get indexes in id order however the dump lists them: class objects among instances, and
 * instances in runs of separate address ranges (the index builder then places them without
 * writing an order), runs that overlap, and ids that repeat, where the first record is kept and a
 * warning says how many were dropped.
 */
class IdOrderTest {
    private static final long CLASS_NAME = 1;
    private static final long FIELD_NAME = 2;

    @TempDir
    Path dir;

    @Test
    void classObjectsAmongAscendingInstancesTakeTheirPlaceInIdOrder() throws IOException {
        long[] classes = {0x0F8, 0x124, 0x3000};
        long[] instances = {0x100, 0x108, 0x120, 0x128, 0x200};
        try (HeapGraph g = Hprof.open(dump("among.hprof", classes, instances))) {
            assertThat(ids(g)).containsExactly(0x0F8L, 0x100L, 0x108L, 0x120L, 0x124L, 0x128L, 0x200L, 0x3000L);
            assertThat(g.kind(0)).isEqualTo(ObjectKind.CLASS);
            assertThat(g.kind(4)).isEqualTo(ObjectKind.CLASS);
            assertThat(g.kind(7)).isEqualTo(ObjectKind.CLASS);
            assertThat(g.kind(5)).isEqualTo(ObjectKind.INSTANCE);
            assertThat(g.heapClass(g.classIndexOfClassObject(4)).name()).isEqualTo("C1");
            for (int k : new int[] {1, 2, 3, 5, 6}) {
                assertThat(g.field(k, "value").raw()).as("the record read for object %d", k).isEqualTo(g.id(k));
            }
            assertThat(g.info().warnings()).noneMatch(w -> w.contains("more than once"));
        }
    }

    @Test
    void runsOfSeparateAddressRangesAreTakenInIdOrder() throws IOException {
        long[] classes = {0x0F8, 0x104, 0x304, 0x400};
        long[] instances = {0x300, 0x308, 0x310, 0x200, 0x100, 0x108};
        try (HeapGraph g = Hprof.open(dump("ranges.hprof", classes, instances))) {
            assertThat(ids(g)).containsExactly(0x0F8L, 0x100L, 0x104L, 0x108L, 0x200L, 0x300L, 0x304L, 0x308L, 0x310L,
                    0x400L);
            assertThat(g.heapClass(g.classIndexOfClassObject(6)).name()).isEqualTo("C2");
            for (int k : new int[] {1, 3, 4, 5, 7, 8}) {
                assertThat(g.field(k, "value").raw()).as("the record read for object %d", k).isEqualTo(g.id(k));
            }
        }
    }

    @Test
    void runsThatOverlapAreMerged() throws IOException {
        long[] classes = {0x0F8, 0x10C};
        long[] instances = {0x100, 0x110, 0x120, 0x108, 0x118};
        try (HeapGraph g = Hprof.open(dump("overlap.hprof", classes, instances))) {
            assertThat(ids(g)).containsExactly(0x0F8L, 0x100L, 0x108L, 0x10CL, 0x110L, 0x118L, 0x120L);
            for (int k : new int[] {1, 2, 4, 5, 6}) {
                assertThat(g.field(k, "value").raw()).as("the record read for object %d", k).isEqualTo(g.id(k));
            }
        }
    }

    @Test
    void aClassObjectWithAnInstancesIdIsCountedOnce() throws IOException {
        long[] classes = {0x0F8, 0x108};
        long[] instances = {0x100, 0x108, 0x110};
        try (HeapGraph g = Hprof.open(dump("clash.hprof", classes, instances))) {
            assertThat(ids(g)).containsExactly(0x0F8L, 0x100L, 0x108L, 0x110L);
            assertThat(g.info().warnings()).contains("1 object ids appear more than once; the first record of each is kept");
        }
    }

    @Test
    void anInstanceListedTwiceIsCountedOnce() throws IOException {
        long[] classes = {0x0F8};
        long[] instances = {0x100, 0x108, 0x108, 0x110};
        try (HeapGraph g = Hprof.open(dump("twice.hprof", classes, instances))) {
            assertThat(ids(g)).containsExactly(0x0F8L, 0x100L, 0x108L, 0x110L);
            assertThat(g.info().warnings()).contains("1 object ids appear more than once; the first record of each is kept");
        }
    }

    private static List<Long> ids(HeapGraph g) {
        List<Long> ids = new ArrayList<>();
        for (int k = 0; k < g.objectCount(); k++) {
            ids.add(g.id(k));
        }
        return ids;
    }

    /** Classes C0, C1, … (one int field each), then instances of C0 in the order given. */
    private Path dump(String name, long[] classIds, long[] instanceIds) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (HprofWriter w = new HprofWriter(out, "JAVA PROFILE 1.0.2", 4, 0, 1 << 16)) {
            w.string(FIELD_NAME, "value");
            for (int c = 0; c < classIds.length; c++) {
                w.string(CLASS_NAME + 16 + c, "C" + c);
                w.loadClass(c + 1, classIds[c], 0, CLASS_NAME + 16 + c);
            }
            List<FieldDef> fields = List.of(new FieldDef("value", FieldType.INT));
            for (long id : classIds) {
                w.classDump(id, 0, 0, 4, List.of(), new long[0], fields, new long[] {FIELD_NAME});
            }
            for (long id : instanceIds) {
                w.instance(id, classIds[0], w.values(List.of(FieldType.INT), new long[] {(int) id}));
            }
            w.endHeapDump();
        }
        Path file = dir.resolve(name);
        Files.write(file, out.toByteArray());
        return file;
    }
}
