package dev.heapwise.timeline.internal;

import dev.heapwise.timeline.ParseIssue;
import dev.heapwise.timeline.ParseReport;
import java.util.ArrayList;
import java.util.List;

/** Counts skipped lines and warnings and keeps the first few of them. Not thread-safe. */
public final class IssueCollector {
    private final List<ParseIssue> listed = new ArrayList<>();
    private long skipped;
    private long warnings;

    public void skip(long line, String problem) {
        skipped++;
        keep(new ParseIssue(line, true, problem));
    }

    public void warn(long line, String problem) {
        warnings++;
        keep(new ParseIssue(line, false, problem));
    }

    public ParseReport report(long lines, long bytes, long phase1Line, long phase2Line) {
        return new ParseReport(lines, bytes, phase1Line, phase2Line, skipped, warnings, listed);
    }

    private void keep(ParseIssue issue) {
        if (listed.size() < ParseReport.MAX_LISTED_ISSUES) {
            listed.add(issue);
        }
    }
}
