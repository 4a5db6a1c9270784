package dev.heapwise.ddm.monitor;

import dev.heapwise.ddm.codec.ThreadStates;

/**
 * One thread of a VM as last reported: VM-local id, name (from THCR; empty if only THST named
 * it), state number and name (see {@link ThreadStates}), CPU ticks and daemon flag (modern THST only).
 */
public record ThreadSnapshot(int id, String name, int state, long userTicks, long systemTicks, boolean daemon) {
    /** The state's name, e.g. "running". */
    public String status() {
        return ThreadStates.name(state);
    }
}
