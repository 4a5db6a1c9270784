package dev.heapwise.ddm.monitor;

/**
 * How the monitor finds out whether a JDWP peer speaks DDM.
 *
 * <p>The seed says: handshake, then HELO; a JDWP error means "plain JDWP". But HotSpot's JDWP
 * agent (checked on JDK 25) crashes the whole JVM with SIGSEGV on a command set of 128 or more,
 * and DDM's is 0xC7. So by default the monitor asks {@code VirtualMachine.Version} first, which
 * every JDWP VM answers, and sends HELO only when the answer allows it.
 */
public enum ProbeMode {
    /**
     * Default. HELO straight away for ports that the local adb server forwards to an Android
     * process ({@code adb forward tcp:N jdwp:PID}); otherwise {@code VirtualMachine.Version}
     * first: an error reply (a DDM-only endpoint such as the heapwise client) or an Android VM
     * name ("Dalvik") leads to HELO, any other VM is plain JDWP and never gets DDM.
     */
    SAFE,
    /**
     * The seed's order: HELO right after the handshake. Only for peers known to speak DDM; it
     * kills HotSpot JVMs that run a plain JDWP agent.
     */
    HELLO_FIRST
}
