package dev.heapwise.timeline.internal;

/**
 * Parses one phase-1 line in place, the hot path of the timeline parser. The accepted shapes are
 * {@code <bytes>,<true|false>} (the seed's format) and {@code <timestamp>,<bytes>[,<true|false>]}
 * (the timestamped variant); fields may be padded with spaces or tabs and the flag is
 * case-insensitive. The result is left in the fields of this object, so nothing is allocated per
 * line unless the line is malformed. Not thread-safe: one instance per parse.
 */
public final class SampleLineParser {
    /** What {@link #parse} found. */
    public enum Shape {
        /** {@code <bytes>,<true|false>}. */
        PLAIN,
        /** {@code <timestamp>,<bytes>} or {@code <timestamp>,<bytes>,<true|false>}. */
        TIMESTAMPED,
        /** Not a sample; {@link #problem()} says why. */
        MALFORMED
    }

    private static final int MAX_FIELDS = 3;
    private final int[] fieldStart = new int[MAX_FIELDS];
    private final int[] fieldEnd = new int[MAX_FIELDS];

    private double timestamp;
    private double heapBytes;
    private boolean marker;
    private String problem;

    /** Parses {@code b[from .. to)}. */
    public Shape parse(byte[] b, int from, int to) {
        problem = null;
        int fields = split(b, from, to);
        if (fields < 2 || fields > MAX_FIELDS) {
            return malformed("expected <bytes>,<true|false> or <timestamp>,<bytes>[,<true|false>]");
        }
        if (fields == 2) {
            int flag = flag(b, fieldStart[1], fieldEnd[1]);
            if (flag >= 0) {
                timestamp = Double.NaN;
                marker = flag == 1;
                return heapBytes(b, 0) ? Shape.PLAIN : Shape.MALFORMED;
            }
            double second = AsciiDecimal.parse(b, fieldStart[1], fieldEnd[1]);
            if (Double.isNaN(second)) {
                return malformed("second field '" + text(b, 1) + "' is neither true/false nor a number");
            }
            marker = false;
            return timestamp(b) && heapBytes(b, 1) ? Shape.TIMESTAMPED : Shape.MALFORMED;
        }
        int flag = flag(b, fieldStart[2], fieldEnd[2]);
        if (flag < 0) {
            return malformed("marker flag '" + text(b, 2) + "' is neither true nor false");
        }
        marker = flag == 1;
        return timestamp(b) && heapBytes(b, 1) ? Shape.TIMESTAMPED : Shape.MALFORMED;
    }

    /** The timestamp of a {@link Shape#TIMESTAMPED} line; NaN for a plain one. */
    public double timestamp() {
        return timestamp;
    }

    public double heapBytes() {
        return heapBytes;
    }

    public boolean marker() {
        return marker;
    }

    /** Why the last line was {@link Shape#MALFORMED}. */
    public String problem() {
        return problem;
    }

    private boolean heapBytes(byte[] b, int field) {
        heapBytes = AsciiDecimal.parse(b, fieldStart[field], fieldEnd[field]);
        if (Double.isNaN(heapBytes)) {
            malformed("heap bytes '" + text(b, field) + "' is not a number");
            return false;
        }
        if (heapBytes < 0) {
            malformed("heap bytes " + text(b, field) + " is negative");
            return false;
        }
        return true;
    }

    private boolean timestamp(byte[] b) {
        timestamp = AsciiDecimal.parse(b, fieldStart[0], fieldEnd[0]);
        if (Double.isNaN(timestamp)) {
            malformed("timestamp '" + text(b, 0) + "' is not a number");
            return false;
        }
        return true;
    }

    private Shape malformed(String why) {
        problem = why;
        return Shape.MALFORMED;
    }

    /** Splits at commas into trimmed fields; returns the field count, MAX_FIELDS + 1 if more. */
    private int split(byte[] b, int from, int to) {
        int fields = 0;
        int start = from;
        for (int i = from; i <= to; i++) {
            if (i == to || b[i] == ',') {
                if (fields == MAX_FIELDS) {
                    return MAX_FIELDS + 1;
                }
                int s = start;
                int e = i;
                while (s < e && isBlank(b[s])) {
                    s++;
                }
                while (e > s && isBlank(b[e - 1])) {
                    e--;
                }
                fieldStart[fields] = s;
                fieldEnd[fields] = e;
                fields++;
                start = i + 1;
            }
        }
        return fields;
    }

    /** 1 for true, 0 for false (any case), -1 otherwise. */
    private static int flag(byte[] b, int from, int to) {
        int n = to - from;
        if (n == 4 && lower(b[from]) == 't' && lower(b[from + 1]) == 'r' && lower(b[from + 2]) == 'u'
                && lower(b[from + 3]) == 'e') {
            return 1;
        }
        if (n == 5 && lower(b[from]) == 'f' && lower(b[from + 1]) == 'a' && lower(b[from + 2]) == 'l'
                && lower(b[from + 3]) == 's' && lower(b[from + 4]) == 'e') {
            return 0;
        }
        return -1;
    }

    private String text(byte[] b, int field) {
        return Excerpt.of(b, fieldStart[field], fieldEnd[field]);
    }

    private static int lower(byte c) {
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    }

    private static boolean isBlank(byte c) {
        return c == ' ' || c == '\t';
    }
}
