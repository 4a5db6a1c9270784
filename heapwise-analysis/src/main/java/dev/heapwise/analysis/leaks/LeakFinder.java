package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import java.util.List;

/**
 * Finds objects that should be gone (Shark's {@code LeakingObjectFinder}). Implementations read
 * the dump for the candidate objects only.
 */
public interface LeakFinder {
    /** A short name for the report ("KeyedWeakReference", "destroyed Activity"). */
    String name();

    /** Whether the dump has the classes this finder looks at at all. O(1)-ish. */
    boolean appliesTo(Hierarchy h);

    List<LeakingObject> find(Hierarchy h);
}
