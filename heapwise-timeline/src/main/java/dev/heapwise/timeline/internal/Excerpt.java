package dev.heapwise.timeline.internal;

import java.nio.charset.StandardCharsets;

/**
 * Short, printable quotes of input text for one-line messages: control characters become
 * {@code ?} and long text is cut with an ellipsis, so a message never spans lines or swallows a
 * terminal. Stateless and thread-safe.
 */
public final class Excerpt {
    /** Characters kept before the cut. */
    public static final int MAX_CHARS = 60;

    private Excerpt() {}

    public static String of(byte[] b, int from, int to) {
        int end = Math.min(to, from + MAX_CHARS * 4);
        return of(new String(b, from, end - from, StandardCharsets.UTF_8), end < to);
    }

    public static String of(CharSequence text) {
        return of(text, false);
    }

    private static String of(CharSequence text, boolean alreadyCut) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_CHARS) + 1);
        int n = Math.min(text.length(), MAX_CHARS);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            out.append(Character.isISOControl(c) ? '?' : c);
        }
        if (alreadyCut || text.length() > MAX_CHARS) {
            out.append('…');
        }
        return out.toString();
    }
}
