package dev.heapwise.ddm.monitor;

/** One heap of a VM as last reported by HPIF. Sizes in bytes. */
public record HeapSnapshot(int id, long maxBytes, long sizeBytes, long allocatedBytes, long allocatedObjects,
                           long timestampMillis) {}
