package dev.heapwise.analysis.waste;

import java.util.List;

/**
 * Memory spent on nothing useful, by kind. Every byte figure is an overhead: what the heap would
 * not need if the waste were removed (one copy of each duplicate kept, empty collections not
 * allocated, unused slots not allocated, primitives unboxed, one shared empty array per type).
 *
 * @param heapSize the reachable heap the percentages refer to
 */
public record WasteReport(long heapSize, List<Finding> summary, DuplicateStrings strings, DuplicateArrays arrays,
        List<CollectionWaste> collections, List<BoxWaste> boxes, List<EmptyArrays> zeroLengthArrays) {

    /** One line of the summary: a kind of waste, its overhead in bytes and as a share of the heap. */
    public record Finding(String kind, long objects, long bytes, double fraction) {}

    public record DuplicateStrings(long strings, long groups, long wastedBytes, List<StringGroup> top) {}

    /**
     * Strings with the same text: how many, how many distinct value arrays, and the bytes wasted.
     * {@code value} is the text's start; {@code truncated} says the text is longer.
     */
    public record StringGroup(String value, long count, long distinctArrays, long wastedBytes, boolean truncated) {}

    public record DuplicateArrays(long groups, long wastedBytes, List<ArrayGroup> top) {}

    /** Primitive arrays (not string contents) with equal contents. */
    public record ArrayGroup(String className, long length, long count, long wastedBytes, String preview) {}

    /**
     * A collection class: how many instances, how many are empty and what they retain, how many
     * are sparse (fill ratio below {@link #sparseBelow}), their mean fill ratio, and the bytes of
     * unused slots in the backing arrays of the non-empty ones.
     */
    public record CollectionWaste(String className, long count, long empty, long emptyRetainedBytes, long sparse,
            double sparseBelow, double meanFillRatio, long unusedSlotBytes) {}

    /** Boxed primitives of one class: count, their size, and their size beyond the primitives. */
    public record BoxWaste(String className, long count, long shallowBytes, long overheadBytes) {}

    /** Zero-length arrays of one class: all but one could be a shared constant. */
    public record EmptyArrays(String className, long count, long bytes, long overheadBytes) {}
}
