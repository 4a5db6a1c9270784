package dev.heapwise.cli.ddm;

import dev.heapwise.cli.Describe;
import dev.heapwise.ddm.monitor.HeapSnapshot;
import dev.heapwise.ddm.monitor.ThreadSnapshot;
import dev.heapwise.ddm.monitor.VmSnapshot;
import dev.heapwise.graph.Units;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/** The text table of {@code heapwise monitor}: one line per VM, then each DDM VM's threads. */
final class MonitorTable {
    private static final int MAX_THREADS_SHOWN = 12;

    private MonitorTable() {}

    static String render(List<VmSnapshot> vms, String header) {
        StringBuilder sb = new StringBuilder();
        sb.append(header).append("  ").append(LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm:ss"))).append('\n');
        if (vms.isEmpty()) {
            sb.append("no VMs found yet\n");
            return sb.toString();
        }
        String fmt = "%-22s %-5s %-8s %-24s %-33s %-8s %s%n";
        sb.append(String.format(Locale.ROOT, fmt, "TARGET", "DDM", "PID", "APP / VM", "HEAP USED / SIZE / MAX", "THREADS", "DEBUGGER"));
        for (VmSnapshot v : vms) {
            String ddm = v.ddm() == null ? "?" : v.ddm() ? "yes" : "no";
            String app = v.appName() != null ? v.appName() : v.vmIdent() != null ? v.vmIdent() : "-";
            String heap = "-";
            if (!v.heaps().isEmpty()) {
                HeapSnapshot h = v.heaps().get(0);
                heap = size(h.allocatedBytes()) + " / " + size(h.sizeBytes()) + " / " + size(h.maxBytes());
            }
            String debugger = v.debuggerPort() == null ? "-" : v.debuggerPort()
                    + (v.selected() ? " (current)" : "") + (v.debuggerAttached() ? " attached" : "");
            sb.append(String.format(Locale.ROOT, fmt, v.target(), ddm, v.pid() == null ? "-" : v.pid(),
                    cut(Describe.controlsEscaped(app), 24),
                    heap, Boolean.TRUE.equals(v.ddm()) ? String.valueOf(v.threads().size()) : "-", debugger));
            if (v.waitingForDebugger()) {
                sb.append("    waiting for a debugger\n");
            }
        }
        for (VmSnapshot v : vms) {
            if (!Boolean.TRUE.equals(v.ddm()) || v.threads().isEmpty()) {
                continue;
            }
            sb.append('\n').append("threads of ").append(v.target());
            if (v.appName() != null) {
                sb.append(" (").append(Describe.controlsEscaped(v.appName())).append(')');
            }
            sb.append('\n');
            List<ThreadSnapshot> threads = v.threads();
            for (int i = 0; i < Math.min(MAX_THREADS_SHOWN, threads.size()); i++) {
                ThreadSnapshot t = threads.get(i);
                sb.append(String.format(Locale.ROOT, "  %6d  %-12s %s%s%n", t.id(), t.status(),
                        Describe.controlsEscaped(t.name()), t.daemon() ? " (daemon)" : ""));
            }
            if (threads.size() > MAX_THREADS_SHOWN) {
                sb.append("  ... ").append(threads.size() - MAX_THREADS_SHOWN).append(" more\n");
            }
        }
        return sb.toString();
    }

    /** A byte count in binary units, as every heapwise output writes them: {@code 5.1 MiB}. */
    static String size(long bytes) {
        return Units.bytes(bytes);
    }

    private static String cut(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "~";
    }
}
