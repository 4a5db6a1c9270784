package dev.heapwise.timeline.internal;

import java.util.Locale;

/** Human-readable byte counts (binary units: KiB, MiB, GiB). Stateless, thread-safe. */
public final class ByteUnits {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

    private ByteUnits() {}

    /** e.g. {@code 9.77 MiB}; three significant digits at most. */
    public static String format(double bytes) {
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
            return sign + Numbers.plain(Math.rint(v)) + " B";
        }
        String digits = v >= 100 ? String.format(Locale.ROOT, "%.0f", v)
                : v >= 10 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.2f", v);
        return sign + digits + " " + UNITS[unit];
    }
}
