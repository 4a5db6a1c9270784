package dev.heapwise.graph;

import java.util.Locale;

/**
 * Byte counts, counts and percentages as heapwise's text output shows them. Stateless and
 * thread-safe; each call allocates only its result.
 */
public final class Units {
    private static final String[] BYTE_UNITS = {"KiB", "MiB", "GiB", "TiB"};

    private Units() {}

    /**
     * A byte count as "1.2 MiB": binary units (powers of 1024, named KiB, MiB, GiB, TiB), the one
     * convention of every heapwise output; below 1 KiB exact ("812 B").
     */
    public static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        double v = n;
        int u = -1;
        while (v >= 1024 && u < BYTE_UNITS.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, BYTE_UNITS[u]);
    }

    /** 1234567 as "1,234,567". */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** 0.1234 as "12.3%". */
    public static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
