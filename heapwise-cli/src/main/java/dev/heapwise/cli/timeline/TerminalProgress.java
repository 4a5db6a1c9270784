package dev.heapwise.cli.timeline;

import dev.heapwise.cli.ProgressBar;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.timeline.ParseProgress;

/** The CLI's progress bar fed by a timeline parse; silent when stderr is not a terminal or with {@code --quiet}. */
final class TerminalProgress implements ParseProgress, AutoCloseable {
    private final String label;
    private final ProgressListener bar;
    private boolean started;

    private TerminalProgress(String label, ProgressListener bar) {
        this.label = label;
        this.bar = bar;
    }

    static TerminalProgress start(String label, boolean quiet) {
        return new TerminalProgress(label, ProgressBar.forTerminal(quiet));
    }

    @Override
    public void update(long bytesRead, long totalBytes) {
        if (!started) {
            bar.phase(label, totalBytes);
            started = true;
        }
        bar.progress(bytesRead);
    }

    @Override
    public void close() {
        bar.finished();
    }
}
