package dev.heapwise.cli;

import dev.heapwise.graph.build.ProgressListener;
import java.io.PrintStream;

/**
 * A one-line progress bar on standard error, redrawn at most ten times a second. Only used when
 * stderr is a terminal and {@code --quiet} is not given; otherwise {@link ProgressListener#NONE}, or
 * {@link PhaseTimes} when {@code -Dheapwise.timings=true}.
 */
public final class ProgressBar implements ProgressListener {
    private static final int WIDTH = 30;
    private final PrintStream err;
    private String phase = "";
    private long total = -1;
    private long lastDraw;
    private boolean drawn;

    private ProgressBar(PrintStream err) {
        this.err = err;
    }

    public static ProgressListener forTerminal(boolean quiet) {
        if (Boolean.getBoolean("heapwise.timings")) {
            return new PhaseTimes(System.err);
        }
        return !quiet && Terminal.stderrIsTerminal() ? new ProgressBar(System.err) : ProgressListener.NONE;
    }

    @Override
    public void phase(String name, long total) {
        this.phase = name;
        this.total = total;
        this.lastDraw = 0;
        draw(0);
    }

    @Override
    public void progress(long done) {
        long now = System.nanoTime();
        if (now - lastDraw > 100_000_000L) {
            lastDraw = now;
            draw(done);
        }
    }

    private void draw(long done) {
        StringBuilder sb = new StringBuilder("\r\033[K");
        if (total > 0) {
            double f = Math.min(1.0, (double) done / total);
            int filled = (int) (f * WIDTH);
            sb.append('[').append("#".repeat(filled)).append(" ".repeat(WIDTH - filled)).append("] ");
            sb.append(String.format("%3d%% ", (int) (f * 100)));
        }
        sb.append(phase);
        err.print(sb);
        err.flush();
        drawn = true;
    }

    @Override
    public void finished() {
        if (drawn) {
            err.print("\r\033[K");
            err.flush();
            drawn = false;
        }
    }
}
