package dev.heapwise.walker;

/**
 * What {@link GraphExport} wrote.
 *
 * @param objects    objects exported
 * @param references references exported (non-null, to objects of the dump)
 * @param walk       the underlying walk's counters
 */
public record ExportResult(long objects, long references, WalkResult walk) {}
