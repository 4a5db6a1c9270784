package dev.heapwise.cli.walker;

import dev.heapwise.cli.ProgressBar;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.walker.WalkProgress;

/** The CLI's progress bar fed by a walk; silent when stderr is not a terminal or with {@code --quiet}. */
final class WalkProgressBar implements WalkProgress, AutoCloseable {
    private final String label;
    private final ProgressListener bar;
    private boolean started;

    private WalkProgressBar(String label, ProgressListener bar) {
        this.label = label;
        this.bar = bar;
    }

    static WalkProgressBar start(String label, boolean quiet) {
        return new WalkProgressBar(label, ProgressBar.forTerminal(quiet));
    }

    @Override
    public void visited(long visited, long total) {
        if (!started) {
            bar.phase(label, total);
            started = true;
        }
        bar.progress(visited);
    }

    @Override
    public void close() {
        bar.finished();
    }
}
