package dev.heapwise.cli.walker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code show}'s referrers name the field or the array slot that holds the object (on docs/walker.md's tiny dump). */
class ShowReferrersTest {
    @TempDir
    Path dir;

    @Test
    void referrersNameFieldsAndArraySlots() throws Exception {
        Path dump = TinyDump.write(dir, false);
        Cli.Run r = Cli.run("show", dump.toString(), "0x1030", "--json", "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        List<String> referrers = new ArrayList<>();
        json(r).get("referrers").forEach(x -> referrers.add(x.get("id").asText() + " " + x.get("name").asText()));
        // b.next holds c; the array holds c in slot 2
        assertThat(referrers).containsExactlyInAnyOrder("0x1020 next", "0x1040 [2]");
    }

    private static JsonNode json(Cli.Run r) throws Exception {
        return new ObjectMapper().readTree(r.out());
    }
}
