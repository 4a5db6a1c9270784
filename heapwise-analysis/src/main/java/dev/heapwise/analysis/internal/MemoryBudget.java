package dev.heapwise.analysis.internal;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How much more memory this process can use before the system (or its container) runs out: on
 * Linux, the kernel's {@code MemAvailable}, lowered to the headroom of the process's memory cgroup
 * (v1 or v2) when that has a limit; elsewhere, what the JVM reports as free. Page cache that
 * could be dropped counts as available, as the kernel counts it.
 *
 * <p>Cost: reads a few small files under {@code /proc} and {@code /sys} (well under a millisecond).
 * Thread-safe.
 */
public final class MemoryBudget {
    /** Returned when nothing is known: no limit. */
    public static final long UNKNOWN = Long.MAX_VALUE;

    private MemoryBudget() {}

    /** Bytes this process may still add, as best known now; {@link #UNKNOWN} when not known. */
    public static long available() {
        if (System.getProperty("os.name", "").startsWith("Linux")) {
            return available(Path.of("/"));
        }
        try {
            var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            long free = os.getFreeMemorySize();
            return free > 0 ? free : UNKNOWN;
        } catch (RuntimeException | LinkageError e) {
            return UNKNOWN;
        }
    }

    /** As {@link #available()} on Linux, reading {@code proc/} and {@code sys/fs/cgroup/} under {@code root} (for tests). */
    static long available(Path root) {
        long host = meminfoAvailable(root.resolve("proc/meminfo"));
        long group = cgroupHeadroom(root);
        return Math.min(host, group);
    }

    /** {@code MemAvailable} of a meminfo file in bytes, or {@link #UNKNOWN}. */
    static long meminfoAvailable(Path meminfo) {
        for (String line : lines(meminfo)) {
            if (line.startsWith("MemAvailable:")) {
                String[] f = line.trim().split("\\s+");
                try {
                    return Long.parseLong(f[1]) * 1024;
                } catch (RuntimeException e) {
                    return UNKNOWN;
                }
            }
        }
        return UNKNOWN;
    }

    /**
     * Limit minus usage of the process's memory cgroup, plus its inactive file cache (reclaimable);
     * {@link #UNKNOWN} without a limit. The cgroup path comes from {@code proc/self/cgroup}; inside a
     * container whose cgroup is mounted as the root, the root's own files are read.
     */
    static long cgroupHeadroom(Path root) {
        String v1 = null;
        String v2 = null;
        for (String line : lines(root.resolve("proc/self/cgroup"))) {
            String[] f = line.split(":", 3);
            if (f.length < 3) {
                continue;
            }
            if (f[0].equals("0") && f[1].isEmpty()) {
                v2 = f[2];
            } else if (List.of(f[1].split(",")).contains("memory")) {
                v1 = f[2];
            }
        }
        Path cgroups = root.resolve("sys/fs/cgroup");
        if (v1 != null) {
            Path dir = existing(cgroups.resolve("memory"), v1, "memory.limit_in_bytes");
            if (dir != null) {
                return headroom(number(dir.resolve("memory.limit_in_bytes")), number(dir.resolve("memory.usage_in_bytes")),
                        stat(dir.resolve("memory.stat"), "total_inactive_file"));
            }
        }
        if (v2 != null) {
            Path dir = existing(cgroups, v2, "memory.max");
            if (dir != null) {
                return headroom(number(dir.resolve("memory.max")), number(dir.resolve("memory.current")),
                        stat(dir.resolve("memory.stat"), "inactive_file"));
            }
        }
        return UNKNOWN;
    }

    private static long headroom(long limit, long usage, long reclaimable) {
        // v1 reports "no limit" as a huge page-rounded number, v2 as "max" (read as UNKNOWN).
        if (limit == UNKNOWN || limit >= (1L << 60) || usage == UNKNOWN) {
            return UNKNOWN;
        }
        return Math.max(0, limit - usage + Math.max(0, reclaimable == UNKNOWN ? 0 : reclaimable));
    }

    /** The cgroup folder holding {@code file}: the process's own, else the mount's root (a container's view). */
    private static Path existing(Path mount, String path, String file) {
        Path own = mount.resolve(path.startsWith("/") ? path.substring(1) : path);
        if (Files.isRegularFile(own.resolve(file))) {
            return own;
        }
        return Files.isRegularFile(mount.resolve(file)) ? mount : null;
    }

    private static long number(Path file) {
        List<String> l = lines(file);
        if (l.isEmpty()) {
            return UNKNOWN;
        }
        try {
            return Long.parseLong(l.get(0).trim());
        } catch (NumberFormatException e) {
            return UNKNOWN; // "max"
        }
    }

    private static long stat(Path file, String key) {
        for (String line : lines(file)) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 2 && f[0].equals(key)) {
                try {
                    return Long.parseLong(f[1]);
                } catch (NumberFormatException e) {
                    return UNKNOWN;
                }
            }
        }
        return UNKNOWN;
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
