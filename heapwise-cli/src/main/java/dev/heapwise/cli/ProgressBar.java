package dev.heapwise.cli;

import dev.heapwise.graph.build.ProgressListener;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;

/**
 * The command line's progress listener: a one-line bar on standard error, redrawn at most ten
 * times a second, when stderr is a terminal and {@code --quiet} is not given; silent otherwise;
 * with {@code -Dheapwise.timings=true} (in {@code HEAPWISE_JAVA_OPTS}), for measurements, one line
 * as each phase starts with the JVM's uptime and the phase's name instead.
 *
 * <p>One class for all three, and the same path through {@link #progress} in each: the hot loops
 * call {@link #progress} every few thousand items, and the JIT compiles them with the AOT cache's
 * training profiles, made without a terminal. A listener of a class the training never saw (the
 * bar was one, when silence was {@link ProgressListener#NONE}) failed the call's class check and
 * sent the loop back to the interpreter until it was compiled again (the depth-first search of the
 * dominator tree and the dump's parse, once per run on a terminal). The training draws the bar for
 * one command ({@link #DRAW_ALWAYS}), so both ways through {@link #draw} are in its profiles too.
 */
public final class ProgressBar implements ProgressListener {
    /** A system property: draw the bar even when stderr is not a terminal (the AOT training sets it). */
    public static final String DRAW_ALWAYS = "heapwise.progressBar.drawAlways";

    private enum Mode { SILENT, BAR, PHASES }

    private static final int WIDTH = 30;
    private final PrintStream err;
    private final Mode mode;
    private String phase = "";
    private long total = -1;
    private long lastDraw;
    private boolean drawn;

    private ProgressBar(PrintStream err, Mode mode) {
        this.err = err;
        this.mode = mode;
    }

    public static ProgressListener forTerminal(boolean quiet) {
        Mode mode = Boolean.getBoolean("heapwise.timings") ? Mode.PHASES
                : Boolean.getBoolean(DRAW_ALWAYS) || !quiet && Terminal.stderrIsTerminal() ? Mode.BAR : Mode.SILENT;
        return new ProgressBar(System.err, mode);
    }

    @Override
    public void phase(String name, long total) {
        if (mode == Mode.PHASES) {
            printUptime(name);
        }
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
        if (mode != Mode.BAR) {
            return;
        }
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
        if (mode == Mode.PHASES) {
            printUptime("done");
        }
        if (drawn) {
            err.print("\r\033[K");
            err.flush();
            drawn = false;
        }
    }

    private void printUptime(String what) {
        err.printf("[%8.3f s] %s%n", ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0, what);
    }
}
