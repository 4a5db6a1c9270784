package dev.heapwise.hprof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.heapwise.graph.DumpFormatException;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.fixture.FixtureDumps;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.DataFormatException;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.Inflater;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A gzip dump cut short, read with salvage, holds what its complete members and the complete part
 * of the cut member hold: exactly what salvage reads from the plain dump cut where the
 * decompressed bytes end. It is marked partial with a warning saying where the file was cut.
 * Without salvage it stays a one-line error. Both kinds of gzip dump: HotSpot's {@code jcmd
 * GC.heap_dump -gz=1} (many members, read back per member) and one stream ({@code gzip}).
 */
class GzipSalvageTest {
    private static FixtureDumps dumps;

    @TempDir
    Path dir;

    @BeforeAll
    static void makeDumps() throws Exception {
        dumps = FixtureDumps.get();
    }

    @Test
    void aCutJcmdGzipDumpIsSalvagedUpToWhatItsMembersHold() throws IOException {
        byte[] gz = Files.readAllBytes(dumps.gzip);
        long[] members = memberStarts(gz);
        assertThat(members.length).as("gzip members of the jcmd dump").isGreaterThan(2);
        List<Integer> cuts = new ArrayList<>(List.of(gz.length / 3, gz.length / 2, gz.length * 5 / 6, gz.length - 4));
        cuts.add((int) members[members.length / 2] + 5); // inside a member's header
        cuts.add((int) members[members.length / 2]); // between two members
        checkCuts("jcmd", dumps.gzip, gz, cuts);
    }

    @Test
    void aCutSingleStreamGzipDumpIsSalvaged() throws Exception {
        byte[] gz = gzip(dumps.plain);
        assertThat(memberStarts(gz)).hasSize(1);
        checkCuts("stream", dumps.plain, gz, List.of(gz.length / 4, gz.length / 2, gz.length * 9 / 10, gz.length - 4));
    }

    /** Cuts {@code gz}, the compressed form of dump {@code whole}, at each of {@code cuts} and reads it back. */
    private void checkCuts(String kind, Path whole, byte[] gz, List<Integer> cuts) throws IOException {
        int all;
        try (HeapGraph full = Hprof.open(whole, Hprof.Options.defaults().withIndexDir(dir.resolve(kind + "-full")))) {
            all = full.objectCount();
        }
        int lastObjects = -1;
        boolean somePart = false;
        for (int cut : cuts.stream().sorted().toList()) {
            Path cutDir = Files.createDirectories(dir.resolve(kind + cut));
            Path file = cutDir.resolve("dump.hprof.gz");
            Files.write(file, Arrays.copyOf(gz, cut));
            boolean betweenMembers = Arrays.binarySearch(memberStarts(gz), cut) >= 0;

            Throwable plainOpen = catchThrowable(() -> Hprof.open(file).close());
            assertThat(plainOpen).as("cut at %d, without salvage", cut).isInstanceOf(DumpFormatException.class);
            assertThat(plainOpen.getMessage()).startsWith(file.toString()).doesNotContain("\n")
                    .contains(betweenMembers ? "use --salvage" : "gzip member is truncated");
            assertNoIndex(cutDir);

            Path prefix = cutDir.resolve("prefix.hprof");
            Files.write(prefix, gunzipWhatIsComplete(Arrays.copyOf(gz, cut)));
            try (HeapGraph g = Hprof.open(file, Hprof.Options.defaults().withSalvage(true));
                    HeapGraph p = Hprof.open(prefix, Hprof.Options.defaults().withSalvage(true))) {
                assertThat(g.info().partial()).as("cut at %d: partial", cut).isTrue();
                if (!betweenMembers) {
                    assertThat(g.info().warnings()).as("cut at %d", cut)
                            .anyMatch(w -> w.startsWith("partial dump: the gzip file ends inside"));
                }
                assertThat(g.objectCount()).as("cut at %d: objects", cut).isEqualTo(p.objectCount());
                assertThat(g.info().references()).as("cut at %d: references", cut).isEqualTo(p.info().references());
                for (int k = 0; k < g.objectCount(); k++) {
                    assertThat(g.id(k)).isEqualTo(p.id(k));
                }
                if (cut == gz.length - 4) { // inside the last trailer: every byte of data is there
                    assertThat(g.objectCount()).isEqualTo(all);
                }
                assertThat(g.objectCount()).isGreaterThanOrEqualTo(lastObjects);
                lastObjects = g.objectCount();
                somePart |= g.objectCount() > 0 && g.objectCount() < all;
            }
        }
        assertThat(somePart).as("some cut falls among the objects").isTrue();
    }

    private static void assertNoIndex(Path cutDir) throws IOException {
        try (Stream<Path> s = Files.list(cutDir)) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains(".heapwise") || n.contains(".tmp-"));
        }
    }

    /** What java.util.zip decompresses of a cut gzip file before it runs out. */
    private static byte[] gunzipWhatIsComplete(byte[] gz) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(gz))) {
            for (int n; (n = in.read(buf)) > 0; ) {
                out.write(buf, 0, n);
            }
        } catch (EOFException cut) {
            // the data before the cut is what is wanted
        }
        return out.toByteArray();
    }

    /** The file offsets where the gzip members start (header without extra fields, as HotSpot and gzip write them). */
    private static long[] memberStarts(byte[] gz) {
        List<Long> starts = new ArrayList<>();
        int at = 0;
        while (at + 10 <= gz.length && (gz[at] & 0xFF) == 0x1F && (gz[at + 1] & 0xFF) == 0x8B) {
            starts.add((long) at);
            int flg = gz[at + 3] & 0xFF;
            int p = at + 10;
            if ((flg & 8) != 0) {
                while (p < gz.length && gz[p++] != 0) {
                    // file name
                }
            }
            if ((flg & 16) != 0) {
                while (p < gz.length && gz[p++] != 0) {
                    // comment
                }
            }
            Inflater inf = new Inflater(true);
            try {
                inf.setInput(gz, p, gz.length - p);
                byte[] sink = new byte[1 << 16];
                while (!inf.finished() && !inf.needsInput()) {
                    inf.inflate(sink);
                }
                if (!inf.finished()) {
                    break;
                }
                at = gz.length - inf.getRemaining() + 8;
            } catch (DataFormatException e) {
                throw new AssertionError(e);
            } finally {
                inf.end();
            }
        }
        return starts.stream().mapToLong(Long::longValue).toArray();
    }

    /** The dump compressed as one stream: by the gzip tool when there is one, else by java.util.zip. */
    private byte[] gzip(Path plain) throws Exception {
        Path out = dir.resolve("stream.hprof.gz");
        try {
            Process p = new ProcessBuilder("gzip", "-c", plain.toString()).redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            if (p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0) {
                return Files.readAllBytes(out);
            }
            p.destroyForcibly();
        } catch (IOException noGzipTool) {
            // fall back to java.util.zip
        }
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(out))) {
            Files.copy(plain, o);
        }
        return Files.readAllBytes(out);
    }
}
