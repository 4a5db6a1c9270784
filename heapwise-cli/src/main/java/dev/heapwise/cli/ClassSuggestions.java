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
 * first those that match ignoring case, or have the same simple name (the part after the last
 * {@code .} or {@code $}: {@code LeakyCache} for {@code com.example.LeakyCache}), then those within a
 * few edits of it (of the whole name, or of the simple name). A {@code *} in what was typed matches
 * any characters, and is left out of the edit distance. Cost: one pass over the class names, each
 * compared in time proportional to its length (the distance is cut off at a few edits); no dump reads.
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

    /** Up to {@value #MAX} names, closest first (ties by name). */
    public static List<String> closest(HeapGraph g, String typed) {
        String literal = typed.replace("*", "");
        String wanted = literal.toLowerCase(Locale.ROOT);
        String wantedSimple = simpleName(wanted);
        Pattern ignoringCase = glob(typed);
        int budget = Math.max(1, Math.min(3, wanted.length() / 3));
        record Scored(String name, int score) {}
        List<Scored> scored = new ArrayList<>();
        TreeSet<String> seen = new TreeSet<>();
        for (HeapClass c : g.classes()) {
            String name = c.name();
            if (!seen.add(name)) {
                continue;
            }
            String lower = name.toLowerCase(Locale.ROOT);
            int score;
            if (ignoringCase.matcher(name).matches()) {
                score = 0;
            } else if (!wantedSimple.isEmpty() && simpleName(lower).equals(wantedSimple)) {
                score = 1;
            } else {
                int d = Math.min(distance(wanted, lower, budget), distance(wantedSimple, simpleName(lower), budget));
                if (d > budget || wantedSimple.isEmpty()) {
                    continue;
                }
                score = 2 + d;
            }
            scored.add(new Scored(name, score));
        }
        scored.sort(Comparator.comparingInt(Scored::score).thenComparing(Scored::name));
        return scored.stream().limit(MAX).map(Scored::name).toList();
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
