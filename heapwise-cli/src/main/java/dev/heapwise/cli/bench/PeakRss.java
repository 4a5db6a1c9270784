package dev.heapwise.cli.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The process's peak resident set size, from Linux's /proc (VmHWM), or -1 elsewhere. */
public final class PeakRss {
    public static final String REPORT_PREFIX = "heapwise-peak-rss-kb: ";
    public static final String CPU_PREFIX = "heapwise-cpu-ms: ";

    private PeakRss() {}

    public static long kilobytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** With HEAPWISE_REPORT_RSS=1 the CLI prints its peak RSS on stderr as it exits (for the bench command). */
    public static void reportAtExitIfAsked() {
        if ("1".equals(System.getenv("HEAPWISE_REPORT_RSS"))) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                System.err.println(REPORT_PREFIX + kilobytes());
                ProcessHandle.current().info().totalCpuDuration()
                        .ifPresent(d -> System.err.println(CPU_PREFIX + d.toMillis()));
            }));
        }
    }
}
