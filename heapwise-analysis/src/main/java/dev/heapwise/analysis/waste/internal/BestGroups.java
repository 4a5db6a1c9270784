package dev.heapwise.analysis.waste.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code k} groups with the most waste among those offered, ties to the smaller tie-breaker,
 * best first: however many groups there are, only the best {@code k} are kept (an array each), so
 * millions of duplicate groups cost no memory. Not thread-safe.
 */
public final class BestGroups {
    private final int k;
    /** Best first: {waste, tie, a, b, c}. */
    private final List<long[]> best = new ArrayList<>();

    public BestGroups(int k) {
        this.k = k;
    }

    /** Offers a group: its waste, its tie-breaker, and three values kept with it. */
    public void offer(long waste, long tie, long a, long b, long c) {
        if (k <= 0 || best.size() == k && !before(waste, tie, best.get(k - 1))) {
            return;
        }
        int at = best.size();
        while (at > 0 && before(waste, tie, best.get(at - 1))) {
            at--;
        }
        best.add(at, new long[] {waste, tie, a, b, c});
        if (best.size() > k) {
            best.remove(k);
        }
    }

    private static boolean before(long waste, long tie, long[] other) {
        return waste != other[0] ? waste > other[0] : tie < other[1];
    }

    /** The kept groups, best first, each {waste, tie, a, b, c}. */
    public List<long[]> best() {
        return best;
    }
}
