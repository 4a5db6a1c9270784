package dev.heapwise.cli.walker;

import dev.heapwise.walker.WalkProgress;
import java.io.PrintStream;

/**
 * "walking 45%" on stderr while a walk runs, redrawn at most five times a second; silent when
 * stderr is not a terminal or with {@code --quiet}. Not thread-safe (one walk at a time).
 */
final class WalkProgressBar implements WalkProgress, AutoCloseable {
    private static final long REDRAW_NANOS = 200_000_000L;
    private final PrintStream err;
    private final String label;
    private final boolean enabled;
    private long lastDraw = System.nanoTime();
    private boolean drawn;

    private WalkProgressBar(PrintStream err, String label, boolean enabled) {
        this.err = err;
        this.label = label;
        this.enabled = enabled;
    }

    static WalkProgressBar start(String label, boolean quiet) {
        java.io.Console console = System.console();
        return new WalkProgressBar(System.err, label, !quiet && console != null && console.isTerminal());
    }

    @Override
    public void visited(long visited, long total) {
        if (!enabled || total <= 0) {
            return;
        }
        long now = System.nanoTime();
        if (now - lastDraw < REDRAW_NANOS) {
            return;
        }
        lastDraw = now;
        drawn = true;
        err.print("\rheapwise: " + label + " " + (100 * visited / total) + "% ");
        err.flush();
    }

    @Override
    public void close() {
        if (drawn) {
            err.print("\r\033[K");
            err.flush();
        }
    }
}
