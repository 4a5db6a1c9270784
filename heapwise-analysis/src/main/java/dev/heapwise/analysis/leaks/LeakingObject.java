package dev.heapwise.analysis.leaks;

import java.util.List;

/**
 * An object a finder says should have been garbage collected, why, and details to show with it
 * (a LeakCanary key, how long it was watched).
 */
public record LeakingObject(int object, List<String> reasons, List<String> details) {}
