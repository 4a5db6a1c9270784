package dev.heapwise.ddm.codec;

/** Which way a chunk travels; the same type means a request one way and a report the other. */
public enum Direction {
    /** From the monitor (DDM server) to the VM (DDM client). */
    TO_VM,
    /** From the VM to the monitor. */
    FROM_VM
}
