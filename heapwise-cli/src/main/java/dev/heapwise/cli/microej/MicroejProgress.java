package dev.heapwise.cli.microej;

import dev.heapwise.graph.build.ProgressListener;
import java.io.PrintStream;

/**
 * A one-line progress display on stderr while a dump is indexed or converted, redrawn at most ten
 * times a second; {@link ProgressListener#NONE} when stderr is not a terminal or with
 * {@code --quiet}. Not thread-safe.
 */
final class MicroejProgress implements ProgressListener {
    private final PrintStream err = System.err;
    private String phase = "";
    private long total;
    private long lastDraw;
    private boolean drawn;

    static ProgressListener forTerminal(boolean quiet) {
        java.io.Console console = System.console();
        boolean terminal = !"dumb".equals(System.getenv("TERM")) && console != null && console.isTerminal();
        return !quiet && terminal ? new MicroejProgress() : ProgressListener.NONE;
    }

    @Override
    public void phase(String name, long total) {
        this.phase = name;
        this.total = total;
        this.lastDraw = 0;
        progress(0);
    }

    @Override
    public void progress(long done) {
        long now = System.nanoTime();
        if (now - lastDraw < 100_000_000L) {
            return;
        }
        lastDraw = now;
        String pct = total > 0 ? String.format(" %3d%%", (int) Math.min(100, 100.0 * done / total)) : "";
        err.print("\r\033[K" + phase + pct);
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
