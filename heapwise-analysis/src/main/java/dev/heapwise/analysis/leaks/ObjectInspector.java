package dev.heapwise.analysis.leaks;

import dev.heapwise.analysis.internal.Hierarchy;
import java.util.List;

/**
 * Looks at one object on a leak trace and says whether it is leaking, not leaking, or cannot
 * tell (Shark's {@code ObjectInspector}). May read the object's fields from the dump.
 */
public interface ObjectInspector {
    /** Adds reasons to {@code leaking} and {@code notLeaking}, and facts to {@code labels}. */
    void inspect(Hierarchy h, int object, List<String> leaking, List<String> notLeaking, List<String> labels);
}
