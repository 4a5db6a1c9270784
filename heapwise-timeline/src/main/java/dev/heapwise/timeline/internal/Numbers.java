package dev.heapwise.timeline.internal;

import java.math.BigDecimal;

/** Formats numbers from the input the way a person wrote them: no exponent, no trailing {@code .0}. */
public final class Numbers {
    private Numbers() {}

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
