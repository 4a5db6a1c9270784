package dev.heapwise.ddm.monitor;

/**
 * Events from a {@link Monitor}. Called on monitor threads (scanner or connection readers);
 * implementations must be quick and thread-safe and must not call back into blocking monitor
 * methods.
 */
public interface MonitorListener {
    /** A VM was connected (its DDM status may still be unknown). */
    default void vmConnected(Target target) {}

    /** A VM finished its introduction: HELO answered, or found to be plain JDWP. */
    default void vmIdentified(VmSnapshot vm) {}

    /** A VM's connection ended. */
    default void vmDisconnected(Target target, String reason) {}

    /** Something was wrong with the bytes a VM sent; the connection continues unless it says so. */
    default void problem(Target target, String message) {}
}
