package dev.heapwise.analysis.report;

import dev.heapwise.analysis.waste.WasteReport;
import dev.heapwise.graph.Printable;
import dev.heapwise.graph.Units;
import java.util.List;
import java.util.Locale;

/**
 * Renders a {@link HeapReport} as one self-contained HTML page: inline CSS, no script, no external
 * resource, plain tables, {@code <details>} for the long parts. The same report always gives the
 * same bytes. Pure formatting: no dump reads.
 */
public final class HtmlReport {
    private HtmlReport() {}

    private static final String END_TABLE = "</table></div>\n";

    private static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1b1f24;background:#fff}
            header{background:#24292f;color:#fff;padding:16px 24px}header h1{margin:0;font-size:20px}
            nav{padding:8px 24px;background:#f6f8fa;border-bottom:1px solid #d0d7de}nav a{margin-right:16px}
            main{padding:8px 24px 48px;max-width:1200px}h2{border-bottom:1px solid #d0d7de;padding-bottom:4px;margin-top:32px}
            table{border-collapse:collapse;margin:8px 0}th,td{padding:3px 10px;border-bottom:1px solid #eaeef2;vertical-align:top}
            th{text-align:left;background:#f6f8fa}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            code,pre{font:12.5px ui-monospace,SFMono-Regular,Menlo,monospace}pre{background:#f6f8fa;padding:10px;overflow:auto}
            .muted{color:#57606a}.yes{color:#cf222e;font-weight:600}.no{color:#1a7f37}.unknown{color:#9a6700}
            details{margin:6px 0}summary{cursor:pointer}.suspect{text-decoration:underline wavy #cf222e}
            body{overflow-wrap:anywhere}th{white-space:nowrap}.scroll{overflow-x:auto;max-width:100%}
            .leaf{margin:6px 0;padding-left:1.1em}.dom>.scroll{margin-left:1.1em}
            """;

    public static String render(HeapReport r) {
        StringBuilder sb = new StringBuilder(1 << 16);
        sb.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        sb.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        sb.append("<title>heapwise report: ").append(esc(r.overview().file())).append("</title>\n");
        sb.append("<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
        sb.append("<header><h1>heapwise report: ").append(esc(r.overview().file())).append("</h1></header>\n");
        sb.append("<nav><a href=\"#overview\">Overview</a><a href=\"#histogram\">Histogram</a>")
                .append("<a href=\"#dominators\">Dominator tree</a><a href=\"#suspects\">Leak suspects</a>")
                .append("<a href=\"#leaks\">Leak traces</a><a href=\"#waste\">Waste</a><a href=\"#threads\">Threads</a></nav>\n");
        sb.append("<main>\n");
        overview(sb, r.overview());
        histogram(sb, r.histogram(), r.overview().reachableSize());
        dominators(sb, r.dominators(), r.overview().reachableSize());
        suspects(sb, r.suspects());
        leaks(sb, r.leaks());
        waste(sb, r.waste());
        threads(sb, r.threads());
        sb.append("</main>\n</body>\n</html>\n");
        return sb.toString();
    }

    /** HTML-escapes text from the dump, with what a page cannot show made visible ({@link Printable#escape}). */
    static String esc(String s) {
        if (s == null) {
            return "";
        }
        String visible = Printable.escape(s, true);
        StringBuilder sb = new StringBuilder(visible.length() + 8);
        for (int i = 0; i < visible.length(); i++) {
            char c = visible.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static String pct(long part, long whole) {
        return pct(whole == 0 ? 0 : (double) part / whole);
    }

    /** As {@link Units#percent}, but a share too small to show as 0.1% is "&lt;0.1%", not "0.0%". */
    static String pct(double fraction) {
        return fraction > 0 && fraction < 0.0005 ? "<0.1%" : Units.percent(fraction);
    }

    /** A table in a box that scrolls sideways, so that a wide one does not widen the page. */
    private static void table(StringBuilder sb, String... headers) {
        sb.append("<div class=\"scroll\"><table>\n");
        if (headers.length > 0) {
            sb.append("<tr>");
            for (String h : headers) {
                sb.append("<th>").append(h).append("</th>");
            }
            sb.append("</tr>\n");
        }
    }

    private static void row(StringBuilder sb, String... cells) {
        sb.append("<tr>");
        for (String c : cells) {
            sb.append(c);
        }
        sb.append("</tr>\n");
    }

    private static String td(String text) {
        return "<td>" + esc(text) + "</td>";
    }

    private static String num(String text) {
        return "<td class=\"n\">" + esc(text) + "</td>";
    }

    private static String code(String text) {
        return "<td><code>" + esc(text) + "</code></td>";
    }

    private static void overview(StringBuilder sb, HeapReport.Overview o) {
        sb.append("<h2 id=\"overview\">Overview</h2>\n");
        table(sb);
        row(sb, "<th>dump</th>", td(o.file()));
        row(sb, "<th>format</th>", td(o.format() + ", " + o.idSize() + "-byte ids, sizes as " + o.vm()));
        row(sb, "<th>objects</th>", td(Units.count(o.objects())));
        row(sb, "<th>classes</th>", td(Units.count(o.classes())));
        row(sb, "<th>references</th>", td(Units.count(o.references()) + (o.localReferences() == 0 ? ""
                : " (" + Units.count(o.localReferences()) + " from threads to what their stacks hold)")));
        row(sb, "<th>GC roots</th>", td(Units.count(o.gcRoots())));
        row(sb, "<th>heap (all objects)</th>", td(Units.bytes(o.totalShallowSize())));
        row(sb, "<th>reachable</th>", td(Units.count(o.reachableObjects()) + " objects, " + Units.bytes(o.reachableSize())));
        row(sb, "<th>unreachable</th>", td(Units.count(o.unreachableObjects()) + " objects, "
                + Units.bytes(o.unreachableSize()) + " (left out of the analyses, as MAT does)"));
        row(sb, "<th>heaps</th>", td(String.join(", ", o.heaps())));
        if (o.partial()) {
            row(sb, "<th>partial</th>", td("the dump was cut short; only complete records were read"));
        }
        if (o.outOfMemoryErrorThread() != null) {
            row(sb, "<th>OutOfMemoryError</th>", td("thrown by thread \"" + o.outOfMemoryErrorThread() + "\""));
        }
        sb.append(END_TABLE);
        if (!o.warnings().isEmpty()) {
            int count = o.warnings().size();
            sb.append("<details><summary>").append(count).append(count == 1 ? " warning" : " warnings")
                    .append("</summary><ul>\n");
            for (String w : o.warnings()) {
                sb.append("<li>").append(esc(w)).append("</li>\n");
            }
            sb.append("</ul></details>\n");
        }
    }

    private static void histogram(StringBuilder sb, List<HeapReport.ClassRow> rows, long heap) {
        sb.append("<h2 id=\"histogram\">Histogram</h2>\n<p class=\"muted\">Classes by retained size (the union of")
                .append(" their instances' retained sets); the first ").append(rows.size()).append(". Reachable")
                .append(" objects only, as in the rest of the report: the unreachable ones are counted in the")
                .append(" overview.</p>\n");
        table(sb, "class", "objects", "shallow", "retained", "heap");
        for (HeapReport.ClassRow c : rows) {
            row(sb, code(c.name()), num(Units.count(c.count())), num(Units.bytes(c.shallowSize())),
                    num(Units.bytes(c.retainedSize())), num(pct(c.retainedSize(), heap)));
        }
        sb.append(END_TABLE);
    }

    /** One collapsed block per top-level object, its subtree as an indented table inside. */
    private static void dominators(StringBuilder sb, List<HeapReport.TreeNode> nodes, long heap) {
        sb.append("<h2 id=\"dominators\">Dominator tree</h2>\n<p class=\"muted\">The objects that keep the most")
                .append(" memory alive, biggest first; each opens to what it dominates.</p>\n");
        for (HeapReport.TreeNode n : nodes) {
            String line = "<code>" + esc(label(n)) + "</code> <span class=\"muted\">shallow "
                    + esc(Units.bytes(n.shallowSize())) + " · retained " + esc(Units.bytes(n.retainedSize())) + " · "
                    + esc(pct(n.retainedSize(), heap)) + "</span>";
            if (n.childCount() == 0) {
                sb.append("<p class=\"leaf\">").append(line).append("</p>\n");
                continue;
            }
            sb.append("<details class=\"dom\"><summary>").append(line).append("</summary>");
            table(sb, "object", "shallow", "retained", "heap");
            children(sb, n, 0, heap);
            sb.append(END_TABLE).append("</details>\n");
        }
    }

    private static String label(HeapReport.TreeNode n) {
        return (n.kind().equals("class") ? "class " : "") + n.className() + " @ " + n.id();
    }

    private static void children(StringBuilder sb, HeapReport.TreeNode n, int depth, long heap) {
        String indent = "<td style=\"padding-left:" + (10 + 18 * depth) + "px\"";
        for (HeapReport.TreeNode c : n.children()) {
            row(sb, indent + "><code>" + esc(label(c)) + "</code></td>", num(Units.bytes(c.shallowSize())),
                    num(Units.bytes(c.retainedSize())), num(pct(c.retainedSize(), heap)));
            children(sb, c, depth + 1, heap);
        }
        if (n.childCount() > n.children().size()) {
            row(sb, indent + " colspan=\"4\" class=\"muted\">" + Units.count(n.childCount() - n.children().size())
                    + " more not shown</td>");
        }
    }

    private static void suspects(StringBuilder sb, List<HeapReport.SuspectRow> suspects) {
        sb.append("<h2 id=\"suspects\">Leak suspects</h2>\n");
        if (suspects.isEmpty()) {
            sb.append("<p>No single object or class retains 10% of the heap or more.</p>\n");
            return;
        }
        int i = 0;
        for (HeapReport.SuspectRow s : suspects) {
            sb.append("<h3>Problem suspect ").append(++i).append(": ").append(esc(Units.bytes(s.retainedSize())))
                    .append(" (").append(esc(pct(s.percent() / 100))).append(")</h3>\n<p>").append(esc(s.description()))
                    .append("</p>\n");
            path(sb, s.path());
        }
    }

    private static void path(StringBuilder sb, List<HeapReport.PathStep> steps) {
        if (steps.isEmpty()) {
            return;
        }
        sb.append("<details><summary>Shortest path from a GC root</summary><pre>");
        for (int k = 0; k < steps.size(); k++) {
            HeapReport.PathStep s = steps.get(k);
            sb.append("  ".repeat(k));
            if (s.reference() != null) {
                sb.append(esc(s.reference().startsWith("[") ? s.reference()
                        : (s.staticField() ? "static ." : ".") + s.reference())).append(" → ");
            }
            sb.append(esc((s.kind().equals("class") ? "class " : "") + s.className() + " @ " + s.id()));
            if (s.root() != null) {
                sb.append("  [GC root: ").append(esc(s.root())).append(']');
            }
            sb.append('\n');
        }
        sb.append("</pre></details>\n");
    }

    private static void leaks(StringBuilder sb, HeapReport.Leaks l) {
        sb.append("<h2 id=\"leaks\">Leak traces</h2>\n");
        if (l.finders().isEmpty()) {
            sb.append("<p>No leak finder applies to this dump (no LeakCanary references, no Android lifecycle")
                    .append(" classes). <code>heapwise leaks --class NAME</code> looks for the instances of a class.</p>\n");
            return;
        }
        sb.append("<p>Finders: ").append(esc(String.join(", ", l.finders()))).append(". Leaking objects: ")
                .append(l.leakingObjects()).append(l.withoutPath() > 0 ? " (" + l.withoutPath()
                        + " without a strong path: they will be collected)" : "")
                .append(l.throughOtherLeaking() > 0 ? "; " + l.throughOtherLeaking() + " reached through another"
                        + " leaking object, with no trace of their own" : "").append(".</p>\n");
        if (l.leaks().isEmpty()) {
            sb.append("<p>No leaks.</p>\n");
            return;
        }
        table(sb, "leak", "kind", "objects", "retained");
        for (HeapReport.LeakRow r : l.leaks()) {
            row(sb, code(r.description()), td(r.libraryLeak() ? "library" : "application"),
                    num(Units.count(r.sameSignature())), num(Units.bytes(r.retainedSize())));
        }
        sb.append(END_TABLE);
        for (HeapReport.LeakRow r : l.leaks()) {
            sb.append("<details><summary><code>").append(esc(r.className())).append("</code> · signature ")
                    .append(esc(r.signature())).append("</summary><pre>").append(esc(r.text())).append("</pre></details>\n");
        }
    }

    private static void waste(StringBuilder sb, WasteReport w) {
        sb.append("<h2 id=\"waste\">Waste</h2>\n");
        table(sb, "kind", "objects", "overhead", "heap");
        for (WasteReport.Finding f : w.summary()) {
            row(sb, td(f.kind()), num(Units.count(f.objects())), num(Units.bytes(f.bytes())), num(pct(f.fraction())));
        }
        sb.append(END_TABLE);
        if (!w.strings().top().isEmpty()) {
            sb.append("<details><summary>Duplicate strings</summary>");
            table(sb, "copies", "wasted", "value");
            for (WasteReport.StringGroup s : w.strings().top()) {
                row(sb, num(Units.count(s.count())), num(Units.bytes(s.wastedBytes())),
                        code("\"" + s.value() + "\"" + (s.truncated() ? "…" : "")));
            }
            sb.append(END_TABLE).append("</details>\n");
        }
        if (!w.arrays().top().isEmpty()) {
            sb.append("<details><summary>Duplicate primitive arrays</summary>");
            table(sb, "copies", "wasted", "array");
            for (WasteReport.ArrayGroup a : w.arrays().top()) {
                row(sb, num(Units.count(a.count())), num(Units.bytes(a.wastedBytes())),
                        code(a.className() + " length " + Units.count(a.length()) + " " + a.preview()));
            }
            sb.append(END_TABLE).append("</details>\n");
        }
        if (!w.collections().isEmpty()) {
            sb.append("<details><summary>Collections</summary>");
            table(sb, "class", "count", "empty", "empty retain", "sparse", "mean fill", "unused slots");
            for (WasteReport.CollectionWaste c : w.collections()) {
                row(sb, code(c.className()), num(Units.count(c.count())), num(Units.count(c.empty())),
                        num(Units.bytes(c.emptyRetainedBytes())), num(Units.count(c.sparse())),
                        num(String.format(Locale.ROOT, "%.2f", c.meanFillRatio())), num(Units.bytes(c.unusedSlotBytes())));
            }
            sb.append(END_TABLE).append("</details>\n");
        }
        if (!w.boxes().isEmpty() || !w.zeroLengthArrays().isEmpty()) {
            sb.append("<details><summary>Boxed primitives and zero-length arrays</summary>");
            table(sb, "class", "count", "overhead");
            for (WasteReport.BoxWaste b : w.boxes()) {
                row(sb, code(b.className()), num(Units.count(b.count())), num(Units.bytes(b.overheadBytes())));
            }
            for (WasteReport.EmptyArrays e : w.zeroLengthArrays()) {
                row(sb, code(e.className() + " (length 0)"), num(Units.count(e.count())), num(Units.bytes(e.overheadBytes())));
            }
            sb.append(END_TABLE).append("</details>\n");
        }
    }

    private static void threads(StringBuilder sb, List<HeapReport.ThreadRow> threads) {
        sb.append("<h2 id=\"threads\">Threads</h2>\n");
        if (threads.isEmpty()) {
            sb.append("<p>The dump records no threads.</p>\n");
            return;
        }
        sb.append("<p class=\"muted\">A thread retains what only its stack holds (its frames' locals, as")
                .append(" in MAT); a frame's locals retain what the thread dominates through them, each object")
                .append(" counted in the topmost frame that holds it.</p>\n");
        table(sb, "thread", "object", "retained", "locals retain", "frames");
        for (HeapReport.ThreadRow t : threads) {
            row(sb, code(threadName(t)), td(t.threadObjectId() == null ? "" : t.threadObjectId()),
                    num(Units.bytes(t.retainedSize())), num(Units.bytes(t.localsRetainedSize())),
                    num(Integer.toString(t.frames().size())));
        }
        sb.append(END_TABLE);
        for (HeapReport.ThreadRow t : threads) {
            if (t.frames().isEmpty() && t.otherLocals().isEmpty()) {
                continue;
            }
            sb.append("<details><summary><code>").append(esc(threadName(t))).append("</code></summary><pre>");
            for (HeapReport.FrameRow f : t.frames()) {
                sb.append("at ").append(esc(f.frame()));
                if (f.localsRetainedSize() > 0) {
                    sb.append("  (locals retain ").append(esc(Units.bytes(f.localsRetainedSize()))).append(')');
                }
                sb.append('\n');
                locals(sb, f.locals());
            }
            if (!t.otherLocals().isEmpty()) {
                sb.append("without a frame (JNI locals, thread-block roots):\n");
                locals(sb, t.otherLocals());
            }
            sb.append("</pre></details>\n");
        }
    }

    private static String threadName(HeapReport.ThreadRow t) {
        String name = t.name().isEmpty() ? "(unnamed)" : t.name();
        return t.threwOutOfMemoryError() ? name + " (threw the OutOfMemoryError)" : name;
    }

    private static void locals(StringBuilder sb, List<HeapReport.LocalRow> locals) {
        for (HeapReport.LocalRow l : locals) {
            sb.append("    holds ").append(esc(l.className())).append(" @ ").append(esc(l.id())).append(" (")
                    .append(esc(Units.bytes(l.retainedSize()))).append(" retained)\n");
        }
    }
}
