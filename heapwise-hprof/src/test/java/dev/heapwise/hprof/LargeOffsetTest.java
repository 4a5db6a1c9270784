package dev.heapwise.hprof;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.ObjectKind;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Offsets and sizes past 2^31 and 2^32: a dump whose middle is three 2.1 GB byte[]s left as holes in a
 * sparse file, so the test costs almost no disk. The object after them sits at a file offset over
 * 4 GiB and the total shallow size does not fit a u4.
 */
class LargeOffsetTest {
    private static final long CLASS_ID = 0x2000;
    private static final long BEFORE_ID = 0x10000;
    private static final long HUGE_ID = 0x10020;
    private static final long AFTER_ID = 0x200000000L;
    private static final long[] HUGE_IDS = {HUGE_ID, 0x10040, 0x10060};
    private static final int HUGE_LENGTH = 2_100_000_000;

    @Test
    void objectsBeyondFourGibibytesReadBack(@TempDir Path dir) throws IOException {
        Path dump = dir.resolve("sparse.hprof");
        long afterOffset = writeSparseDump(dump);
        assertThat(afterOffset).isGreaterThan(1L << 32);

        for (int open = 0; open < 2; open++) { // the second open reads the saved index
            try (HeapGraph g = Hprof.open(dump)) {
                assertThat(g.objectCount()).isEqualTo(6); // class object, before, 3 huge arrays, after
                int huge = g.indexOf(HUGE_ID);
                assertThat(g.kind(huge)).isEqualTo(ObjectKind.PRIMITIVE_ARRAY);
                assertThat(g.arrayLength(huge)).isEqualTo(HUGE_LENGTH);
                assertThat(g.shallowSize(huge)).isGreaterThanOrEqualTo(HUGE_LENGTH);
                assertThat(g.readPrimitiveArray(huge, HUGE_LENGTH - 4L, 4)).containsExactly(0, 0, 0, 0);

                int after = g.indexOf(AFTER_ID);
                assertThat(g.kind(after)).isEqualTo(ObjectKind.INSTANCE);
                assertThat(g.field(after, "value").raw()).isEqualTo(0x0123_4567_89AB_CDEFL);
                assertThat(g.field(after, "ref").raw()).isEqualTo(BEFORE_ID);
                assertThat(g.references(after)).extracting(r -> g.id(r.to())).containsExactly(BEFORE_ID);
                assertThat(g.info().totalShallowSize()).isGreaterThan(3L * HUGE_LENGTH);
            }
        }
    }

    /** Writes the dump and returns the file offset of the last instance record. */
    private static long writeSparseDump(Path dump) throws IOException {
        List<FieldDef> fields = List.of(new FieldDef("value", FieldType.LONG), new FieldDef("ref", FieldType.OBJECT));
        try (OutputStream os = Files.newOutputStream(dump);
                HprofWriter w = new HprofWriter(os, "JAVA PROFILE 1.0.2", 8, 0, 1 << 16)) {
            w.string(1, "pkg.Holder");
            w.string(2, "value");
            w.string(3, "ref");
            w.loadClass(1, CLASS_ID, 0, 1);
            w.root(0xFF, BEFORE_ID);
            w.classDump(CLASS_ID, 0, 0, 16, List.of(), new long[0], fields, new long[] {2, 3});
            w.instance(BEFORE_ID, CLASS_ID, w.values(List.of(FieldType.LONG, FieldType.OBJECT), new long[] {7, 0}));
        } // closing flushes the segment and leaves the heap dump open for the records below
        // Each array gets its own segment (a segment's length is a u4); their contents stay holes.
        long at = Files.size(dump);
        try (FileChannel ch = FileChannel.open(dump, StandardOpenOption.WRITE)) {
            for (long id : HUGE_IDS) {
                ByteBuffer head = ByteBuffer.allocate(9 + 18);
                head.put((byte) 0x1C).putInt(0).putInt(18 + HUGE_LENGTH);
                head.put((byte) 0x23).putLong(id).putInt(0).putInt(HUGE_LENGTH).put((byte) FieldType.BYTE.code());
                ch.write(head.flip(), at);
                at += head.limit() + (long) HUGE_LENGTH;
            }
            ByteBuffer tail = ByteBuffer.allocate(9 + 41 + 9);
            tail.put((byte) 0x1C).putInt(0).putInt(41);
            tail.put((byte) 0x21).putLong(AFTER_ID).putInt(0).putLong(CLASS_ID).putInt(16);
            tail.putLong(0x0123_4567_89AB_CDEFL).putLong(BEFORE_ID);
            tail.put((byte) 0x2C).putInt(0).putInt(0);
            ch.write(tail.flip(), at);
        }
        return at + 9;
    }
}
