package dev.heapwise.cli.analysis;

import dev.heapwise.graph.build.ProgressListener;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The phase and percentage of a long analysis on stderr, redrawn at most five times a second;
 * silent when stderr is not a terminal or with {@code --quiet}. Called from one thread.
 */
final class AnalysisProgress implements ProgressListener {
    private static final long REDRAW_NANOS = 200_000_000L;
    private String phase = "";
    private long total = -1;
    private long lastDraw;
    private boolean drawn;

    private AnalysisProgress() {}

    static ProgressListener forTerminal(boolean quiet) {
        return !quiet && stderrIsTerminal() ? new AnalysisProgress() : ProgressListener.NONE;
    }

    private static boolean stderrIsTerminal() {
        if ("dumb".equals(System.getenv("TERM"))) {
            return false;
        }
        Path fd2 = Path.of("/proc/self/fd/2");
        try {
            if (Files.exists(fd2)) {
                String target = Files.readSymbolicLink(fd2).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            }
        } catch (Exception e) {
            return false;
        }
        java.io.Console c = System.console();
        return c != null && c.isTerminal();
    }

    @Override
    public void phase(String name, long total) {
        this.phase = name;
        this.total = total;
        draw(0);
    }

    @Override
    public void progress(long done) {
        long now = System.nanoTime();
        if (now - lastDraw >= REDRAW_NANOS) {
            draw(done);
        }
    }

    private void draw(long done) {
        lastDraw = System.nanoTime();
        String pct = total > 0 ? String.format(" %3d%%", Math.min(100, 100 * done / total)) : "";
        System.err.print("\r\033[Kheapwise: " + phase + pct);
        System.err.flush();
        drawn = true;
    }

    @Override
    public void finished() {
        if (drawn) {
            System.err.print("\r\033[K");
            System.err.flush();
            drawn = false;
        }
    }
}
