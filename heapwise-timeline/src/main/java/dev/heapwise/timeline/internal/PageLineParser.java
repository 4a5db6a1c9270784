package dev.heapwise.timeline.internal;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses one phase-2 line: a block header ({@code -----before GC 3 -----}, optionally with
 * {@code @ <timestamp>}), a page line ({@code 16: + (40%) -} or {@code nextFitPages: + -}), a blank
 * line, or something malformed. Phase 2 holds few lines compared with phase 1, so this works on
 * Strings and regular expressions and allocates a result per line. Not thread-safe (reuses a token
 * buffer): one instance per parse.
 */
public final class PageLineParser {
    /** The prefix the seed gives the kind of a numeric page line. */
    public static final String FIXED_BLOCK_PREFIX = "FixedBlockPage_";

    private static final Pattern HEADER = Pattern.compile(
            "^\\s*-+\\s*(before|after)\\s+GC\\s*(\\d+)(?:\\s*@\\s*(\\S+?))?\\s*-+\\s*$",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern PAGE_LINE = Pattern.compile(
            "^\\s*(\\d+|[A-Za-z_][\\w.$-]*)\\s*:(.*)$");

    /** What a line was. */
    public sealed interface Result permits Blank, Header, Pages, Malformed {}

    /** An empty or whitespace-only line. */
    public record Blank() implements Result {}

    /**
     * A block header.
     *
     * @param timestamp the {@code @ <ts>} value, NaN when absent or unreadable
     * @param timestampProblem why a present timestamp could not be read, else null
     */
    public record Header(boolean before, int gc, double timestamp, String timestampProblem) implements Result {}

    /** A page line: its kind key and one occupancy percentage (0..100) per page, in order. */
    public record Pages(String kind, byte[] percents) implements Result {}

    /** Not a header, page line or blank line. */
    public record Malformed(String problem) implements Result {}

    private static final Blank BLANK = new Blank();
    private final ByteArrayBuilder tokens = new ByteArrayBuilder(256);

    public Result parse(String line) {
        if (line.isBlank()) {
            return BLANK;
        }
        Matcher header = HEADER.matcher(line);
        if (header.matches()) {
            return header(header);
        }
        Matcher page = PAGE_LINE.matcher(line);
        if (page.matches()) {
            return pages(line, page);
        }
        return new Malformed("neither a 'before/after GC <n>' header nor a '<kind>: <pages>' line: '"
                + Excerpt.of(line.strip()) + "'");
    }

    private static Result header(Matcher m) {
        boolean before = m.group(1).equalsIgnoreCase("before");
        int gc;
        try {
            gc = Integer.parseInt(m.group(2));
        } catch (NumberFormatException tooBig) {
            return new Malformed("GC number " + Excerpt.of(m.group(2)) + " is too large");
        }
        String ts = m.group(3);
        if (ts == null) {
            return new Header(before, gc, Double.NaN, null);
        }
        byte[] ascii = ts.getBytes(StandardCharsets.ISO_8859_1);
        double value = AsciiDecimal.parse(ascii, 0, ascii.length);
        if (Double.isNaN(value)) {
            return new Header(before, gc, Double.NaN, "header timestamp '" + Excerpt.of(ts) + "' is not a number; ignored");
        }
        return new Header(before, gc, value, null);
    }

    private Result pages(String line, Matcher m) {
        String key = m.group(1);
        String kind = Character.isDigit(key.charAt(0)) ? FIXED_BLOCK_PREFIX + stripLeadingZeros(key) : key;
        tokens.clear();
        int from = m.start(2);
        int to = line.length();
        for (int i = from; i < to; i++) {
            char c = line.charAt(i);
            switch (c) {
                case ' ', '\t' -> { }
                case '+' -> tokens.add((byte) 100);
                case '-' -> tokens.add((byte) 0);
                case '(' -> {
                    int close = percentEnd(line, i);
                    if (close < 0) {
                        return badToken(line, i);
                    }
                    int percent = Integer.parseInt(line, i + 1, close - 2, 10);
                    if (percent > 100) {
                        return new Malformed("page occupancy (" + percent + "%) at column " + (i + 1) + " is above 100%");
                    }
                    tokens.add((byte) percent);
                    i = close - 1;
                }
                default -> {
                    return badToken(line, i);
                }
            }
        }
        return new Pages(kind, tokens.toArray());
    }

    /**
     * For a token {@code (NN%)} starting at {@code open}, the index just past its {@code )}; -1 when
     * the text there is not 1 to 3 digits followed by {@code %)}.
     */
    private static int percentEnd(String line, int open) {
        int i = open + 1;
        int digits = 0;
        while (i < line.length() && line.charAt(i) >= '0' && line.charAt(i) <= '9' && digits < 4) {
            i++;
            digits++;
        }
        if (digits == 0 || digits > 3) {
            return -1;
        }
        if (i + 1 < line.length() && line.charAt(i) == '%' && line.charAt(i + 1) == ')') {
            return i + 2;
        }
        return -1;
    }

    private static Malformed badToken(String line, int at) {
        return new Malformed("unrecognised page token '" + Excerpt.of(line.substring(at, Math.min(line.length(), at + 8)))
                + "' at column " + (at + 1) + " (expected +, - or (NN%))");
    }

    private static String stripLeadingZeros(String digits) {
        int i = 0;
        while (i < digits.length() - 1 && digits.charAt(i) == '0') {
            i++;
        }
        return digits.substring(i);
    }
}
