package dev.heapwise.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.analysis.waste.WasteReport;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link HtmlReport}: what text from a dump becomes, and the layout of the long sections. */
class HtmlReportTest {

    @Test
    void loneSurrogatesAreShownAsEscapesAndPairsKept() {
        assertThat(HtmlReport.esc("a\uD800b")).isEqualTo("a\\uD800b");
        assertThat(HtmlReport.esc("\uDC00x\uD83D")).isEqualTo("\\uDC00x\\uD83D");
        assertThat(HtmlReport.esc("\uD83D\uDE00")).isEqualTo("\uD83D\uDE00");
        // What is left encodes as UTF-8 without loss.
        String e = HtmlReport.esc("\uD800\uD83D\uDE00\uDFFF");
        assertThat(new String(e.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(e);
    }

    @Test
    void controlCharactersAreShownAsEscapesAndRunsOnce() {
        assertThat(HtmlReport.esc("a\u0007b")).isEqualTo("a\\u0007b");
        assertThat(HtmlReport.esc("\0".repeat(40))).isEqualTo("\\u0000×40");
        assertThat(HtmlReport.esc("\0\0x\u001b[31m")).isEqualTo("\\u0000\\u0000x\\u001b[31m");
        assertThat(HtmlReport.esc("\u007f\u0085")).isEqualTo("\\u007f\\u0085");
        assertThat(HtmlReport.esc("a\nb\tc<&>\"'")).isEqualTo("a\nb\tc&lt;&amp;&gt;&quot;&#39;");
        assertThat(HtmlReport.esc("\r\u0000")).doesNotContain("&#").isEqualTo("\\u000d\\u0000");
    }

    @Test
    void tinySharesAreNotZero() {
        assertThat(HtmlReport.pct(0.0001)).isEqualTo("<0.1%");
        assertThat(HtmlReport.pct(0)).isEqualTo("0.0%");
        assertThat(HtmlReport.pct(0.0005)).isEqualTo("0.1%");
        assertThat(HtmlReport.pct(0.25)).isEqualTo("25.0%");
    }

    @Test
    void sectionsShowWhatTheDataSays() {
        HeapReport.TreeNode grandchild = new HeapReport.TreeNode("0x3", "c.Leaf", "instance", 16, 16, 7, List.of());
        HeapReport.TreeNode child = new HeapReport.TreeNode("0x2", "c.Mid", "instance", 16, 100, 5, List.of(grandchild));
        HeapReport.TreeNode top = new HeapReport.TreeNode("0x1", "c.Top", "instance", 24, 1000, 1, List.of(child));
        HeapReport.TreeNode alone = new HeapReport.TreeNode("0x9", "c.Alone", "instance", 8, 8, 0, List.of());
        List<HeapReport.PathStep> path = List.of(
                new HeapReport.PathStep("0x10", "c.Holder", "class", null, false, "sticky class"),
                new HeapReport.PathStep("0x1", "c.Top", "instance", "sCache", true, null),
                new HeapReport.PathStep("0x2", "c.Mid", "instance", "next", false, null));
        HeapReport.SuspectRow suspect = new HeapReport.SuspectRow("object", "c.Top", 1, 1000, 50.0, "c.Top holds it",
                "0x1", "c.Top", path);
        WasteReport waste = new WasteReport(2000, List.of(new WasteReport.Finding("duplicate strings", 2, 1, 0.0001)),
                new WasteReport.DuplicateStrings(2, 1, 10, List.of(
                        new WasteReport.StringGroup("x".repeat(120), 2, 1, 10, true),
                        new WasteReport.StringGroup("whole", 2, 1, 10, false))),
                new WasteReport.DuplicateArrays(0, 0, List.of()), List.of(), List.of(), List.of());
        List<HeapReport.ThreadRow> threads = List.of(new HeapReport.ThreadRow("", "0x20", 64, List.of(),
                List.of(new HeapReport.LocalRow("0x21", "c.Local", 48)), 48, false),
                new HeapReport.ThreadRow("worker", "0x30", 900, List.of(new HeapReport.FrameRow("c.W.run(W.java:7)",
                        List.of(new HeapReport.LocalRow("0x31", "c.Big", 800)), 800)), List.of(), 800, true));
        HeapReport r = new HeapReport(new HeapReport.Overview("d.hprof", "HPROF", "vm", 8, 5, 1, 4, 1, 2000, 5, 2000,
                0, 0, List.of("default"), false, List.of(), 2, "worker"), List.of(), List.of(top, alone), List.of(suspect),
                new HeapReport.Leaks(List.of(), 0, 0, 0, List.of()), waste, threads);
        String html = HtmlReport.render(r);

        // Each top-level object folded, its subtree inside with what is left out counted.
        assertThat(html).contains("<details class=\"dom\"><summary><code>c.Top @ 0x1</code> <span class=\"muted\">"
                + "shallow 24 B · retained 1000 B · 50.0%</span></summary>");
        assertThat(html).contains("<td style=\"padding-left:46px\" colspan=\"4\" class=\"muted\">7 more not shown</td>",
                "<td style=\"padding-left:28px\" colspan=\"4\" class=\"muted\">4 more not shown</td>");
        assertThat(html).doesNotContain(">0 more", "1 more");
        assertThat(html).contains("<p class=\"leaf\"><code>c.Alone @ 0x9</code>");
        // A static field says so, as the CLI's path does.
        assertThat(html).contains("static .sCache → c.Top @ 0x1", ".next → c.Mid @ 0x2");
        // A cut string ends in an ellipsis; a whole one does not.
        assertThat(html).contains("&quot;" + "x".repeat(120) + "&quot;…</code>", "&quot;whole&quot;</code>");
        assertThat(html).contains("<td class=\"n\">&lt;0.1%</td>");
        // A thread without frames shows what it holds; no name shows as "(unnamed)", in the table and the details.
        assertThat(html).contains("<td><code>(unnamed)</code></td>", "<summary><code>(unnamed)</code></summary>",
                "    holds c.Local @ 0x21 (48 B retained)");
        // A frame says what its locals retain; the thread that threw the OutOfMemoryError is named.
        assertThat(html).contains("at c.W.run(W.java:7)  (locals retain 800 B)\n    holds c.Big @ 0x31 (800 B retained)",
                "<td><code>worker (threw the OutOfMemoryError)</code></td>",
                "<th>OutOfMemoryError</th><td>thrown by thread &quot;worker&quot;</td>",
                "<td>4 (2 from threads to what their stacks hold)</td>");
        // Every table scrolls in its own box.
        assertThat(html.split("<table>", -1).length).isEqualTo(html.split("<div class=\"scroll\"><table>", -1).length);
    }

    @Test
    void oneWarningIsNotWarnings() {
        assertThat(HtmlReport.render(withWarnings(List.of("w1")))).contains("<summary>1 warning</summary>");
        assertThat(HtmlReport.render(withWarnings(List.of("w1", "w2")))).contains("<summary>2 warnings</summary>");
        assertThat(HtmlReport.render(withWarnings(List.of()))).doesNotContain("warning");
    }

    private static HeapReport withWarnings(List<String> warnings) {
        WasteReport waste = new WasteReport(0, List.of(), new WasteReport.DuplicateStrings(0, 0, 0, List.of()),
                new WasteReport.DuplicateArrays(0, 0, List.of()), List.of(), List.of(), List.of());
        return new HeapReport(new HeapReport.Overview("d.hprof", "HPROF", "vm", 8, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                List.of("default"), false, warnings, 0, null), List.of(), List.of(), List.of(),
                new HeapReport.Leaks(List.of(), 0, 0, 0, List.of()), waste, List.of());
    }
}
