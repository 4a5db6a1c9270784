package dev.heapwise.analysis.leaks;

import dev.heapwise.graph.Units;
import java.util.List;

/**
 * Leak reports as text in LeakCanary's layout: a header per group, then each trace drawn from the
 * GC root down with box-drawing characters, "Leaking: YES/NO/UNKNOWN (reason)" under every node,
 * and the suspect references underlined with {@code ~}. Pure formatting; no dump reads.
 */
public final class LeakTraceFormat {
    private LeakTraceFormat() {}

    public static String format(LeakReport report) {
        StringBuilder sb = new StringBuilder();
        sb.append("====================================\n");
        sb.append("HEAP ANALYSIS RESULT\n");
        sb.append("====================================\n");
        group(sb, report.applicationLeaks(), "APPLICATION LEAKS",
                "References underlined with \"~~~\" are likely causes.");
        group(sb, report.libraryLeaks(), "LIBRARY LEAKS",
                "A Library Leak is a leak caused by a known bug in 3rd party code that you do not have control over.");
        sb.append("====================================\n");
        sb.append("METADATA\n\n");
        if (report.androidBuild() != null) { // as LeakCanary names them: the known leaks were chosen by them
            sb.append("Build.VERSION.SDK_INT: ").append(report.androidBuild().sdkInt()).append('\n');
            sb.append("Build.MANUFACTURER: ").append(report.androidBuild().manufacturer()).append('\n');
        }
        sb.append("Leak finders: ").append(report.finders().isEmpty() ? "none applied" : String.join(", ", report.finders()))
                .append('\n');
        sb.append("Leaking objects found: ").append(report.leakingObjects()).append('\n');
        if (report.withoutPath() > 0) {
            sb.append("Of those, without a strong path from a GC root (will be collected): ")
                    .append(report.withoutPath()).append('\n');
        }
        if (report.throughOther() > 0) {
            sb.append("Of those, reached through another leaking object (no trace of their own, as in Shark): ")
                    .append(report.throughOther()).append('\n');
        }
        sb.append("====================================\n");
        return sb.toString();
    }

    private static void group(StringBuilder sb, List<Leak> leaks, String title, String intro) {
        sb.append(leaks.size()).append(' ').append(title).append("\n\n");
        if (leaks.isEmpty()) {
            sb.append("====================================\n");
            return;
        }
        sb.append(intro).append("\n\n");
        for (Leak leak : leaks) {
            // LeakCanary's order: a library leak's pattern and description come first.
            if (leak.libraryMatcher() != null) {
                sb.append("Leak pattern: ").append(leak.libraryMatcher().pattern()).append('\n');
                sb.append("Description: ").append(leak.libraryMatcher().description()).append('\n');
            }
            sb.append(Units.bytes(leak.totalRetainedSize())).append(" retained by leaking objects\n");
            if (leak.traceCount() > 1) {
                sb.append("Displaying only 1 leak trace out of ").append(leak.traceCount())
                        .append(" with the same signature\n");
            }
            sb.append("Signature: ").append(leak.signature()).append('\n');
            trace(sb, leak.traces().getFirst());
            sb.append('\n');
        }
        sb.append("====================================\n");
    }

    /** One trace in LeakCanary's drawing. */
    public static void trace(StringBuilder sb, LeakTrace t) {
        List<LeakTrace.Node> nodes = t.nodes();
        sb.append("┬───\n");
        LeakTrace.Node first = nodes.getFirst();
        sb.append("│ GC Root: ").append(first.rootDetail() == null ? "unknown" : first.rootDetail()).append('\n');
        sb.append("│\n");
        for (int i = 0; i < nodes.size(); i++) {
            LeakTrace.Node n = nodes.get(i);
            boolean last = i == nodes.size() - 1;
            String bar = last ? "\u200B  " : "│ ";
            sb.append(last ? "╰→ " : "├─ ").append(n.className()).append(' ').append(n.kind()).append('\n');
            sb.append(bar).append("   Leaking: ").append(n.status());
            if (!n.reason().isEmpty()) {
                sb.append(" (").append(n.reason()).append(')');
            }
            sb.append('\n');
            if (last) { // where LeakCanary puts it: after the verdict, before the labels
                sb.append(bar).append("   Retaining ").append(Units.bytes(t.retainedSize())).append(" in ")
                        .append(Units.count(t.retainedCount())).append(t.retainedCount() == 1 ? " object" : " objects")
                        .append('\n');
            }
            for (String label : n.labels()) {
                sb.append(bar).append("   ").append(label).append('\n');
            }
            if (last) {
                for (String d : t.details()) {
                    if (!n.labels().contains(d)) { // LeakCanary's key is also the inspectors' label
                        sb.append(bar).append("   ").append(d).append('\n');
                    }
                }
            } else if (n.reference() != null) {
                String arrow = "   ↓ " + n.reference().display();
                sb.append(bar).append(arrow).append('\n');
                if (n.suspect()) {
                    int nameAt = arrow.length() - n.reference().name().length();
                    sb.append(bar).append(" ".repeat(nameAt)).append("~".repeat(n.reference().name().length())).append('\n');
                }
            }
        }
    }
}
