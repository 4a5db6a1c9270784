package dev.heapwise.hprof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.heapwise.graph.DumpFormatException;
import dev.heapwise.graph.HeapGraph;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of bad input gives one clear message naming the file, the byte offset and the
 * problem, and leaves no index behind.
 */
class BadInputTest {
    @TempDir
    Path dir;

    private Path smallDump() throws IOException {
        Path p = dir.resolve("small.hprof");
        new RandomHeap(7, 8, 6, 200).write(p, false, true, 300, 7);
        return p;
    }

    private DumpFormatException fails(Path dump) {
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> Hprof.open(dump).close());
        assertThat(t).isInstanceOf(DumpFormatException.class);
        DumpFormatException e = (DumpFormatException) t;
        assertThat(e.getMessage()).startsWith(dump.toString()).doesNotContain("\n");
        assertNoIndexLeft();
        return e;
    }

    private void assertNoIndexLeft() {
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString()))
                    .noneMatch(n -> n.contains(".heapwise") || n.contains(".tmp-"));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    @Test
    void truncatedAnywhereIsReportedWithTheOffsetOfTheCutRecord() throws IOException {
        byte[] full = Files.readAllBytes(smallDump());
        for (int cut : new int[] {0, 10, 19, 31, 40, full.length / 3, full.length / 2, full.length - 10, full.length - 1}) {
            Path p = write("cut" + cut + ".hprof", Arrays.copyOf(full, cut));
            DumpFormatException e = fails(p);
            if (cut >= 31) {
                assertThat(e.getMessage()).containsAnyOf("runs past the end", "ends inside", "ends without", "no heap dump");
                assertThat(e.offset()).isBetween(0L, (long) cut);
            }
            Files.delete(p);
        }
    }

    @Test
    void aSegmentedDumpWithoutHeapDumpEndIsTruncated() throws IOException {
        byte[] full = Files.readAllBytes(smallDump());
        // HEAP_DUMP_END is the last 9 bytes: cutting exactly there ends at a record boundary.
        Path p = write("noend.hprof", Arrays.copyOf(full, full.length - 9));
        assertThat(fails(p).getMessage()).contains("without a HEAP_DUMP_END");
    }

    @Test
    void salvageReadsWhatIsComplete() throws IOException {
        Path full = smallDump();
        int objects;
        try (HeapGraph g = Hprof.open(full)) {
            objects = g.objectCount();
            assertThat(g.info().partial()).isFalse();
        }
        byte[] bytes = Files.readAllBytes(full);
        Path cut = write("cut.hprof", Arrays.copyOf(bytes, bytes.length * 2 / 3));
        try (HeapGraph g = Hprof.open(cut, Hprof.Options.defaults().withSalvage(true))) {
            assertThat(g.info().partial()).isTrue();
            assertThat(g.objectCount()).isBetween(1, objects - 1);
            assertThat(g.info().warnings()).anyMatch(w -> w.startsWith("partial dump: at byte"));
        }
    }

    @Test
    void aFileThatIsNotHprof() throws IOException {
        Path p = write("notes.txt", "just some text, not a heap dump\n".getBytes());
        assertThat(fails(p).getMessage()).contains("not an HPROF dump").contains("at byte 0");
        assertThat(fails(write("empty.hprof", new byte[0])).getMessage()).contains("empty file");
    }

    @Test
    void anIdSizeThatIsNotFourOrEight() throws IOException {
        ByteBuffer b = ByteBuffer.allocate(31);
        b.put("JAVA PROFILE 1.0.2\0".getBytes()).putInt(6).putLong(0);
        DumpFormatException e = fails(write("id6.hprof", b.array()));
        assertThat(e.getMessage()).contains("id size 6 is not 4 or 8");
        assertThat(e.offset()).isEqualTo(19);
    }

    @Test
    void aRecordRunningPastTheEndOfTheFile() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (HprofWriter w = new HprofWriter(out, 4)) {
            w.rawRecord(0x01, new byte[] {0, 0, 0, 1, 'a'});
        }
        byte[] b = out.toByteArray();
        ByteBuffer.wrap(b).putInt(31 + 5, 1_000_000); // the UTF8 record's length
        DumpFormatException e = fails(write("long.hprof", b));
        assertThat(e.getMessage()).contains("UTF8 record of 1000000 bytes runs past the end of the file");
        assertThat(e.offset()).isEqualTo(31);
    }

    @Test
    void anUnknownHeapSubRecord() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (HprofWriter w = new HprofWriter(out, 4)) {
            w.rawRecord(0x1C, new byte[] {(byte) 0x77, 0, 0, 0, 0});
            w.endHeapDump();
        }
        DumpFormatException e = fails(write("sub.hprof", out.toByteArray()));
        assertThat(e.getMessage()).contains("unknown heap dump sub-record tag 0x77");
        assertThat(e.offset()).isEqualTo(31 + 9);
    }

    @Test
    void unknownTopLevelRecordsAreSkipped() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (HprofWriter w = new HprofWriter(out, 4)) {
            w.rawRecord(0x55, new byte[] {1, 2, 3});
            w.rawRecord(0x1C, new byte[0]);
            w.endHeapDump();
        }
        try (HeapGraph g = Hprof.open(write("skip.hprof", out.toByteArray()))) {
            assertThat(g.objectCount()).isZero();
        }
    }

    @Test
    void aCorruptGzipMember() throws IOException {
        Path plain = smallDump();
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream o = new GZIPOutputStream(gz)) {
            o.write(Files.readAllBytes(plain));
        }
        byte[] b = gz.toByteArray();
        for (int i = 40; i < 60; i++) {
            b[i] ^= (byte) 0x5A;
        }
        DumpFormatException e = fails(write("bad.hprof.gz", b));
        assertThat(e.getMessage()).containsAnyOf("corrupt gzip member", "CRC", "size does not match");
        assertThat(e.offset()).isZero();
        byte[] cut = Arrays.copyOf(gz.toByteArray(), gz.size() / 2);
        assertThat(fails(write("cut.hprof.gz", cut)).getMessage()).contains("truncated");
    }

    @Test
    void aMissingFile() {
        assertThatThrownBy(() -> Hprof.open(dir.resolve("nope.hprof"))).isInstanceOf(NoSuchFileException.class);
        assertNoIndexLeft();
    }

    @Test
    void theDumpIsNeverWritten() throws IOException {
        Path p = smallDump();
        byte[] before = Files.readAllBytes(p);
        long mtime = Files.getLastModifiedTime(p).toMillis();
        try (HeapGraph g = Hprof.open(p)) {
            assertThat(g.objectCount()).isPositive();
        }
        assertThat(Files.readAllBytes(p)).isEqualTo(before);
        assertThat(Files.getLastModifiedTime(p).toMillis()).isEqualTo(mtime);
    }

    @Test
    void aStaleIndexIsRebuiltAndAFreshOneReused() throws Exception {
        Path p = smallDump();
        try (HeapGraph g = Hprof.open(p)) {
            assertThat(g.objectCount()).isPositive();
        }
        Path manifest = p.resolveSibling(p.getFileName() + ".heapwise").resolve("manifest.json");
        long built = Files.getLastModifiedTime(manifest).toMillis();
        Thread.sleep(20);
        try (HeapGraph g = Hprof.open(p)) {
            assertThat(Files.getLastModifiedTime(manifest).toMillis()).as("reused").isEqualTo(built);
        }
        new RandomHeap(8, 8, 6, 250).write(p, false, false, 300, 8); // a different dump, same name
        try (HeapGraph g = Hprof.open(p)) {
            assertThat(g.objectCount()).isEqualTo(250 + 7);
        }
        List<String> left;
        try (Stream<Path> s = Files.list(dir)) {
            left = s.map(x -> x.getFileName().toString()).filter(n -> n.contains("tmp") || n.contains(".old-")).toList();
        }
        assertThat(left).isEmpty();
    }
}
