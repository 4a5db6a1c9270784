package dev.heapwise.cli.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.heapwise.analysis.fixture.SyntheticHeap;
import dev.heapwise.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
