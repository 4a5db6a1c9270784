package dev.heapwise.cli.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.cli.CliRun;
import dev.heapwise.graph.FieldType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code heapwise report}: one self-contained page, the same bytes every time, JSON with the same data. */
class ReportCommandTest {

    @Test
    void htmlIsCompleteAndByteStable(@TempDir Path dir) throws Exception {
        Path dump = LeaksCommandTest.shared("leak_service_binder.hprof");
        Path idx1 = dir.resolve("idx1");
        Path idx2 = dir.resolve("idx2");
        Path a = dir.resolve("a.html");
        Path b = dir.resolve("b.html");
        CliRun r = CliRun.run("report", dump.toString(), "--index-dir", idx1.toString(), "-o", a.toString(), "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        // A second run from a fresh index: byte for byte the same page.
        assertThat(CliRun.run("report", dump.toString(), "--index-dir", idx2.toString(), "-o", b.toString(), "-q").exit()).isZero();
        assertThat(Files.readAllBytes(b)).isEqualTo(Files.readAllBytes(a));
        String html = Files.readString(a);
        assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
        assertThat(html).contains("id=\"overview\"", "id=\"histogram\"", "id=\"dominators\"", "id=\"suspects\"",
                "id=\"leaks\"", "id=\"waste\"", "id=\"threads\"", "static LeakyService.leakAllTheBinders");
        // Self-contained: nothing loaded from elsewhere.
        assertThat(html).doesNotContain("<script", "src=", "<link", "http://", "https://");
        CliRun j = CliRun.run("report", dump.toString(), "--index-dir", idx1.toString(), "--json", "-q");
        JsonNode o = j.json();
        assertThat(o.at("/overview/objects").asLong()).isEqualTo(44418);
        assertThat(o.get("histogram")).isNotEmpty();
        assertThat(o.at("/leaks/leaks/0/className").asText()).isEqualTo("com.example.leakcanary.LeakyService");
        assertThat(o.at("/waste/summary")).hasSize(6);
        assertThat(CliRun.run("report", dump.toString(), "--index-dir", idx1.toString(), "--json", "-q").out())
                .isEqualTo(j.out());
    }

    @Test
    void namesAreEscapedAndEmptyHeapsWork(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long evil = h.cls("x.<script>alert(1)</script>", "f");
        long o = h.obj(evil, 0);
        h.root(SyntheticHeap.ROOT_UNKNOWN, o);
        Path dump = dir.resolve("evil.hprof");
        h.write(dump);
        Path out = dir.resolve("r.html");
        assertThat(CliRun.run("report", dump.toString(), "-o", out.toString(), "-q").exit()).isZero();
        String html = Files.readString(out);
        assertThat(html).doesNotContain("<script>").contains("x.&lt;script&gt;alert(1)&lt;.script&gt;"); // the reader turns / into .
        Path empty = dir.resolve("empty.hprof");
        new SyntheticHeap().write(empty);
        assertThat(CliRun.run("report", empty.toString(), "-o", dir.resolve("e.html").toString(), "-q").exit()).isZero();
        assertThat(Files.readString(dir.resolve("e.html"))).contains("No single object or class retains");
        CliRun none = CliRun.run("report", empty.toString(), "-q");
        assertThat(none.exit()).isEqualTo(2);
        assertThat(none.err()).contains("-o FILE");
    }

    @Test
    void androidThreadsSuspectPathsAndHistogramAgreeWithTheCli(@TempDir Path dir) throws Exception {
        Path dump = LeaksCommandTest.shared("leak_service_binder.hprof");
        String idx = dir.resolve("idx").toString();
        Path page = dir.resolve("r.html");
        assertThat(CliRun.run("report", dump.toString(), "--index-dir", idx, "-o", page.toString(), "-q").exit()).isZero();
        String html = Files.readString(page);
        JsonNode o = CliRun.run("report", dump.toString(), "--index-dir", idx, "--json", "-q").json();
        // The histogram counts reachable objects only, as the retained sizes do: none retains less than it is.
        for (JsonNode c : o.get("histogram")) {
            assertThat(c.get("retainedSize").asLong()).as(c.toString()).isGreaterThanOrEqualTo(c.get("shallowSize").asLong());
        }
        List<String> report = new ArrayList<>();
        o.get("histogram").forEach(c -> report.add(c.get("name").asText()));
        List<String> cli = new ArrayList<>();
        JsonNode histogram = CliRun.run("histogram", dump.toString(), "--index-dir", idx, "--sort", "retained", "--json",
                "-q").json();
        histogram.get("classes").forEach(c -> cli.add(c.get("name").asText()));
        assertThat(report).isEqualTo(cli.subList(0, report.size()));
        // histogram --json counts every object and says how many of them are unreachable: the difference
        // is the report's count.
        for (int i = 0; i < report.size(); i++) {
            JsonNode all = histogram.get("classes").get(i);
            JsonNode reachable = o.get("histogram").get(i);
            assertThat(all.get("count").asLong() - all.path("unreachableCount").asLong(0))
                    .as(all.toString()).isEqualTo(reachable.get("count").asLong());
            assertThat(all.get("shallowSize").asLong() - all.path("unreachableShallowSize").asLong(0))
                    .isEqualTo(reachable.get("shallowSize").asLong());
        }
        assertThat(histogram.findValues("unreachableCount")).isNotEmpty();
        assertThat(html).contains("Reachable objects only");
        // Android threads have no frames but hold objects; threads are listed biggest first.
        JsonNode threads = o.get("threads");
        for (int i = 1; i < threads.size(); i++) {
            assertThat(threads.get(i).get("retainedSize").asLong())
                    .isLessThanOrEqualTo(threads.get(i - 1).get("retainedSize").asLong());
        }
        assertThat(o.at("/threads/0/name").asText()).isEqualTo("LeakCanary-Heap-Dump");
        assertThat(o.at("/threads/0/otherLocals")).hasSize(5);
        assertThat(html).contains("<summary><code>LeakCanary-Heap-Dump</code></summary><pre>without a frame");
        // The suspect's path names the static field as the CLI's path does.
        assertThat(html).contains("static .sPreloadedDrawables → ");
        assertThat(o.findValues("staticField").stream().filter(JsonNode::asBoolean).count()).isEqualTo(1);
    }

    @Test
    void histogramLeavesOutUnreachableObjects(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long kept = h.cls("x.Kept", "f");
        long gone = h.cls("x.Gone", "f");
        h.root(SyntheticHeap.ROOT_UNKNOWN, h.obj(kept, 0));
        for (int i = 0; i < 3; i++) {
            h.obj(kept, 0);
            h.obj(gone, 0);
        }
        Path dump = dir.resolve("h.hprof");
        h.write(dump);
        JsonNode o = CliRun.run("report", dump.toString(), "--json", "-q").json();
        List<String> names = new ArrayList<>();
        for (JsonNode c : o.get("histogram")) {
            names.add(c.get("name").asText());
            if (c.get("name").asText().equals("x.Kept")) {
                assertThat(c.get("count").asLong()).isEqualTo(1);
                assertThat(c.get("shallowSize").asLong()).isEqualTo(16); // one instance: header and a field
            }
        }
        assertThat(names).contains("x.Kept").doesNotContain("x.Gone");
    }

    @Test
    void loneSurrogatesControlCharactersAndLongStringsAreShown(@TempDir Path dir) throws Exception {
        SyntheticHeap h = new SyntheticHeap();
        long string = h.cls("java.lang.String", "value");
        String odd = "a\uD800b" + "\0".repeat(40) + "\u0007";
        String longText = "y".repeat(130);
        for (String text : List.of(odd, odd, longText, longText)) {
            h.root(SyntheticHeap.ROOT_UNKNOWN, h.obj(string, h.primitiveArray(FieldType.CHAR, text.length(), utf16(text))));
        }
        Path dump = dir.resolve("s.hprof");
        h.write(dump);
        Path out = dir.resolve("s.html");
        CliRun r = CliRun.run("report", dump.toString(), "-o", out.toString(), "-q");
        assertThat(r.exit()).as(r.err()).isZero();
        String html = Files.readString(out);
        assertThat(html).contains("&quot;a\\uD800b\\u0000×40\\u0007&quot;").doesNotContain("&#0;", "&#7;", "\uFFFD");
        assertThat(html).contains("&quot;" + "y".repeat(120) + "&quot;…");
        JsonNode o = CliRun.run("report", dump.toString(), "--json", "-q").json();
        JsonNode cut = null;
        for (JsonNode s : o.at("/waste/strings/top")) {
            if (s.get("value").asText().startsWith("y")) {
                cut = s;
            }
        }
        assertThat(cut).isNotNull();
        assertThat(cut.get("value").asText()).hasSize(120);
        assertThat(cut.get("truncated").asBoolean()).isTrue();
    }

    private static byte[] utf16(String s) {
        byte[] b = new byte[2 * s.length()];
        for (int i = 0; i < s.length(); i++) {
            b[2 * i] = (byte) (s.charAt(i) >> 8);
            b[2 * i + 1] = (byte) s.charAt(i);
        }
        return b;
    }
}
