package dev.heapwise.cli.timeline;

import dev.heapwise.timeline.ParseProgress;

/**
 * A percentage on stderr while a file is read, redrawn at most five times a second. Silent when
 * stderr is not a terminal or with {@code --quiet}. Not thread-safe (one parse at a time).
 */
final class TerminalProgress implements ParseProgress, AutoCloseable {
    private static final long REDRAW_NANOS = 200_000_000L;
    private final String label;
    private final boolean enabled;
    private long lastDraw = System.nanoTime();
    private boolean drawn;

    private TerminalProgress(String label, boolean enabled) {
        this.label = label;
        this.enabled = enabled;
    }

    static TerminalProgress start(String label, boolean quiet) {
        java.io.Console console = System.console();
        return new TerminalProgress(label, !quiet && console != null && console.isTerminal());
    }

    @Override
    public void update(long bytesRead, long totalBytes) {
        if (!enabled || totalBytes <= 0) {
            return;
        }
        long now = System.nanoTime();
        if (now - lastDraw < REDRAW_NANOS) {
            return;
        }
        lastDraw = now;
        drawn = true;
        System.err.print("\rheapwise: " + label + " " + (100 * bytesRead / totalBytes) + "% ");
        System.err.flush();
    }

    @Override
    public void close() {
        if (drawn) {
            System.err.print("\r\033[K");
            System.err.flush();
        }
    }
}
