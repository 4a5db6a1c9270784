package dev.heapwise.analysis.report;

import dev.heapwise.analysis.waste.WasteReport;
import java.util.List;

/**
 * Everything {@code heapwise report} shows, as plain data with object ids in {@code 0x…} form:
 * the same content feeds the HTML page and the JSON document. Deterministic for one input: no
 * times, no absolute paths, every list in a fixed order.
 */
public record HeapReport(Overview overview, List<ClassRow> histogram, List<TreeNode> dominators,
        List<SuspectRow> suspects, Leaks leaks, WasteReport waste, List<ThreadRow> threads) {

    /**
     * {@code references} counts the thread → local references too ({@code localReferences} of them);
     * {@code outOfMemoryErrorThread} names the thread that threw an {@code OutOfMemoryError}, or is null.
     */
    public record Overview(String file, String format, String vm, int idSize, long objects, long classes,
            long references, long gcRoots, long totalShallowSize, long reachableObjects, long reachableSize,
            long unreachableObjects, long unreachableSize, List<String> heaps, boolean partial, List<String> warnings,
            long localReferences, String outOfMemoryErrorThread) {}

    public record ClassRow(String name, long count, long shallowSize, long retainedSize) {}

    public record TreeNode(String id, String className, String kind, long shallowSize, long retainedSize,
            int childCount, List<TreeNode> children) {}

    public record PathStep(String id, String className, String kind, String reference, boolean staticField,
            String root) {}

    public record SuspectRow(String kind, String className, long instances, long retainedSize, double percent,
            String description, String accumulationPointId, String accumulationPointClass, List<PathStep> path) {}

    public record Leaks(List<String> finders, int leakingObjects, int withoutPath, int throughOtherLeaking,
            List<LeakRow> leaks) {}

    public record TraceNode(String id, String className, String kind, String leaking, String reason,
            String reference, boolean suspect, String root) {}

    public record LeakRow(String signature, boolean libraryLeak, String description, String className,
            String leakingObjectId, long retainedSize, int sameSignature, List<TraceNode> trace, String text) {}

    public record LocalRow(String id, String className, long retainedSize) {}

    /** A frame; {@code localsRetainedSize}: what its locals retain (ThreadRetention). */
    public record FrameRow(String frame, List<LocalRow> locals, long localsRetainedSize) {}

    /**
     * A thread; {@code otherLocals}: the biggest objects it holds without a frame (Android dumps have
     * no frames); {@code localsRetainedSize}: what all its locals retain; {@code threwOutOfMemoryError}:
     * its stack shows it threw one.
     */
    public record ThreadRow(String name, String threadObjectId, long retainedSize, List<FrameRow> frames,
            List<LocalRow> otherLocals, long localsRetainedSize, boolean threwOutOfMemoryError) {}
}
