package dev.heapwise.graph;

/** Object ids as users see them: {@code 0x…} hex, and parsing hex or decimal back. */
public final class Ids {
    private Ids() {}

    public static String hex(long id) {
        return "0x" + Long.toHexString(id);
    }

    /**
     * Parses {@code 0x1f2e}, {@code 1f2e} written with hex letters, a decimal number, or {@code #98}
     * (decimal, as the MicroEJ views write ids).
     *
     * @throws NumberFormatException if it is none of them
     */
    public static long parse(String text) {
        String t = text.trim();
        if (t.startsWith("0x") || t.startsWith("0X")) {
            return Long.parseUnsignedLong(t.substring(2), 16);
        }
        if (t.startsWith("#") && t.length() > 1 && t.substring(1).chars().allMatch(Character::isDigit)) {
            return Long.parseUnsignedLong(t.substring(1)); // as the microej commands print ids: #98 = 0x62
        }
        if (t.chars().allMatch(Character::isDigit)) {
            return Long.parseUnsignedLong(t);
        }
        if (t.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            return Long.parseUnsignedLong(t, 16);
        }
        throw new NumberFormatException("not an object id: " + text);
    }
}
