package dev.heapwise.ddm.monitor;

import dev.heapwise.ddm.heap.HeapBitmap;
import dev.heapwise.ddm.jdwp.JdwpHandshake;
import dev.heapwise.ddm.monitor.internal.AdbForwards;
import dev.heapwise.ddm.monitor.internal.DebuggerPort;
import dev.heapwise.ddm.monitor.internal.SessionHost;
import dev.heapwise.ddm.monitor.internal.VmSession;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The DDM server: finds VMs (scanning a port range every few seconds, plus explicit targets),
 * keeps one connection per VM, learns whether it speaks DDM, tracks its threads and heap, runs
 * GC/heap-segment/heap-dump requests, and lets debuggers attach through per-VM ports and the
 * "current VM" port.
 *
 * <p>A VM whose connection ends is dropped; the next scan picks it up again if it is back.
 *
 * <p>Thread-safe. {@link #start} returns once the background threads run; queries return
 * snapshots without I/O; requests return futures that complete on monitor threads.
 */
public final class Monitor implements AutoCloseable {
    private static final long BACKOFF_NOT_JDWP_MS = 30_000;
    private static final long RECONNECT_SOON_MS = 300;
    private static final int ADB_TIMEOUT_MS = 200;

    private final MonitorOptions options;
    private final ScheduledExecutorService timer;
    private final Map<Target, VmSession> sessions = new ConcurrentHashMap<>();
    private final Set<Target> connecting = ConcurrentHashMap.newKeySet();
    private final Map<Target, Long> backoffUntil = new ConcurrentHashMap<>();
    /** Why the last attempt to connect to a target failed; removed when it connects. */
    private final Map<Target, String> lastProblem = new ConcurrentHashMap<>();
    private final Map<Target, DebuggerPort> debuggerPorts = new ConcurrentHashMap<>();
    private final Map<Target, Integer> rememberedPorts = new ConcurrentHashMap<>();
    private final List<MonitorListener> listeners = new CopyOnWriteArrayList<>();
    private final AtomicInteger roundsDone = new AtomicInteger();
    private volatile Set<Integer> adbJdwpPorts = Set.of();
    private volatile Target selected;
    private volatile DebuggerPort selectedPort;
    private volatile boolean closed;
    private final SessionHost host = new Host();

    private Monitor(MonitorOptions options) {
        this.options = options;
        this.timer = Executors.newScheduledThreadPool(2, r -> {
            Thread t = new Thread(r, "heapwise-ddm-monitor");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Starts scanning and opens the "current VM" debugger port. Binding that port may fail if it
     * is taken (I/O); the monitor then runs without it.
     */
    public static Monitor start(MonitorOptions options, MonitorListener... listeners) {
        Monitor m = new Monitor(options);
        m.listeners.addAll(List.of(listeners));
        if (options.debuggerPorts() && options.selectedDebuggerPort() >= 0) {
            try {
                m.selectedPort = DebuggerPort.open(options.selectedDebuggerPort(), m::selectedSession, "selected");
            } catch (IOException e) {
                m.problem(null, "cannot open the current-VM debugger port " + options.selectedDebuggerPort() + ": " + e.getMessage());
            }
        }
        m.timer.scheduleWithFixedDelay(m::scanRound, 0, options.scanInterval().toMillis(), TimeUnit.MILLISECONDS);
        return m;
    }

    public void addListener(MonitorListener l) {
        listeners.add(l);
    }

    public MonitorOptions options() {
        return options;
    }

    /**
     * Why the targets given explicitly ({@link MonitorOptions#targets()}) that are not connected
     * failed at their last attempt: nothing listens, not a JDWP peer, busy, ... (scanned ports are
     * left out: most of them are simply closed). No I/O.
     */
    public Map<Target, String> problems() {
        Map<Target, String> out = new LinkedHashMap<>();
        for (Target t : options.targets()) {
            String why = lastProblem.get(t);
            if (why == null && connecting.contains(t)) {
                why = "no answer yet to the JDWP handshake (not a JVM debug port, or a busy one?)";
            }
            if (why != null && !sessions.containsKey(t)) {
                out.put(t, why);
            }
        }
        return out;
    }

    /** All connected VMs, ordered by target. No I/O. */
    public List<VmSnapshot> vms() {
        Target sel = effectiveSelection();
        List<VmSnapshot> out = new ArrayList<>();
        for (VmSession s : sortedSessions()) {
            out.add(s.snapshot(s.target().equals(sel)));
        }
        return out;
    }

    public Optional<VmSnapshot> vm(Target target) {
        VmSession s = sessions.get(target);
        return s == null ? Optional.empty() : Optional.of(s.snapshot(target.equals(effectiveSelection())));
    }

    /** Makes {@code target} the VM behind the "current VM" debugger port. */
    public void select(Target target) {
        selected = target;
    }

    /** The port of the "current VM" debugger port, or -1 when it is not open. */
    public int selectedDebuggerPort() {
        DebuggerPort p = selectedPort;
        return p == null ? -1 : p.port();
    }

    /**
     * Waits until at least one scan round is over and every connected VM has been identified and
     * (if it speaks DDM) has reported threads and heap once. Blocks up to {@code timeout}; returns
     * whether that state was reached.
     */
    public boolean awaitSettled(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (roundsDone.get() > 0 && connecting.isEmpty()
                    && sessions.values().stream().allMatch(VmSession::settled)) {
                return true;
            }
            Thread.sleep(25);
        }
        return false;
    }

    /** Starts a scan round now instead of waiting for the next one. */
    public void scanNow() {
        timer.execute(this::scanRound);
    }

    /** HPGC on one VM. */
    public CompletableFuture<Void> gc(Target target) {
        return session(target).map(s -> s.requests().gc()).orElseGet(() -> notConnected(target));
    }

    /** Heap segments of one VM's Java heap (or native heap), after a GC it triggers. */
    public CompletableFuture<HeapBitmap> heapBitmap(Target target, boolean nativeHeap) {
        return session(target).map(s -> s.requests().heapBitmap(nativeHeap)).orElseGet(() -> notConnected(target));
    }

    /** HPDS: dumps one VM's heap over the connection into {@code out} (an HPROF file). */
    public CompletableFuture<Path> dumpHeap(Target target, Path out) {
        return session(target).map(s -> s.requests().dumpHeap(out)).orElseGet(() -> notConnected(target));
    }

    /** HPDU: asks one VM to write its heap to {@code vmPath} on its own machine. */
    public CompletableFuture<String> dumpHeapOnVm(Target target, String vmPath) {
        return session(target).map(s -> s.requests().dumpHeapOnVm(vmPath)).orElseGet(() -> notConnected(target));
    }

    /**
     * HPIF with a "when" of {@link dev.heapwise.ddm.codec.DdmMessage.HeapInfoRequest}: 1 now,
     * 2 at the next GC, 3 at every GC, 0 never. The heap info lands in {@link #vm}'s heaps.
     */
    public CompletableFuture<Void> requestHeapInfo(Target target, int when) {
        return session(target).map(s -> s.requests().heapInfo(when)).orElseGet(() -> notConnected(target));
    }

    /** EXIT: asks one VM to end with {@code status}; the VM may refuse (a FAIL reply). */
    public CompletableFuture<Void> exitVm(Target target, int status) {
        return session(target).map(s -> s.requests().exit(status)).orElseGet(() -> notConnected(target));
    }

    /** Stops scanning, closes every connection and debugger port. Idempotent. */
    @Override
    public void close() {
        closed = true;
        timer.shutdownNow();
        for (VmSession s : List.copyOf(sessions.values())) {
            s.close("monitor closed", false);
        }
        DebuggerPort p = selectedPort;
        if (p != null) {
            p.close();
        }
        debuggerPorts.values().forEach(DebuggerPort::close);
        debuggerPorts.clear();
    }

    // ------------------------------------------------------------------ discovery

    private void scanRound() {
        if (closed) {
            return;
        }
        try {
            if (options.useAdb()) {
                adbJdwpPorts = AdbForwards.jdwpPorts(ADB_TIMEOUT_MS);
            }
            List<Target> candidates = new ArrayList<>(options.targets());
            if (options.scanFirst() > 0) {
                for (int port = options.scanFirst(); port <= options.scanLast(); port++) {
                    candidates.add(new Target(options.scanHost(), port));
                }
            }
            for (Target t : candidates) {
                tryConnect(t);
            }
        } finally {
            roundsDone.incrementAndGet();
        }
    }

    private void tryConnect(Target t) {
        Long until = backoffUntil.get(t);
        if (closed || sessions.containsKey(t) || (until != null && System.currentTimeMillis() < until)
                || isOwnDebuggerPort(t) || !connecting.add(t)) {
            return;
        }
        Thread.ofVirtual().name("heapwise-ddm-connect-" + t).start(() -> {
            try {
                connect(t);
            } finally {
                connecting.remove(t);
            }
        });
    }

    private void connect(Target t) {
        VmSession s = new VmSession(t, host);
        try {
            s.connect();
        } catch (ConnectException nobodyListens) {
            lastProblem.put(t, "nothing listens there");
            return;
        } catch (JdwpHandshake.JdwpHandshakeException | SocketTimeoutException notJdwp) {
            // Something listens but does not speak JDWP: leave it alone for a while.
            lastProblem.put(t, "something listens but does not answer the JDWP handshake (not a JVM debug port?)");
            backoffUntil.put(t, System.currentTimeMillis() + BACKOFF_NOT_JDWP_MS);
            return;
        } catch (EOFException busy) {
            // A JDWP endpoint that already serves someone closes at once; try again next round.
            lastProblem.put(t, "it closed the connection at once (a debugger or another monitor is attached?)");
            return;
        } catch (UnknownHostException unknown) {
            lastProblem.put(t, "unknown host");
            return;
        } catch (IOException | RuntimeException other) {
            lastProblem.put(t, String.valueOf(other.getMessage()));
            return;
        }
        lastProblem.remove(t);
        if (closed) {
            s.close("monitor closed", false);
            return;
        }
        backoffUntil.remove(t);
        sessions.put(t, s);
        openDebuggerPort(t, s);
        listeners.forEach(l -> l.vmConnected(t));
        s.start();
    }

    /**
     * Whether {@code t} is one of this monitor's own debugger ports (a scan range may cover them):
     * they answer the JDWP handshake too, and the monitor would attach to itself as a debugger.
     */
    private boolean isOwnDebuggerPort(Target t) {
        DebuggerPort selectedOne = selectedPort;
        boolean ourPort = selectedOne != null && selectedOne.port() == t.port();
        for (DebuggerPort p : debuggerPorts.values()) {
            ourPort |= p.port() == t.port();
        }
        // Debugger ports bind to the loopback address only. The host is looked at only when the port
        // is one of ours, since Target.isLoopback may resolve a name.
        return ourPort && t.isLoopback();
    }

    private void openDebuggerPort(Target t, VmSession s) {
        if (!options.debuggerPorts()) {
            return;
        }
        Set<Integer> taken = new HashSet<>(rememberedPorts.values());
        if (selectedPort != null) {
            taken.add(selectedPort.port());
        }
        Integer remembered = rememberedPorts.get(t);
        DebuggerPort port = null;
        try {
            if (remembered != null) {
                try {
                    port = DebuggerPort.open(remembered, () -> sessions.get(t), t.toString());
                } catch (IOException busy) {
                    port = null;
                }
            }
            if (port == null) {
                port = DebuggerPort.openFrom(options.debuggerBasePort(), taken, () -> sessions.get(t), t.toString());
            }
        } catch (IOException e) {
            problem(t, "no debugger port: " + e.getMessage());
            return;
        }
        rememberedPorts.put(t, port.port());
        DebuggerPort old = debuggerPorts.put(t, port);
        if (old != null) {
            old.close();
        }
        s.debuggerPort(port.port());
    }

    private VmSession selectedSession() {
        Target t = effectiveSelection();
        return t == null ? null : sessions.get(t);
    }

    /** The selected VM, or the first connected one when nothing (present) is selected. */
    private Target effectiveSelection() {
        Target t = selected;
        if (t != null && sessions.containsKey(t)) {
            return t;
        }
        List<VmSession> all = sortedSessions();
        return t != null || all.isEmpty() ? t : all.get(0).target();
    }

    private List<VmSession> sortedSessions() {
        List<VmSession> all = new ArrayList<>(sessions.values());
        all.sort(Comparator.comparing(VmSession::target));
        return all;
    }

    private Optional<VmSession> session(Target t) {
        return Optional.ofNullable(sessions.get(t));
    }

    private static <T> CompletableFuture<T> notConnected(Target t) {
        return CompletableFuture.failedFuture(new IllegalArgumentException(t + ": no VM connected there"));
    }

    // ------------------------------------------------------------------ callbacks from sessions

    /** What sessions see of the monitor; kept out of the public API. */
    private final class Host implements SessionHost {
        @Override
        public MonitorOptions options() {
            return options;
        }

        @Override
        public ScheduledExecutorService timer() {
            return timer;
        }

        @Override
        public boolean isAdbJdwpForward(Target target) {
            return adbJdwpPorts.contains(target.port()) && target.isLoopback();
        }

        @Override
        public void identified(VmSession session) {
            VmSnapshot snap = session.snapshot(session.target().equals(effectiveSelection()));
            listeners.forEach(l -> l.vmIdentified(snap));
        }

        @Override
        public void problem(Target target, String message) {
            listeners.forEach(l -> l.problem(target, message));
        }

        @Override
        public void ended(VmSession session, String reason, boolean reconnectSoon) {
            Target t = session.target();
            if (!sessions.remove(t, session)) {
                return;
            }
            DebuggerPort port = debuggerPorts.remove(t);
            if (port != null) {
                port.close();
            }
            listeners.forEach(l -> l.vmDisconnected(t, reason));
            if (reconnectSoon && !closed) {
                try {
                    timer.schedule(() -> tryConnect(t), RECONNECT_SOON_MS, TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.RejectedExecutionException shuttingDown) {
                    // the monitor is closing
                }
            }
        }
    }

    private void problem(Target target, String message) {
        listeners.forEach(l -> l.problem(target, message));
    }
}
