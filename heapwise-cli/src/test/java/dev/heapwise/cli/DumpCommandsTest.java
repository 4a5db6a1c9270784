package dev.heapwise.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.hprof.fixture.FixtureDumps;
import dev.heapwise.hprof.fixture.FixtureProgram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The dump commands end to end on a dump a child JVM made of itself. */
class DumpCommandsTest {
    static String dump;

    @BeforeAll
    static void dump() throws Exception {
        dump = FixtureDumps.get().plain.toString();
    }

    @Test
    void infoJsonHasTheStableNames() {
        CliRun r = CliRun.run("info", dump, "--json");
        assertThat(r.exit()).isZero();
        JsonNode j = r.json();
        for (String k : List.of("objects", "classes", "references", "gcRoots", "idSize", "format")) {
            assertThat(j.has(k)).as(k).isTrue();
        }
        assertThat(j.get("idSize").asInt()).isEqualTo(8);
        assertThat(j.get("format").asText()).isEqualTo("hprof");
        assertThat(j.get("objects").asLong()).isGreaterThan(10_000);
        assertThat(r.err()).as("no progress bar when stderr is not a terminal").isEmpty();
        CliRun text = CliRun.run("info", dump);
        assertThat(text.out()).contains("objects:").contains("indexing took:");
    }

    @Test
    void histogramJsonUsesJavaClassNames() {
        CliRun r = CliRun.run("histogram", dump, "--json");
        assertThat(r.exit()).isZero();
        JsonNode j = r.json();
        List<String> names = new ArrayList<>();
        long sum = 0;
        for (JsonNode c : j.get("classes")) {
            names.add(c.get("name").asText());
            assertThat(c.get("count").asLong()).isPositive();
            sum += c.get("shallowSize").asLong();
        }
        assertThat(names).contains("java.lang.String", "byte[]", "java.lang.Object[]", FixtureProgram.class.getName() + "$ListNode");
        assertThat(sum).isEqualTo(j.get("totalShallowSize").asLong());
        assertThat(j.get("totalObjects").asLong()).isPositive();
        JsonNode top = CliRun.run("histogram", dump, "--json", "--top", "3", "--sort", "count").json().get("classes");
        assertThat(top).hasSize(3);
        assertThat(top.get(0).get("count").asLong()).isGreaterThanOrEqualTo(top.get(1).get("count").asLong());
    }

    @Test
    void showRootsAndThreads() {
        JsonNode threads = CliRun.run("threads", dump, "--json").json().get("threads");
        JsonNode holder = null;
        for (JsonNode t : threads) {
            if (t.get("name").asText().equals("heapwise-local-holder")) {
                holder = t;
            }
        }
        assertThat(holder).isNotNull();
        assertThat(holder.get("retainedSize").asLong()).isPositive();
        assertThat(holder.get("threwOutOfMemoryError").asBoolean()).isFalse();
        String localId = null;
        for (JsonNode f : holder.get("frames")) {
            for (JsonNode l : f.get("locals")) {
                if (l.get("className").asText().endsWith("$LocalHeld")) {
                    localId = l.get("id").asText();
                }
            }
        }
        assertThat(localId).startsWith("0x");
        CliRun show = CliRun.run("show", dump, localId, "--json");
        assertThat(show.exit()).isZero();
        JsonNode s = show.json();
        assertThat(s.get("className").asText()).endsWith("$LocalHeld");
        assertThat(s.get("shallowSize").asLong()).isEqualTo(16);
        // LocalHeld holds one interned string constant, which other objects hold too
        assertThat(s.get("retainedSize").asLong()).isEqualTo(16);
        // Held only by a stack frame: the thread retains it (as in MAT), and it is still a Java-frame root.
        String holderId = holder.get("id").asText();
        assertThat(s.get("immediateDominator").asText()).isEqualTo(holderId);
        assertThat(s.get("gcRoots").toString()).contains("Java frame");
        assertThat(s.get("reachedThroughThread").asBoolean()).isTrue();
        List<String> holders = new ArrayList<>();
        s.get("referrers").forEach(x -> holders.add(x.get("id").asText() + " via " + x.get("name").asText()));
        assertThat(holders).anySatisfy(x -> assertThat(x).startsWith(holderId + " via <local in frame ")
                .contains("FixtureProgram.lambda$main$"));
        assertThat(s.get("fields").get(0).get("name").asText()).isEqualTo("what");
        String stringId = s.get("fields").get(0).get("value").asText();
        JsonNode str = CliRun.run("show", dump, stringId, "--json").json();
        assertThat(str.get("value").asText()).isEqualTo("a local variable of a waiting thread");
        List<String> referrers = new ArrayList<>();
        str.get("referrers").forEach(x -> referrers.add(x.get("id").asText() + " via " + x.get("name").asText()));
        assertThat(referrers).contains(localId + " via what");
        assertThat(CliRun.run("show", dump, String.valueOf(Long.decode(localId))).out()).contains("LocalHeld");

        JsonNode roots = CliRun.run("roots", dump, "--json").json();
        assertThat(roots.get("total").asInt()).isPositive();
        List<String> kinds = new ArrayList<>();
        roots.get("roots").forEach(k -> kinds.add(k.get("kind").asText()));
        assertThat(kinds).contains("THREAD_OBJECT", "JAVA_FRAME", "STICKY_CLASS");
        // A class object is named as in every command's JSON: the class it represents, kind "class".
        JsonNode sticky = null;
        for (JsonNode k : roots.get("roots")) {
            if (k.get("kind").asText().equals("STICKY_CLASS")) {
                sticky = k.get("objects").get(0);
            }
        }
        assertThat(sticky.get("kind").asText()).isEqualTo("class");
        assertThat(sticky.get("className").asText()).doesNotStartWith("class ");
        JsonNode shown = CliRun.run("show", dump, sticky.get("id").asText(), "--json").json();
        assertThat(shown.get("className").asText()).isEqualTo(sticky.get("className").asText());
        // A class's statics are cut at --limit like its references.
        boolean cut = false;
        for (JsonNode k : roots.get("roots")) {
            for (JsonNode c : k.get("objects")) {
                if (cut) {
                    break;
                }
                JsonNode one = CliRun.run("show", dump, c.get("id").asText(), "--limit", "1", "--json").json();
                if (one.path("staticFieldCount").asInt() > 1) {
                    assertThat(one.get("staticFields")).hasSize(1);
                    cut = true;
                }
            }
        }
        assertThat(cut).as("some root class has two statics or more").isTrue();
        JsonNode dom = CliRun.run("dominators", dump, "--root", sticky.get("id").asText(), "--json", "-q").json();
        assertThat(dom.at("/root/className").asText()).isEqualTo(sticky.get("className").asText());
    }

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        CliRun missing = CliRun.run("info", dir.resolve("nope.hprof").toString());
        assertThat(missing.exit()).isEqualTo(2);
        assertThat(missing.err().strip()).doesNotContain("\n").contains("nope.hprof: no such file");

        Path junk = dir.resolve("junk.hprof");
        Files.writeString(junk, "hello");
        CliRun bad = CliRun.run("histogram", junk.toString(), "--json");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.out()).isEmpty();
        assertThat(bad.err().strip()).doesNotContain("\n").contains("junk.hprof: at byte 0: not an HPROF dump");

        CliRun unknown = CliRun.run("show", dump, "0x12345");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("no object with id 0x12345");
        assertThat(CliRun.run("show", dump, "zzz").exit()).isEqualTo(2);
        assertThat(CliRun.run("histogram", dump, "--sort", "sideways").exit()).isEqualTo(2);
    }
}
