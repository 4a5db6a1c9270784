package dev.heapwise.cli;

import dev.heapwise.graph.build.ProgressListener;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;

/**
 * One line on standard error as each phase of long work starts: the JVM's uptime and the phase's
 * name, so a run shows where its time went. Chosen instead of the progress bar by
 * {@code -Dheapwise.timings=true} (in {@code HEAPWISE_JAVA_OPTS}), for measurements.
 */
final class PhaseTimes implements ProgressListener {
    private final PrintStream err;

    PhaseTimes(PrintStream err) {
        this.err = err;
    }

    @Override
    public void phase(String name, long total) {
        err.printf("[%8.3f s] %s%n", ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0, name);
    }

    @Override
    public void progress(long done) {
        // only phases are logged
    }

    @Override
    public void finished() {
        err.printf("[%8.3f s] done%n", ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0);
    }
}
