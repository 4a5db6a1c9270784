package dev.heapwise.cli;

import dev.heapwise.graph.build.ProgressListener;

/**
 * A {@link ProgressBar} for work that reports "done of total" counts (a timeline parse, a heap walk):
 * pass {@code progress::update} where the module asks for its progress callback. Silent when stderr
 * is not a terminal or with {@code --quiet}.
 */
public final class CountingProgress implements AutoCloseable {
    private final String label;
    private final ProgressListener bar;
    private boolean started;

    private CountingProgress(String label, ProgressListener bar) {
        this.label = label;
        this.bar = bar;
    }

    public static CountingProgress start(String label, boolean quiet) {
        return new CountingProgress(label, ProgressBar.forTerminal(quiet));
    }

    /** {@code done} of {@code total} units are done; {@code total} is -1 when unknown. */
    public void update(long done, long total) {
        if (!started) {
            bar.phase(label, total);
            started = true;
        }
        bar.progress(done);
    }

    @Override
    public void close() {
        bar.finished();
    }
}
