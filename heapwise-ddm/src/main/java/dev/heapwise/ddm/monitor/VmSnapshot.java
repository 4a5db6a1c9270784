package dev.heapwise.ddm.monitor;

import java.util.List;

/**
 * What the monitor knows about one VM at one moment. Immutable.
 *
 * @param target where its JDWP port is
 * @param ddm true when it answered HELO, false for a plain JDWP VM (or one that did not answer),
 *     null while the monitor is still finding out
 * @param pid from HELO; null when unknown
 * @param vmIdent from HELO, or for plain JDWP VMs "vmName vVersion" from VirtualMachine.Version
 * @param appName from HELO or the latest APNM
 * @param packageName from modern HELO or APNM; may be null
 * @param waitingForDebugger true after a WAIT chunk, until a debugger attaches
 * @param features from FEAT
 * @param debuggerPort the port a debugger can attach to for this VM; null when none is open
 * @param selected true when the "current VM" port leads here
 * @param debuggerAttached true while a debugger is connected through the monitor
 * @param threads by id
 * @param heaps by id
 * @param lastProblem the latest protocol problem seen on this connection, or null
 */
public record VmSnapshot(Target target, Boolean ddm, Integer pid, String vmIdent, String appName,
                         String packageName, boolean waitingForDebugger, List<String> features,
                         Integer debuggerPort, boolean selected, boolean debuggerAttached,
                         List<ThreadSnapshot> threads, List<HeapSnapshot> heaps, String lastProblem) {
    public VmSnapshot {
        features = List.copyOf(features);
        threads = List.copyOf(threads);
        heaps = List.copyOf(heaps);
    }
}
