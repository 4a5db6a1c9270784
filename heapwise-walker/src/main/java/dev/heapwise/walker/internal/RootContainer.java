package dev.heapwise.walker.internal;

import dev.heapwise.walker.ContainerType;

/**
 * One root container of a walk: its type and ids as {@code beginContainer} announces them, and
 * the object indexes of its roots in reporting order (duplicates allowed: an object held twice is
 * reported twice, the second time as already reported).
 */
public record RootContainer(ContainerType type, long id1, long id2, int[] objects) {}
