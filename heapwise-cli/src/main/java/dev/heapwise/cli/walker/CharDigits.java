package dev.heapwise.cli.walker;

/**
 * Writes ids as {@code 0x…} (as {@code Ids.hex} spells them), element names as {@code [12]} and
 * plain numbers into one reused char buffer, so that exporting millions of lines allocates no
 * String per id or number. Each call overwrites the buffer; read the text at once from
 * {@link #chars()}. Not thread-safe.
 */
final class CharDigits {
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private final char[] buffer = new char[24];

    /** {@code 0x} and the lowercase hex digits of {@code id} (unsigned); returns the length. */
    int hexId(long id) {
        buffer[0] = '0';
        buffer[1] = 'x';
        int digits = Math.max(1, (64 - Long.numberOfLeadingZeros(id) + 3) / 4);
        for (int i = digits - 1, at = 2; i >= 0; i--, at++) {
            buffer[at] = HEX[(int) (id >>> (4 * i)) & 0xF];
        }
        return 2 + digits;
    }

    /** The decimal digits of {@code v} (not negative); returns the length. */
    int decimal(long v) {
        return decimal(v, 0, 0);
    }

    /** {@code [index]}; returns the length. */
    int bracketed(long index) {
        buffer[0] = '[';
        return decimal(index, 1, 1);
    }

    /** Writes the digits at {@code at}, then a closing bracket when {@code closing} is 1. */
    private int decimal(long v, int at, int closing) {
        int digits = 1;
        for (long x = v; x >= 10; x /= 10) {
            digits++;
        }
        long x = v;
        for (int i = at + digits - 1; i >= at; i--) {
            buffer[i] = (char) ('0' + (x % 10));
            x /= 10;
        }
        if (closing == 1) {
            buffer[at + digits] = ']';
        }
        return at + digits + closing;
    }

    char[] chars() {
        return buffer;
    }
}
