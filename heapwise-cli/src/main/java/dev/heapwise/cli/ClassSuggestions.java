package dev.heapwise.cli;

import dev.heapwise.graph.HeapClass;
import dev.heapwise.graph.HeapGraph;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The class names of a dump closest to one a user typed that matches none, for a "did you mean":
 * those that match ignoring case, or have the same simple name (the part after the last {@code .}
 * or {@code $}: {@code LeakyCache} for {@code com.example.LeakyCache}); else those fewest edits away
 * (by their simple name, or their whole name within a few edits). A {@code *} in what was typed
 * matches any characters, and is left out of the edit distance. Cost: one pass over the class
 * names, each compared in time proportional to the product of the two simple names' lengths (a
 * whole name: its length times a few); no dump reads.
 */
public final class ClassSuggestions {
    /** Names suggested at most. */
    static final int MAX = 3;

    private ClassSuggestions() {}

    /** {@code "; did you mean a, b?"}, or empty when no class name is close. */
    public static String didYouMean(HeapGraph g, String typed) {
        List<String> names = closest(g, typed);
        return names.isEmpty() ? "" : "; did you mean " + String.join(", ", names) + "?";
    }

    /**
     * Up to {@value #MAX} names, closest first: those that match ignoring case or have the same
     * simple name if there are any; else those within one edit per three characters (at least one)
     * of their simple name, or of their whole name (for a pattern, of any part of it), fewest edits
     * first, then the shorter name.
     */
    public static List<String> closest(HeapGraph g, String typed) {
        boolean pattern = typed.contains("*");
        String wanted = trim(typed.replace("*", "").toLowerCase(Locale.ROOT));
        String wantedSimple = simpleName(wanted);
        Pattern ignoringCase = glob(typed);
        int allowed = Math.max(1, wanted.length() / 3);
        int allowedSimple = Math.max(1, wantedSimple.length() / 3);
        record Scored(String name, int score, int simpleEdits) {}
        List<Scored> scored = new ArrayList<>();
        TreeSet<String> seen = new TreeSet<>();
        for (HeapClass c : g.classes()) {
            String name = c.name();
            if (!seen.add(name)) {
                continue;
            }
            String lower = name.toLowerCase(Locale.ROOT);
            String simple = simpleName(lower);
            if (ignoringCase.matcher(name).matches()) {
                scored.add(new Scored(name, 0, 0));
            } else if (!wantedSimple.isEmpty() && simple.equals(wantedSimple)) {
                scored.add(new Scored(name, 1, 0));
            } else if (!wantedSimple.isEmpty()) {
                int simpleEdits = distance(wantedSimple, simple, allowedSimple);
                int whole = pattern ? within(wanted, lower) : distance(wanted, lower, allowed);
                int d = Math.min(simpleEdits <= allowedSimple ? simpleEdits : Integer.MAX_VALUE,
                        whole <= allowed ? whole : Integer.MAX_VALUE);
                if (d != Integer.MAX_VALUE) {
                    scored.add(new Scored(name, 2 + d, simpleEdits));
                }
            }
        }
        boolean strong = scored.stream().anyMatch(x -> x.score() <= 1);
        return scored.stream().filter(x -> !strong || x.score() <= 1)
                .sorted(Comparator.comparingInt(Scored::score).thenComparingInt(Scored::simpleEdits)
                        .thenComparingInt(x -> x.name().length()).thenComparing(Scored::name))
                .limit(MAX).map(Scored::name).toList();
    }

    /** The fewest edits that make {@code a} a part of {@code b} (approximate substring matching). */
    static int within(String a, String b) {
        int[] prev = new int[a.length() + 1];
        int[] cur = new int[a.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            prev[i] = i;
        }
        int best = a.length();
        for (int j = 1; j <= b.length(); j++) {
            cur[0] = 0; // a part may start anywhere
            for (int i = 1; i <= a.length(); i++) {
                int sub = prev[i - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[i] = Math.min(sub, Math.min(prev[i] + 1, cur[i - 1] + 1));
            }
            best = Math.min(best, cur[a.length()]);
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return best;
    }

    /** Without the separators a pattern or a half-typed name starts or ends with ({@code Nop.}). */
    private static String trim(String s) {
        int from = 0;
        int to = s.length();
        while (from < to && (s.charAt(from) == '.' || s.charAt(from) == '$')) {
            from++;
        }
        while (to > from && (s.charAt(to - 1) == '.' || s.charAt(to - 1) == '$')) {
            to--;
        }
        return s.substring(from, to);
    }

    private static String simpleName(String name) {
        return name.substring(Math.max(name.lastIndexOf('.'), name.lastIndexOf('$')) + 1);
    }

    /** What was typed as a pattern that ignores case ({@code *}: any characters). */
    private static Pattern glob(String typed) {
        StringBuilder sb = new StringBuilder();
        for (String part : typed.split("\\*", -1)) {
            if (!sb.isEmpty()) {
                sb.append(".*");
            }
            sb.append(Pattern.quote(part));
        }
        return Pattern.compile(sb.toString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
    }

    /**
     * The edit distance (insertions, deletions, substitutions) between {@code a} and {@code b}, or
     * {@code max + 1} when it is more than {@code max}: only a band of {@code 2 max + 1} cells per row
     * is filled, so a long name costs its length times that.
     */
    static int distance(String a, String b, int max) {
        if (Math.abs(a.length() - b.length()) > max) {
            return max + 1;
        }
        int big = max + 1;
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j <= max ? j : big;
        }
        for (int i = 1; i <= a.length(); i++) {
            int from = Math.max(1, i - max);
            int to = Math.min(b.length(), i + max);
            cur[0] = i <= max ? i : big;
            if (from > 1) {
                cur[from - 1] = big;
            }
            int best = cur[0];
            for (int j = from; j <= to; j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                int v = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
                cur[j] = Math.min(v, big);
                best = Math.min(best, cur[j]);
            }
            if (to < b.length()) {
                cur[to + 1] = big;
            }
            if (best > max) {
                return big;
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return Math.min(prev[b.length()], big);
    }
}
