package dev.heapwise.cli.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM options bin/heapwise chooses (bin/lib/jvm-options.sh, run by bash): C2 alone for a big
 * dump, except for a command that only reads the dump's saved index and tree; C1 alone for a small one.
 */
class LauncherOptionsTest {
    private static final long BIG = 256L << 20;
    private static final String BIG_DUMP_OPTIONS = "jvm-big-dump.options";

    @TempDir
    Path dir;
    private Path script;
    private Path big;
    private Path index;

    @BeforeEach
    void setUp() throws IOException {
        String project = System.getProperty("heapwise.project.dir");
        assumeTrue(project != null, "project folder not known");
        script = Path.of(project, "bin", "lib", "jvm-options.sh");
        assumeTrue(Files.isRegularFile(script), script + " not found");
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "no bash");
        big = dir.resolve("big.hprof");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(BIG); // sparse: no disk space taken
        }
        index = Files.createDirectory(dir.resolve("idx"));
        Files.writeString(index.resolve("manifest.json"), "{\n  \"version\" : 1,\n  \"dumpSize\" : " + BIG + ",\n}\n");
        Files.write(index.resolve("extra.dominators.v2"), new byte[64]);
    }

    @Test
    void aCommandOnAnAnalysedDumpRunsTiered() throws Exception {
        assertThat(options("show", big.toString(), "0x1", "--index-dir", index.toString()))
                .noneMatch(o -> o.endsWith(BIG_DUMP_OPTIONS));
        assertThat(options("histogram", big.toString(), "--index-dir=" + index))
                .noneMatch(o -> o.endsWith(BIG_DUMP_OPTIONS));
        assertThat(options("info", big.toString(), "--index-dir", index.toString()).getFirst()).endsWith("jvm.options");
    }

    @Test
    void theIndexBesideTheDumpIsFoundToo() throws Exception {
        Files.move(index, dir.resolve("big.hprof.heapwise"));
        assertThat(options("dominators", big.toString())).noneMatch(o -> o.endsWith(BIG_DUMP_OPTIONS));
    }

    @Test
    void everythingElseOnABigDumpRunsOnC2Alone() throws Exception {
        assertThat(options("compare", big.toString(), big.toString(), "--index-dir", index.toString()))
                .anyMatch(o -> o.endsWith(BIG_DUMP_OPTIONS)); // not measured faster tiered
        assertThat(options("dominators", big.toString(), "--index-dir", index.toString(), "--keep-unreachable"))
                .anyMatch(o -> o.endsWith(BIG_DUMP_OPTIONS)); // that tree is not saved
        assertThat(options("show", big.toString(), "0x1")).anyMatch(o -> o.endsWith(BIG_DUMP_OPTIONS)); // no index
        Files.writeString(index.resolve("manifest.json"), "{ \"dumpSize\" : " + (BIG + 1) + " }");
        assertThat(options("show", big.toString(), "0x1", "--index-dir", index.toString()))
                .anyMatch(o -> o.endsWith(BIG_DUMP_OPTIONS)); // an index of another dump: rebuilt
        Files.writeString(index.resolve("manifest.json"), "{ \"dumpSize\" : " + BIG + "0 }");
        assertThat(options("show", big.toString(), "0x1", "--index-dir", index.toString()))
                .anyMatch(o -> o.endsWith(BIG_DUMP_OPTIONS)); // a size that only starts with it
        Files.writeString(index.resolve("manifest.json"), "{ \"dumpSize\" : " + BIG + " }");
        Files.delete(index.resolve("extra.dominators.v2"));
        assertThat(options("show", big.toString(), "0x1", "--index-dir", index.toString()))
                .anyMatch(o -> o.endsWith(BIG_DUMP_OPTIONS)); // the tree still to compute
    }

    @Test
    void aSmallDumpGetsC1Alone() throws Exception {
        Path small = Files.write(dir.resolve("small.hprof"), new byte[1024]);
        assertThat(options("report", small.toString(), "-o", dir.resolve("r.html").toString()))
                .containsExactly("@" + dir.resolve("home/bin/lib/jvm.options"),
                        "@" + dir.resolve("home/bin/lib/jvm-small-dump.options"));
        assertThat(options("compare", small.toString(), big.toString())).anyMatch(o -> o.endsWith(BIG_DUMP_OPTIONS))
                .noneMatch(o -> o.endsWith("jvm-small-dump.options")); // the big one decides
        assertThat(options("generate", dir.resolve("new.hprof").toString(), "--size", "5m"))
                .containsExactly("@" + dir.resolve("home/bin/lib/jvm.options")); // no file yet
    }

    /** The options the launcher would give, one per line, for a heapwise installed in {@code dir/home}. */
    private List<String> options(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("/bin/bash", "-c",
                "source \"$0\" && heapwise_jvm_options \"$@\"", script.toString(), dir.resolve("home").toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().toList();
    }
}
