package dev.heapwise.walker;

/**
 * How to walk. Immutable; start from {@link #defaults()} and change with the {@code with}
 * methods.
 *
 * @param batchSize    most references per rootReferences/objectReferences call (at least 1).
 *                     Objects with more references, large object arrays in particular, are
 *                     reported over several calls flagged {@link ObjectFlags#MORE_REFERENCES}.
 * @param includeNulls report every reference slot, null (id 0) and dangling
 *                     ({@link ObjectFlags#MISSING}) ones included, as the contract says. Costs a
 *                     read of the dump for each object that has such a slot. When false, only
 *                     references to objects of the graph are reported, from the index alone,
 *                     still in field/element order.
 * @param maxDepth     during root traversal, descend only into objects at most this many
 *                     references from a root (or from the {@link #startAt} objects): exactly the
 *                     objects within {@code maxDepth} references are visited there. -1 for no
 *                     limit; at most 254. The heap container is not limited.
 * @param startAt      object ids to start from instead of the roots (reported in one
 *                     {@link ContainerType#SELECTED} container), or null for the roots
 * @param visitHeap    send the {@link ContainerType#HEAP} container and visit what root
 *                     traversal did not
 * @param progress     hears how far the walk is
 */
public record WalkOptions(int batchSize, boolean includeNulls, int maxDepth, long[] startAt, boolean visitHeap,
        WalkProgress progress) {

    /** The most {@link #maxDepth} can be: hop counts are kept in one byte per object. */
    public static final int MAX_DEPTH_LIMIT = 254;

    public static final int DEFAULT_BATCH_SIZE = 1024;

    public WalkOptions {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be at least 1, not " + batchSize);
        }
        if (maxDepth < -1 || maxDepth > MAX_DEPTH_LIMIT) {
            throw new IllegalArgumentException("max depth must be -1 (no limit) or 0.." + MAX_DEPTH_LIMIT
                    + ", not " + maxDepth);
        }
        startAt = startAt == null ? null : startAt.clone();
        progress = progress == null ? WalkProgress.NONE : progress;
    }

    /** Batches of 1024, nulls included, no depth limit, from the roots, then the heap. */
    public static WalkOptions defaults() {
        return new WalkOptions(DEFAULT_BATCH_SIZE, true, -1, null, true, WalkProgress.NONE);
    }

    @Override
    public long[] startAt() {
        return startAt == null ? null : startAt.clone();
    }

    public WalkOptions withBatchSize(int n) {
        return new WalkOptions(n, includeNulls, maxDepth, startAt, visitHeap, progress);
    }

    public WalkOptions withIncludeNulls(boolean b) {
        return new WalkOptions(batchSize, b, maxDepth, startAt, visitHeap, progress);
    }

    public WalkOptions withMaxDepth(int d) {
        return new WalkOptions(batchSize, includeNulls, d, startAt, visitHeap, progress);
    }

    public WalkOptions withStartAt(long... ids) {
        return new WalkOptions(batchSize, includeNulls, maxDepth, ids, visitHeap, progress);
    }

    public WalkOptions withVisitHeap(boolean b) {
        return new WalkOptions(batchSize, includeNulls, maxDepth, startAt, b, progress);
    }

    public WalkOptions withProgress(WalkProgress p) {
        return new WalkOptions(batchSize, includeNulls, maxDepth, startAt, visitHeap, p);
    }
}
