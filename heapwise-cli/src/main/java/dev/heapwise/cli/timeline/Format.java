package dev.heapwise.cli.timeline;

import dev.heapwise.timeline.TimelineNumbers;
import java.util.Locale;

/** Number formats of the text report. Stateless. */
final class Format {
    private Format() {}

    /** e.g. {@code 59.3%}. */
    static String percent(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", v);
    }

    /** e.g. {@code +2.8 pp}. */
    static String points(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%+.1f pp", v);
    }

    /** A number as written: no exponent, no trailing {@code .0}; {@code n/a} for NaN. */
    static String plain(double v) {
        return Double.isNaN(v) ? "n/a" : TimelineNumbers.plain(v);
    }

    /** Up to {@code max} numbers joined by ", ", then "... (N more)". */
    static String list(int[] values, int max) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(max, values.length); i++) {
            out.append(i == 0 ? "" : ", ").append(values[i]);
        }
        if (values.length > max) {
            out.append(", ... (").append(values.length - max).append(" more)");
        }
        return out.length() == 0 ? "none" : out.toString();
    }
}
