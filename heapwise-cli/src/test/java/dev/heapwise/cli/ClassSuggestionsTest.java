package dev.heapwise.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.StringLength;

/** The edit distances behind "did you mean", against the plain dynamic programme. */
class ClassSuggestionsTest {

    @Property(tries = 300)
    void bandedDistanceIsTheDistanceUpToItsBound(@ForAll @StringLength(max = 12) String a0,
            @ForAll @StringLength(max = 12) String b0, @ForAll @IntRange(min = 0, max = 6) int max,
            @ForAll long seed) {
        // Small alphabets, so that strings share characters.
        String a = small(a0, seed);
        String b = small(b0, ~seed);
        int d = levenshtein(a, b);
        assertThat(ClassSuggestions.distance(a, b, max)).isEqualTo(Math.min(d, max + 1));
    }

    @Property(tries = 300)
    void withinIsTheBestDistanceToAnyPart(@ForAll @StringLength(max = 8) String a0,
            @ForAll @StringLength(max = 12) String b0, @ForAll long seed) {
        String a = small(a0, seed);
        String b = small(b0, ~seed);
        int best = Integer.MAX_VALUE;
        for (int i = 0; i <= b.length(); i++) {
            for (int j = i; j <= b.length(); j++) {
                best = Math.min(best, levenshtein(a, b.substring(i, j)));
            }
        }
        assertThat(ClassSuggestions.within(a, b)).isEqualTo(best);
    }

    private static String small(String s, long seed) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            sb.append((char) ('a' + r.nextInt(3)));
        }
        return sb.toString();
    }

    private static int levenshtein(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            for (int j = 0; j <= b.length(); j++) {
                d[i][j] = i == 0 ? j : j == 0 ? i : Math.min(d[i - 1][j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1),
                        Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1));
            }
        }
        return d[a.length()][b.length()];
    }
}
