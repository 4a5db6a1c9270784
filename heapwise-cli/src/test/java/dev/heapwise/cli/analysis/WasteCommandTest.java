package dev.heapwise.cli.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.analysis.fixture.PlantedDump;
import dev.heapwise.cli.CliRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WasteCommandTest {

    @Test
    void textAndJson(@TempDir Path dir) throws Exception {
        Path dump = PlantedDump.copyTo(dir);
        CliRun t = CliRun.run("waste", dump.toString(), "-q");
        assertThat(t.exit()).as(t.err()).isZero();
        assertThat(t.out()).contains("duplicate strings", "duplicate primitive arrays", "\"the same text, many times over\"",
                "byte[] length 1,024", "java.util.ArrayList");
        CliRun j = CliRun.run("waste", dump.toString(), "--json", "-q");
        JsonNode o = j.json();
        assertThat(o.get("heapSize").asLong()).isPositive();
        assertThat(o.get("summary")).hasSize(6);
        assertThat(o.at("/summary/0/kind").asText()).isEqualTo("duplicate strings");
        assertThat(o.at("/summary/1/bytes").asLong()).isGreaterThan(1999L * 1040 - 1);
        assertThat(o.at("/arrays/top/0/count").asLong()).isEqualTo(2000);
        // The same input gives the same bytes.
        assertThat(CliRun.run("waste", dump.toString(), "--json", "-q").out()).isEqualTo(j.out());
    }

    @Test
    void previewsCollapseRunsOfControlCharacters() {
        assertThat(WasteCommand.printable("\0".repeat(40))).isEqualTo("\\u0000×40");
        assertThat(WasteCommand.printable("10.1.2.3" + "\0".repeat(5) + "\n\n")).isEqualTo("10.1.2.3\\u0000×5\\n\\n");
        assertThat(WasteCommand.printable("a\0\0b")).isEqualTo("a\\u0000\\u0000b");
        assertThat(WasteCommand.printable("x".repeat(100))).hasSize(80);
    }
}
