package dev.heapwise.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code heapwise --version}: the project's version from the build, and the commit of a git checkout. */
class VersionTest {

    @Test
    void printsTheProjectVersionAndTheCommit() throws Exception {
        CliRun r = CliRun.run("--version");
        assertThat(r.exit()).isZero();
        String line = r.out().strip();
        assertThat(line).doesNotContain("dev").startsWith("heapwise " + projectVersion());
        assertThat(CliRun.run("info", "--version").out().strip()).isEqualTo(line);
        Path project = Path.of(System.getProperty("heapwise.project.dir", "."));
        String head = git(project, "rev-parse", "--short=12", "HEAD");
        if (head != null) { // built from a git checkout (a worktree too): that checkout's commit
            assertThat(line).contains("(commit " + head);
        } else {
            assertThat(line).doesNotContain("commit");
        }
    }

    @Test
    void theLineNamesTheCommitOnlyWhenThereIsOne() {
        assertThat(Main.Version.line("1.2.0", "", false)).isEqualTo("heapwise 1.2.0");
        assertThat(Main.Version.line("1.2.0", "0123456789ab", false)).isEqualTo("heapwise 1.2.0 (commit 0123456789ab)");
        assertThat(Main.Version.line("1.2.0", "0123456789ab", true))
                .isEqualTo("heapwise 1.2.0 (commit 0123456789ab, with local changes)");
    }

    /** The version in the parent pom.xml, the one the build stamps into the jar. */
    private static String projectVersion() throws Exception {
        Path pom = Path.of(System.getProperty("heapwise.project.dir", ".."), "pom.xml");
        Matcher m = Pattern.compile("<artifactId>heapwise-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(pom));
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    private static String git(Path dir, String... args) throws Exception {
        if (!Files.exists(dir.resolve(".git"))) {
            return null;
        }
        String[] command = new String[args.length + 3];
        command[0] = "git";
        command[1] = "-C";
        command[2] = dir.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
        } catch (java.io.IOException e) {
            return null; // no git
        }
    }
}
