package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.analysis.internal.Hierarchy;
import dev.heapwise.analysis.suspects.LeakSuspects;
import dev.heapwise.analysis.suspects.Suspect;
import dev.heapwise.graph.Units;
import dev.heapwise.graph.build.ProgressListener;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The leak suspects' accumulation points ({@link LeakSuspects}, MAT's threshold of
 * {@value #THRESHOLD_PERCENT}% of the heap): on a dump where nothing says what should be gone (a
 * JVM's, without LeakCanary), where the memory piles up is what a person wants explained. Each
 * point is leaking with the suspect's words as its detail; two suspects with one point name it
 * once. Cost: {@link LeakSuspects#find} on the dominator tree (one path search for the suspects).
 */
public final class SuspectsFinder implements LeakFinder {
    public static final int THRESHOLD_PERCENT = 10;

    private final DominatorTree tree;
    private int points = -1;

    public SuspectsFinder(DominatorTree tree) {
        this.tree = tree;
    }

    @Override
    public String name() {
        return "leak suspects' accumulation points";
    }

    @Override
    public boolean appliesTo(Hierarchy h) {
        return true;
    }

    /** How many accumulation points the last {@link #find} named, or -1 before it ran. */
    public int points() {
        return points;
    }

    @Override
    public List<LeakingObject> find(Hierarchy h) {
        List<Suspect> suspects = LeakSuspects.find(tree, THRESHOLD_PERCENT / 100.0, ProgressListener.NONE);
        List<LeakingObject> out = new ArrayList<>();
        List<Integer> seen = new ArrayList<>();
        for (int i = 0; i < suspects.size(); i++) {
            Suspect s = suspects.get(i);
            if (seen.contains(s.accumulationPoint())) {
                continue;
            }
            seen.add(s.accumulationPoint());
            String reason = String.format(Locale.ROOT, "the accumulation point of leak suspect %d, which retains %s"
                    + " (%.1f%% of the heap)", i + 1, Units.bytes(s.retainedSize()), 100 * s.fraction());
            out.add(new LeakingObject(s.accumulationPoint(), List.of(reason), List.of(s.description())));
        }
        points = out.size();
        return out;
    }
}
