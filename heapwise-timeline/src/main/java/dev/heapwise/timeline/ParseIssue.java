package dev.heapwise.timeline;

/**
 * Something the parser noticed in a line. Immutable and thread-safe.
 *
 * @param line    the 1-based line number in the file
 * @param skipped true when the line was left out of the result (a malformed heap or page line);
 *                false for a warning about a line that was still used
 * @param problem what is wrong, one line, with any quoted input shortened and made printable
 */
public record ParseIssue(long line, boolean skipped, String problem) {}
