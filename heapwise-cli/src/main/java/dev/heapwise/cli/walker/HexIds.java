package dev.heapwise.cli.walker;

/**
 * Writes object ids as {@code 0x…} into a reused char buffer, as {@code Ids.hex} spells them, so
 * that exporting millions of ids allocates no String per id.
 */
final class HexIds {
    private static final char[] DIGITS = "0123456789abcdef".toCharArray();
    private final char[] buffer = new char[18];

    /** Fills the buffer and returns the length; read the text from {@link #chars()}. */
    int format(long id) {
        buffer[0] = '0';
        buffer[1] = 'x';
        int digits = Math.max(1, (64 - Long.numberOfLeadingZeros(id) + 3) / 4);
        for (int i = digits - 1, at = 2; i >= 0; i--, at++) {
            buffer[at] = DIGITS[(int) (id >>> (4 * i)) & 0xF];
        }
        return 2 + digits;
    }

    char[] chars() {
        return buffer;
    }
}
