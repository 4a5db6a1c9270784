package dev.heapwise.timeline;

/**
 * A block that did not form a pair: a {@code before} not followed right away by the
 * {@code after} of the same GC, or an {@code after} not preceded by its {@code before}. Its pages
 * are kept, but it takes no part in correlation or comparison. Immutable and thread-safe.
 *
 * @param reason one line saying why, naming the neighbouring block when there is one
 */
public record UnpairedBlock(GcBlock block, String reason) {}
