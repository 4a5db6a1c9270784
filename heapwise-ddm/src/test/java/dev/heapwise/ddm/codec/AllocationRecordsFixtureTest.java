package dev.heapwise.ddm.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.codec.AllocationRecords.Allocation;
import dev.heapwise.ddm.codec.AllocationRecords.Frame;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ddmlib's real REAL payloads (shared/data/ddm), through the REAL chunk decoder. */
class AllocationRecordsFixtureTest {

    private static AllocationRecords parse(String name) throws IOException {
        String dir = System.getProperty("heapwise.shared.data");
        assumeThat(dir).as("heapwise.shared.data is set").isNotNull();
        Path file = Path.of(dir, "ddm", name);
        assumeThat(Files.exists(file)).as(file + " exists").isTrue();
        byte[] bytes = Files.readAllBytes(file);
        DdmMessage m = MessageCodec.decode(new Chunk(ChunkType.REAL, bytes), Direction.FROM_VM);
        return ((DdmMessage.AllocRecords) m).records();
    }

    @Test
    void empty() throws IOException {
        assertThat(parse("ddmlib_empty.alloc").allocations()).isEmpty();
    }

    @Test
    void oneAllocationWithoutStack() throws IOException {
        assertThat(parse("ddmlib_basic1.alloc").allocations())
                .containsExactly(new Allocation(32, 4, "path.Foo", List.of()));
    }

    @Test
    void oneAllocationWithThreeFrames() throws IOException {
        assertThat(parse("ddmlib_basic2.alloc").allocations()).containsExactly(new Allocation(64, 0, "path.Bar", List.of(
                new Frame("path.Bar", "bar", "Bar.java", -1),
                new Frame("path.Baz", "foo", "Bar.java", 2000),
                new Frame("path.Foo", "baz", "Foo.java", 10))));
    }

    @Test
    void threeAllocations() throws IOException {
        List<Allocation> all = parse("ddmlib_basic3.alloc").allocations();
        assertThat(all).extracting(Allocation::className, Allocation::sizeBytes, Allocation::threadId)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("path.Red", 128, 8),
                        org.assertj.core.groups.Tuple.tuple("path.Blue", 16, 8),
                        org.assertj.core.groups.Tuple.tuple("path.Green", 42, 2));
        assertThat(all.get(0).stack()).isNotEmpty();
        assertThat(all).flatExtracting(Allocation::stack).extracting(Frame::line).contains(-2); // a native frame
    }

    @Test
    void reEncodingKeepsEveryRecord() throws IOException {
        for (String f : List.of("ddmlib_empty.alloc", "ddmlib_basic1.alloc", "ddmlib_basic2.alloc", "ddmlib_basic3.alloc")) {
            AllocationRecords r = parse(f);
            byte[] again = r.encode();
            assertThat(AllocationRecords.parse(again, 0, again.length)).as(f).isEqualTo(r);
        }
    }

    @Test
    void everyTruncationIsRejectedWithAReason() throws IOException {
        String dir = System.getProperty("heapwise.shared.data");
        assumeThat(dir).as("heapwise.shared.data is set").isNotNull();
        Path file = Path.of(dir, "ddm", "ddmlib_basic3.alloc");
        assumeThat(Files.exists(file)).as(file + " exists").isTrue();
        byte[] bytes = Files.readAllBytes(file);
        for (int len = 0; len < bytes.length; len++) {
            int n = len;
            assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> AllocationRecords.parse(bytes, 0, n)))
                    .as("length " + n).isInstanceOf(dev.heapwise.ddm.DdmFormatException.class)
                    .hasMessageContaining("REAL chunk at byte");
        }
    }
}
