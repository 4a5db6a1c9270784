package dev.heapwise.timeline.internal;

/**
 * Axis ticks at round values (1, 2 or 5 times a power of ten) covering a data range.
 * Immutable, thread-safe.
 *
 * @param lo   the axis start (a tick)
 * @param hi   the axis end (a tick)
 * @param step the distance between ticks
 */
public record NiceScale(double lo, double hi, double step) {
    /** About {@code ticks} ticks spanning {@code [min, max]}; a flat range is widened. */
    public static NiceScale of(double min, double max, int ticks) {
        if (Double.isNaN(min) || Double.isNaN(max)) {
            min = 0;
            max = 1;
        }
        if (max <= min) {
            double pad = min == 0 ? 1 : Math.abs(min) * 0.05;
            min -= pad;
            max += pad;
        }
        double step = nice((max - min) / Math.max(1, ticks));
        return new NiceScale(Math.floor(min / step) * step, Math.ceil(max / step) * step, step);
    }

    /** The tick values from lo to hi. */
    public double[] ticks() {
        int n = (int) Math.round((hi - lo) / step) + 1;
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = lo + i * step;
        }
        return out;
    }

    private static double nice(double raw) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / magnitude;
        double niceF = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
        return niceF * magnitude;
    }
}
