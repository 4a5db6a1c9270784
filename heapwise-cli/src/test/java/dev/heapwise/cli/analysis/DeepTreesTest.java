package dev.heapwise.cli.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.cli.CliRun;
import dev.heapwise.cli.CountOptions;
import dev.heapwise.graph.Ids;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Trees deeper than a command shows: {@code dominators} and {@code path --class} on a 1,000-link list. */
class DeepTreesTest {
    static final int LENGTH = 1000;
    @TempDir
    static Path dir;
    static Path dump;

    @BeforeAll
    static void write() throws Exception {
        dump = ChainDump.write(dir, LENGTH);
    }

    /** Levels below {@code node}, following the first child each time. */
    private static int depth(JsonNode node, String children) {
        int d = 0;
        for (JsonNode n = node; n != null && n.has(children) && !n.get(children).isEmpty(); n = n.get(children).get(0)) {
            d++;
        }
        return d;
    }

    @Test
    void dominatorTreeAsDeepAsAllowedIsValidJson() {
        CliRun r = CliRun.run("dominators", dump.toString(), "--depth", String.valueOf(CountOptions.MAX_DEPTH), "--top", "1",
                "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode top = r.json().get("objects").get(0);
        assertThat(top.get("id").asText()).isEqualTo(Ids.hex(ChainDump.HEAD));
        assertThat(depth(top, "children")).isEqualTo(CountOptions.MAX_DEPTH - 1);
        CliRun text = CliRun.run("dominators", dump.toString(), "--depth", String.valueOf(CountOptions.MAX_DEPTH), "--top", "1",
                "-q");
        assertThat(text.exit()).as(text.err()).isZero();
        assertThat(text.out()).contains("demo.Link @ " + Ids.hex(ChainDump.HEAD + 0x10L * (CountOptions.MAX_DEPTH - 1)));
    }

    @Test
    void mergedPathTreeAsDeepAsAllowedIsValidJson() {
        CliRun r = CliRun.run("path", dump.toString(), "--class", "demo.Link", "--depth", String.valueOf(CountOptions.MAX_DEPTH),
                "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        JsonNode merged = r.json().get("merged");
        assertThat(merged).isNotEmpty();
        assertThat(depth(merged.get(0), "children")).isEqualTo(CountOptions.MAX_DEPTH - 1);
    }

    @Test
    void deeperRequestsAreBadInput() {
        for (String command : new String[] {"dominators", "path"}) {
            CliRun r = command.equals("path")
                    ? CliRun.run("path", dump.toString(), "--class", "demo.Link", "--depth", "401", "-q")
                    : CliRun.run("dominators", dump.toString(), "--depth", "0", "-q");
            assertThat(r.exit()).as(command).isEqualTo(2);
            assertThat(r.err()).contains("--depth must be 1 to " + CountOptions.MAX_DEPTH);
        }
    }
}
