package dev.heapwise.ddm.monitor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Settings of a {@link Monitor}. Immutable; build with {@link #builder()}. Defaults follow the
 * seed and DDMS: scan 127.0.0.1 ports 8000-8040 every 2 s, debugger ports from 8600, the
 * "current VM" port 8700.
 */
public final class MonitorOptions {
    private final String scanHost;
    private final int scanFirst;
    private final int scanLast;
    private final List<Target> targets;
    private final Duration scanInterval;
    private final Duration pollInterval;
    private final Duration connectTimeout;
    private final Duration replyTimeout;
    private final Duration dumpTimeout;
    private final boolean debuggerPorts;
    private final int debuggerBasePort;
    private final int selectedDebuggerPort;
    private final ProbeMode probe;
    private final boolean useAdb;
    private final int maxInMemoryPacket;

    private MonitorOptions(Builder b) {
        scanHost = b.scanHost;
        scanFirst = b.scanFirst;
        scanLast = b.scanLast;
        targets = List.copyOf(b.targets);
        scanInterval = b.scanInterval;
        pollInterval = b.pollInterval;
        connectTimeout = b.connectTimeout;
        replyTimeout = b.replyTimeout;
        dumpTimeout = b.dumpTimeout;
        debuggerPorts = b.debuggerPorts;
        debuggerBasePort = b.debuggerBasePort;
        selectedDebuggerPort = b.selectedDebuggerPort;
        probe = b.probe;
        useAdb = b.useAdb;
        maxInMemoryPacket = b.maxInMemoryPacket;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** First scanned port, or -1 when scanning is off. */
    public int scanFirst() {
        return scanFirst;
    }

    /** Last scanned port, or -1 when scanning is off. */
    public int scanLast() {
        return scanLast;
    }

    public String scanHost() {
        return scanHost;
    }

    public List<Target> targets() {
        return targets;
    }

    public Duration scanInterval() {
        return scanInterval;
    }

    public Duration pollInterval() {
        return pollInterval;
    }

    public Duration connectTimeout() {
        return connectTimeout;
    }

    public Duration replyTimeout() {
        return replyTimeout;
    }

    public Duration dumpTimeout() {
        return dumpTimeout;
    }

    public boolean debuggerPorts() {
        return debuggerPorts;
    }

    /** First per-VM debugger port; 0 means any free port. */
    public int debuggerBasePort() {
        return debuggerBasePort;
    }

    /** The "current VM" debugger port; 0 any free port, -1 none. */
    public int selectedDebuggerPort() {
        return selectedDebuggerPort;
    }

    public ProbeMode probe() {
        return probe;
    }

    public boolean useAdb() {
        return useAdb;
    }

    public int maxInMemoryPacket() {
        return maxInMemoryPacket;
    }

    /** Builder; not thread-safe. */
    public static final class Builder {
        private String scanHost = "127.0.0.1";
        private int scanFirst = 8000;
        private int scanLast = 8040;
        private final List<Target> targets = new ArrayList<>();
        private Duration scanInterval = Duration.ofSeconds(2);
        private Duration pollInterval = Duration.ofSeconds(1);
        private Duration connectTimeout = Duration.ofMillis(500);
        private Duration replyTimeout = Duration.ofSeconds(10);
        private Duration dumpTimeout = Duration.ofMinutes(10);
        private boolean debuggerPorts = true;
        private int debuggerBasePort = 8600;
        private int selectedDebuggerPort = 8700;
        private ProbeMode probe = ProbeMode.SAFE;
        private boolean useAdb = true;
        private int maxInMemoryPacket = 64 << 20;

        private Builder() {}

        /** Ports to scan on the scan host, inclusive. */
        public Builder scanPorts(int first, int last) {
            if (first < 1 || last > 65535 || first > last) {
                throw new IllegalArgumentException("bad port range " + first + "-" + last);
            }
            scanFirst = first;
            scanLast = last;
            return this;
        }

        /** No port scanning; only explicit targets. */
        public Builder noScan() {
            scanFirst = -1;
            scanLast = -1;
            return this;
        }

        /** Host whose ports are scanned. Default 127.0.0.1. */
        public Builder scanHost(String host) {
            scanHost = Objects.requireNonNull(host);
            return this;
        }

        /** An explicit VM to connect to (in addition to scanning). */
        public Builder target(Target target) {
            targets.add(Objects.requireNonNull(target));
            return this;
        }

        public Builder scanInterval(Duration d) {
            scanInterval = positive(d);
            return this;
        }

        /** How often THST and HPIF are requested from each DDM VM. Default 1 s. */
        public Builder pollInterval(Duration d) {
            pollInterval = positive(d);
            return this;
        }

        public Builder connectTimeout(Duration d) {
            connectTimeout = positive(d);
            return this;
        }

        /** How long to wait for a reply to a request. Default 10 s. */
        public Builder replyTimeout(Duration d) {
            replyTimeout = positive(d);
            return this;
        }

        /** How long a heap dump may take. Default 10 min. */
        public Builder dumpTimeout(Duration d) {
            dumpTimeout = positive(d);
            return this;
        }

        /**
         * Debugger pass-through ports: one per VM from {@code basePort} up (0: any free port) and
         * the "current VM" port {@code selectedPort} (0: any free port, -1: none).
         */
        public Builder debuggerPorts(int basePort, int selectedPort) {
            if (basePort < 0 || basePort > 65535 || selectedPort < -1 || selectedPort > 65535) {
                throw new IllegalArgumentException("bad debugger ports " + basePort + ", " + selectedPort);
            }
            debuggerPorts = true;
            debuggerBasePort = basePort;
            selectedDebuggerPort = selectedPort;
            return this;
        }

        /** No debugger pass-through ports at all. */
        public Builder noDebuggerPorts() {
            debuggerPorts = false;
            return this;
        }

        public Builder probe(ProbeMode mode) {
            probe = Objects.requireNonNull(mode);
            return this;
        }

        /** Whether to ask the local adb server which ports forward to Android VMs. Default true. */
        public Builder useAdb(boolean use) {
            useAdb = use;
            return this;
        }

        /** Packets larger than this are streamed (heap dumps) or skipped. Default 64 MiB. */
        public Builder maxInMemoryPacket(int bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("maxInMemoryPacket below 1 KiB");
            }
            maxInMemoryPacket = bytes;
            return this;
        }

        public MonitorOptions build() {
            return new MonitorOptions(this);
        }

        private static Duration positive(Duration d) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("duration must be positive: " + d);
            }
            return d;
        }
    }
}
