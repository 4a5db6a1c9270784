package dev.heapwise.timeline;

import java.math.BigDecimal;
import java.util.Locale;

/** How timeline reports write numbers, shared by the SVG plot and the CLI's text report. Stateless, thread-safe. */
public final class TimelineNumbers {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

    private TimelineNumbers() {}

    /** A byte count in binary units, three significant digits at most: {@code 9.77 MiB}; {@code n/a} for NaN. */
    public static String bytes(double bytes) {
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
            return sign + plain(Math.rint(v)) + " B";
        }
        String digits = v >= 100 ? String.format(Locale.ROOT, "%.0f", v)
                : v >= 10 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.2f", v);
        return sign + digits + " " + UNITS[unit];
    }

    /** A number the way a person wrote it in the input: no exponent, no trailing {@code .0}. */
    public static String plain(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }
}
