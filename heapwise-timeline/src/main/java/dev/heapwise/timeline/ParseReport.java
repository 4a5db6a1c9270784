package dev.heapwise.timeline;

import java.util.List;

/**
 * How the parse went: where the phases began, and every line that was skipped or warned about.
 * Counts are exact; the list of issues keeps only the first {@link #MAX_LISTED_ISSUES} so that a
 * file of nothing but garbage cannot exhaust memory. Immutable and thread-safe.
 *
 * @param lines         lines in the file
 * @param bytes         bytes in the file
 * @param phase1Line    line of the {@code phase1: heap use} marker
 * @param phase2Line    line of the {@code phase2: page dump} marker
 * @param skippedLines  lines left out because they were malformed (both phases)
 * @param warnings      lines used but warned about (a duplicate page kind, an unreadable header
 *                      timestamp, a repeated phase marker)
 * @param issues        the first issues in file order, skipped lines and warnings together
 */
public record ParseReport(long lines, long bytes, long phase1Line, long phase2Line,
                          long skippedLines, long warnings, List<ParseIssue> issues) {
    /** At most this many issues are kept in {@link #issues()}. */
    public static final int MAX_LISTED_ISSUES = 10_000;

    public ParseReport {
        issues = List.copyOf(issues);
    }

    /** Issues counted but not listed because the list was full. */
    public long issuesLeftOut() {
        return skippedLines + warnings - issues.size();
    }
}
