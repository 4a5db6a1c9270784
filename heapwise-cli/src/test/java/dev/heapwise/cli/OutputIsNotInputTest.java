package dev.heapwise.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.hprof.fixture.FixtureDumps;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** No command writes its output over its input dump: export -o, report -o and convert are refused, the dump kept. */
class OutputIsNotInputTest {
    @TempDir
    Path dir;

    @Test
    void writingOverTheDumpIsRefused() throws Exception {
        Path dump = Files.copy(FixtureDumps.get().plain, dir.resolve("app.hprof"));
        byte[] before = Files.readAllBytes(dump);
        String sameByAnotherName = dir.resolve(".").resolve("app.hprof").toString();
        for (List<String> args : List.of(
                List.of("export", dump.toString(), "-o", dump.toString(), "-q"),
                List.of("report", dump.toString(), "-o", sameByAnotherName, "-q"),
                List.of("convert", dump.toString(), dump.toString(), "-q"))) {
            CliRun r = CliRun.run(args.toArray(String[]::new));
            assertThat(r.exit()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err().lines()).hasSize(1);
            assertThat(r.err()).contains("never overwrites a dump");
            assertThat(Files.readAllBytes(dump)).as(String.join(" ", args)).isEqualTo(before);
        }
    }
}
