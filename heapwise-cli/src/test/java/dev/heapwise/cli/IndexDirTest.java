package dev.heapwise.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.hprof.fixture.FixtureDumps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --index-dir} never replaces anything but an index: a user's folder, or the dump's own, is left alone. */
class IndexDirTest {
    @TempDir
    Path dir;
    Path dump;
    Path notes;

    @BeforeEach
    void copy() throws Exception {
        dump = Files.copy(FixtureDumps.get().plain, dir.resolve("app.hprof"));
        notes = Files.writeString(dir.resolve("notes.txt"), "mine");
    }

    private long entries(Path folder) throws Exception {
        try (Stream<Path> s = Files.list(folder)) {
            return s.count();
        }
    }

    @Test
    void theDumpsOwnFolderIsRefusedAndKept() throws Exception {
        CliRun r = CliRun.run("info", dump.toString(), "--index-dir", dir.toString(), "-q");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).contains(dir.toString(), "not a heapwise index");
        assertThat(dump).exists();
        assertThat(Files.readString(notes)).isEqualTo("mine");
        assertThat(entries(dir)).isEqualTo(2);
        try (Stream<Path> beside = Files.list(dir.getParent())) { // no temporary folder left beside it
            assertThat(beside.filter(p -> p.getFileName().toString().startsWith("." + dir.getFileName()))).isEmpty();
        }
    }

    @Test
    void aFileIsRefusedAndKept() throws Exception {
        CliRun r = CliRun.run("info", dump.toString(), "--index-dir", notes.toString(), "-q");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(notes.toString(), "not a folder");
        assertThat(Files.readString(notes)).isEqualTo("mine");
        CliRun under = CliRun.run("info", dump.toString(), "--index-dir", notes.resolve("idx").toString(), "-q");
        assertThat(under.exit()).isEqualTo(2);
        assertThat(under.err().lines()).hasSize(1);
        assertThat(under.err()).contains("cannot write the index there");
    }

    @Test
    void anIndexFolderIsReusedAndRebuilt() throws Exception {
        Path idx = dir.resolve("idx");
        Files.createDirectory(idx); // empty: fine
        assertThat(CliRun.run("info", dump.toString(), "--index-dir", idx.toString(), "-q").exit()).isZero();
        assertThat(idx.resolve("manifest.json")).exists();
        CliRun again = CliRun.run("info", dump.toString(), "--index-dir", idx.toString(), "--rebuild", "-q");
        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(idx.resolve("manifest.json")).exists();
        Files.createDirectory(idx.resolve("keep")); // an index never has folders: someone else's now
        CliRun refused = CliRun.run("info", dump.toString(), "--index-dir", idx.toString(), "--rebuild", "-q");
        assertThat(refused.exit()).isEqualTo(2);
        assertThat(idx.resolve("keep")).isDirectory();
    }

    @Test
    void someoneElsesManifestIsNotAnIndex() throws Exception {
        Path web = Files.createDirectory(dir.resolve("webapp"));
        Files.writeString(web.resolve("manifest.json"), "{\"name\": \"my app\", \"version\": \"1\"}");
        CliRun r = CliRun.run("info", dump.toString(), "--index-dir", web.toString(), "-q");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("not a heapwise index");
        assertThat(Files.readString(web.resolve("manifest.json"))).contains("my app");
    }
}
