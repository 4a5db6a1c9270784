package dev.heapwise.ddm.monitor.internal;

import dev.heapwise.ddm.codec.DdmMessage;
import dev.heapwise.ddm.codec.ThreadStates;
import dev.heapwise.ddm.heap.HeapBitmap;
import dev.heapwise.ddm.jdwp.JdwpVersion;
import dev.heapwise.ddm.monitor.HeapSnapshot;
import dev.heapwise.ddm.monitor.Target;
import dev.heapwise.ddm.monitor.ThreadSnapshot;
import dev.heapwise.ddm.monitor.VmSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What one session has learnt about its VM. Thread-safe (every method is synchronized). */
final class VmState {
    private Boolean ddm;
    private Integer pid;
    private String vmIdent;
    private String appName;
    private String packageName;
    private boolean waiting;
    private List<String> features = List.of();
    private final Map<Integer, ThreadSnapshot> threads = new TreeMap<>();
    private final Map<Integer, HeapSnapshot> heaps = new TreeMap<>();
    private final Map<Integer, HeapBitmap> bitmaps = new TreeMap<>();
    private boolean threadsReported;
    private boolean heapReported;
    private boolean debuggerAttached;
    private String lastProblem;
    private String lastFail;
    private long lastFailAt;

    synchronized void plain(JdwpVersion version) {
        ddm = false;
        if (version != null) {
            vmIdent = version.vmName() + " v" + version.vmVersion();
        }
    }

    synchronized void version(JdwpVersion version) {
        vmIdent = version.vmName() + " v" + version.vmVersion();
    }

    synchronized void hello(DdmMessage.Hello h) {
        ddm = true;
        pid = h.pid();
        vmIdent = h.vmIdent();
        appName = h.appName();
        if (h.packageName() != null) {
            packageName = h.packageName();
        }
    }

    synchronized Boolean ddm() {
        return ddm;
    }

    synchronized void appName(DdmMessage.AppName a) {
        appName = a.appName();
        if (a.packageName() != null) {
            packageName = a.packageName();
        }
    }

    synchronized void features(List<String> f) {
        features = List.copyOf(f);
    }

    synchronized void waiting(boolean w) {
        waiting = w;
    }

    synchronized void threadCreated(DdmMessage.ThreadCreated c) {
        ThreadSnapshot old = threads.get(c.threadId());
        // The seed: a thread announced by THCR is "initializing" until THST says otherwise.
        threads.put(c.threadId(), old == null
                ? new ThreadSnapshot(c.threadId(), c.name(), ThreadStates.INITIALIZING, 0, 0, false)
                : new ThreadSnapshot(c.threadId(), c.name(), old.state(), old.userTicks(), old.systemTicks(), old.daemon()));
    }

    synchronized void threadDied(DdmMessage.ThreadDied d) {
        threads.remove(d.threadId());
    }

    synchronized void threadStatus(DdmMessage.ThreadStatus s) {
        threadsReported = true;
        for (DdmMessage.ThreadEntry e : s.threads()) {
            ThreadSnapshot old = threads.get(e.threadId());
            String name = old == null ? "" : old.name();
            threads.put(e.threadId(), new ThreadSnapshot(e.threadId(), name, e.state(), e.userTime(), e.systemTime(), e.daemon()));
        }
    }

    synchronized void heapInfo(DdmMessage.HeapInfo info) {
        heapReported = true;
        for (DdmMessage.HeapInfoEntry h : info.heaps()) {
            heaps.put(h.heapId(), new HeapSnapshot(h.heapId(), h.maxBytes(), h.sizeBytes(), h.allocatedBytes(),
                    h.allocatedObjects(), h.timestampMillis()));
        }
    }

    synchronized void bitmap(HeapBitmap b) {
        bitmaps.put(b.nativeHeap() ? -1 - b.heapId() : b.heapId(), b);
    }

    synchronized void debuggerAttached(boolean attached) {
        debuggerAttached = attached;
        if (attached) {
            waiting = false;
        }
    }

    synchronized void problem(String message) {
        lastProblem = message;
    }

    synchronized void fail(DdmMessage.Fail f) {
        lastFail = f.message() + " (code " + f.errorCode() + ")";
        lastFailAt = System.nanoTime();
    }

    /** The last FAIL message if it arrived within {@code maxAgeNanos}, else null. */
    synchronized String recentFail(long maxAgeNanos) {
        return lastFail != null && System.nanoTime() - lastFailAt <= maxAgeNanos ? lastFail : null;
    }

    /** Past the introduction: plain, or DDM with threads and heap reported once. */
    synchronized boolean settled() {
        return Boolean.FALSE.equals(ddm) || (Boolean.TRUE.equals(ddm) && threadsReported && heapReported);
    }

    synchronized VmSnapshot snapshot(Target target, Integer debuggerPort, boolean selected) {
        return new VmSnapshot(target, ddm, pid, vmIdent, appName, packageName, waiting, features, debuggerPort,
                selected, debuggerAttached, new ArrayList<>(threads.values()), new ArrayList<>(heaps.values()), lastProblem);
    }
}
