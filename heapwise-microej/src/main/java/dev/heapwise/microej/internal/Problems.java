package dev.heapwise.microej.internal;

import dev.heapwise.graph.DumpFormatException;
import dev.heapwise.microej.ReadReport;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * What to do when the dump breaks a rule: strictly, fail at once with the file, line and column;
 * leniently, count the problem (keeping the first place it happened) and let the reader skip what
 * it cannot read. Not thread-safe.
 */
public final class Problems {
    private final Path file;
    private final boolean lenient;
    private final Map<ReadReport.Problem, long[]> counts = new EnumMap<>(ReadReport.Problem.class);
    private final Map<ReadReport.Problem, String> first = new EnumMap<>(ReadReport.Problem.class);

    public Problems(Path file, boolean lenient) {
        this.file = file;
        this.lenient = lenient;
    }

    public boolean lenient() {
        return lenient;
    }

    public Path file() {
        return file;
    }

    /** Reports a problem at a place: throws when strict, counts when lenient. */
    public void report(ReadReport.Problem kind, int line, int column, String message) throws DumpFormatException {
        if (!lenient) {
            throw new DumpFormatException(file, line, column, message, null);
        }
        long[] c = counts.computeIfAbsent(kind, k -> new long[1]);
        if (c[0]++ == 0) {
            first.put(kind, "line " + line + ", column " + column + ": " + message);
        }
    }

    /** The report of what was skipped (empty when nothing was). */
    public ReadReport report() {
        Map<ReadReport.Problem, ReadReport.Count> out = new EnumMap<>(ReadReport.Problem.class);
        for (var e : counts.entrySet()) {
            out.put(e.getKey(), new ReadReport.Count(e.getValue()[0], first.get(e.getKey())));
        }
        return new ReadReport(lenient, out);
    }
}
