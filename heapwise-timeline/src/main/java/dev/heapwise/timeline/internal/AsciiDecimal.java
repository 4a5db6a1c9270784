package dev.heapwise.timeline.internal;

import java.nio.charset.StandardCharsets;

/**
 * Reads a decimal number straight from ASCII bytes, as the timeline's hot path needs: 10 million
 * {@code Double.parseDouble(new String(...))} calls would allocate two objects per sample.
 *
 * <p>Accepted grammar (the whole range must match): {@code [+-]? (digits [. digits?] | . digits)
 * ([eE] [+-]? digits)?}. No {@code NaN}, {@code Infinity}, hex or type suffixes. Results are
 * correctly rounded: short inputs take the exact fast path (a mantissa below 2^53 times or divided
 * by an exactly representable power of ten is one correctly rounded operation); anything longer
 * falls back to {@link Double#parseDouble}. Stateless and thread-safe.
 */
public final class AsciiDecimal {
    private static final double[] POWERS_OF_TEN = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22
    };
    private static final long EXACT_MANTISSA_LIMIT = 1L << 53;

    private AsciiDecimal() {}

    /**
     * The value of {@code b[from .. to)}, or {@code NaN} when the bytes are not a number in the
     * grammar above or the value overflows to infinity.
     */
    public static double parse(byte[] b, int from, int to) {
        int i = from;
        if (i >= to) {
            return Double.NaN;
        }
        boolean negative = false;
        if (b[i] == '+' || b[i] == '-') {
            negative = b[i] == '-';
            i++;
        }
        long mantissa = 0;
        int significantDigits = 0;
        int fractionDigits = 0;
        boolean anyDigit = false;
        boolean tooLong = false;
        for (; i < to && isDigit(b[i]); i++) {
            anyDigit = true;
            if (significantDigits < 18) {
                mantissa = mantissa * 10 + (b[i] - '0');
                if (mantissa != 0) {
                    significantDigits++;
                }
            } else {
                tooLong = true;
            }
        }
        if (i < to && b[i] == '.') {
            i++;
            for (; i < to && isDigit(b[i]); i++) {
                anyDigit = true;
                if (significantDigits < 18) {
                    mantissa = mantissa * 10 + (b[i] - '0');
                    fractionDigits++;
                    if (mantissa != 0) {
                        significantDigits++;
                    }
                } else {
                    tooLong = true;
                }
            }
        }
        if (!anyDigit) {
            return Double.NaN;
        }
        int exponent = 0;
        if (i < to && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            boolean negativeExponent = false;
            if (i < to && (b[i] == '+' || b[i] == '-')) {
                negativeExponent = b[i] == '-';
                i++;
            }
            if (i >= to || !isDigit(b[i])) {
                return Double.NaN;
            }
            for (; i < to && isDigit(b[i]); i++) {
                if (exponent < 100_000) {
                    exponent = exponent * 10 + (b[i] - '0');
                }
            }
            if (negativeExponent) {
                exponent = -exponent;
            }
        }
        if (i != to) {
            return Double.NaN;
        }
        int decimalExponent = exponent - fractionDigits;
        if (!tooLong && mantissa < EXACT_MANTISSA_LIMIT && Math.abs(decimalExponent) <= 22) {
            double value = decimalExponent >= 0
                    ? mantissa * POWERS_OF_TEN[decimalExponent]
                    : mantissa / POWERS_OF_TEN[-decimalExponent];
            return negative ? -value : value;
        }
        // Rare: long mantissas or large exponents. The grammar is already checked; the JDK rounds.
        double value = Double.parseDouble(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
        return Double.isInfinite(value) ? Double.NaN : value;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }
}
