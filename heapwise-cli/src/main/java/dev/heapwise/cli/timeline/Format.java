package dev.heapwise.cli.timeline;

import java.util.Locale;

/** Number formats of the text report. Stateless. */
final class Format {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

    private Format() {}

    /** e.g. {@code 9.78 MiB}; {@code n/a} for NaN. */
    static String bytes(double bytes) {
        if (Double.isNaN(bytes)) {
            return "n/a";
        }
        double v = Math.abs(bytes);
        int unit = 0;
        while (v >= 1024 && unit < UNITS.length - 1) {
            v /= 1024;
            unit++;
        }
        String sign = bytes < 0 ? "-" : "";
        if (unit == 0) {
            return sign + String.format(Locale.ROOT, "%.0f B", v);
        }
        return sign + String.format(Locale.ROOT, v >= 100 ? "%.0f %s" : v >= 10 ? "%.1f %s" : "%.2f %s", v, UNITS[unit]);
    }

    /** e.g. {@code 59.3%}. */
    static String percent(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", v);
    }

    /** e.g. {@code +2.8 pp}. */
    static String points(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%+.1f pp", v);
    }

    /** A number as written: no exponent, no trailing {@code .0}. */
    static String plain(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return new java.math.BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
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
