package dev.heapwise.timeline.internal;

import java.util.Locale;

/**
 * The colour of a page by occupancy: a sequential blue ramp from near-white (empty) through mid
 * blue (half full) to dark blue (full), so fuller pages read as darker. Stateless, thread-safe.
 */
public final class OccupancyColors {
    private static final int[][] STOPS = {
        {0, 0xF1, 0xF5, 0xF9},
        {50, 0x60, 0xA5, 0xFA},
        {100, 0x1E, 0x3A, 0x8A},
    };

    private OccupancyColors() {}

    /** {@code #rrggbb} for a percentage, clamped to 0..100. */
    public static String fill(int percent) {
        int p = Math.max(0, Math.min(100, percent));
        int i = p <= STOPS[1][0] ? 0 : 1;
        int[] lo = STOPS[i];
        int[] hi = STOPS[i + 1];
        double t = (p - lo[0]) / (double) (hi[0] - lo[0]);
        return String.format(Locale.ROOT, "#%02x%02x%02x", mix(lo[1], hi[1], t), mix(lo[2], hi[2], t), mix(lo[3], hi[3], t));
    }

    private static int mix(int a, int b, double t) {
        return (int) Math.round(a + (b - a) * t);
    }
}
