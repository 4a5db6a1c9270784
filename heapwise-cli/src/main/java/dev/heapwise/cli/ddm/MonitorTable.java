package dev.heapwise.cli.ddm;

import dev.heapwise.cli.Describe;
import dev.heapwise.ddm.monitor.HeapSnapshot;
import dev.heapwise.ddm.monitor.ThreadSnapshot;
import dev.heapwise.ddm.monitor.VmSnapshot;
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
        String fmt = "%-22s %-5s %-8s %-24s %-26s %-8s %s%n";
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

    static String size(long bytes) {
        if (bytes < 1024) {
            return bytes + "B";
        }
        double v = bytes;
        String[] units = {"K", "M", "G", "T"};
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f%s", v, units[u]);
    }

    private static String cut(String s, int n) {
        return s.length() <= n ? s : s.substring(0, n - 1) + "~";
    }
}
