package dev.heapwise.cli.walker;

import dev.heapwise.walker.ContainerType;

/** How many containers of each type a walk began. */
final class ContainerCounts {
    private final long[] counts = new long[ContainerType.values().length];

    void add(ContainerType type) {
        counts[type.ordinal()]++;
    }

    long of(ContainerType type) {
        return counts[type.ordinal()];
    }
}
