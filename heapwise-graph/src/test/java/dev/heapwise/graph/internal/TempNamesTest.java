package dev.heapwise.graph.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Leftovers of killed processes go; anything a live process (or no process) may still own stays. */
class TempNamesTest {
    @TempDir
    Path dir;

    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-version")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        p.waitFor();
        return p.pid();
    }

    private Path folderWithAFile(String name) throws IOException {
        Path p = Files.createDirectories(dir.resolve(name));
        Files.writeString(p.resolve("objects.ids"), "x");
        return p;
    }

    @Test
    void sweepsWhatDeadProcessesLeftAndNothingElse() throws Exception {
        long dead = deadPid();
        long me = ProcessHandle.current().pid();
        Path deadBuild = folderWithAFile(".app.hprof.heapwise.tmp-" + dead + "-1f2e");
        Path liveBuild = folderWithAFile(".app.hprof.heapwise.tmp-" + me + "-77");
        Path oldUnowned = Files.writeString(dir.resolve(".app.hprof.heapwise.tmp-abc123"), "");
        Files.setLastModifiedTime(oldUnowned, FileTime.from(Instant.now().minus(Duration.ofDays(2))));
        Path newUnowned = Files.writeString(dir.resolve(".app.hprof.heapwise.tmp-abc124"), "");
        Path otherDump = folderWithAFile(".other.hprof.heapwise.tmp-" + dead + "-1");
        Path index = folderWithAFile("app.hprof.heapwise");
        Path movedAside = folderWithAFile(".app.hprof.heapwise.old-5d1e");

        TempNames.sweep(dir, "app.hprof.heapwise");

        assertThat(deadBuild).doesNotExist();
        assertThat(movedAside).doesNotExist();
        assertThat(oldUnowned).doesNotExist();
        assertThat(liveBuild).exists();
        assertThat(newUnowned).exists();
        assertThat(otherDump).as("another dump's build").exists();
        assertThat(index.resolve("objects.ids")).exists();
    }

    @Test
    void attachmentLeftoversGoWhenTheNextOneIsSaved() throws Exception {
        long dead = deadPid();
        Path left = Files.writeString(dir.resolve(".extra.dominators.v2.tmp-" + dead + "-9a"), "half a tree");
        Path next = TempNames.next(dir.resolve("extra.dominators.v2"));
        assertThat(next.getFileName().toString())
                .startsWith(".extra.dominators.v2.tmp-" + ProcessHandle.current().pid() + "-");
        assertThat(TempNames.isStale(next)).isFalse();
        TempNames.sweep(dir, "extra.");
        assertThat(left).doesNotExist();
    }
}
