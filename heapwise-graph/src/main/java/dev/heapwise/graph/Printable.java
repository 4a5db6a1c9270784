package dev.heapwise.graph;

import java.util.Locale;

/**
 * Text from a dump or a VM (strings, names) made safe to show on a terminal or a page: what would
 * be obeyed or lost becomes visible. Stateless and thread-safe; allocates only its result.
 */
public final class Printable {
    private Printable() {}

    /**
     * {@code s} with control characters (C0, DEL, C1) written as {@code &#92;u001b}, a run of three or
     * more of one of them once with its length ({@code &#92;u0000×40}: buffers of NULs are common), and a
     * lone UTF-16 surrogate as {@code &#92;uD800} (UTF-8 cannot carry it). With {@code keepLineBreaks},
     * newline and tab stay as they are.
     */
    public static String escape(String s, boolean keepLineBreaks) {
        StringBuilder sb = new StringBuilder(s.length() + 8);
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                sb.append(c).append(s.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                sb.append(String.format(Locale.ROOT, "\\u%04X", (int) c));
            } else if (isControl(c) && !(keepLineBreaks && (c == '\n' || c == '\t'))) {
                int run = 1;
                while (i + run < n && s.charAt(i + run) == c) {
                    run++;
                }
                sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                if (run >= 3) {
                    sb.append('×').append(run);
                    i += run - 1;
                }
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean isControl(char c) {
        return c < 0x20 || (c >= 0x7F && c <= 0x9F);
    }
}
