package dev.heapwise.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.build.ProgressListener;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ProgressBarTest {
    private final PrintStream err = System.err;

    @AfterEach
    void restore() {
        System.setErr(err);
        System.clearProperty(ProgressBar.DRAW_ALWAYS);
        System.clearProperty("heapwise.timings");
    }

    /** What a listener made now writes for one short phase. */
    private static String run(ProgressListener[] made) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setErr(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        ProgressListener p = ProgressBar.forTerminal(true);
        made[0] = p;
        p.phase("counting", 10);
        p.progress(5);
        p.finished();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void quietDrawnAndTimedAreOneClassEachWritingItsOwn() {
        ProgressListener[] quiet = new ProgressListener[1];
        assertThat(run(quiet)).isEmpty();

        System.setProperty(ProgressBar.DRAW_ALWAYS, "true");
        ProgressListener[] drawn = new ProgressListener[1];
        assertThat(run(drawn)).contains("[", "counting").startsWith("\r\033[K").endsWith("\r\033[K");
        System.clearProperty(ProgressBar.DRAW_ALWAYS);

        System.setProperty("heapwise.timings", "true");
        ProgressListener[] timed = new ProgressListener[1];
        assertThat(run(timed)).matches("(?s)\\[ *[0-9.]+ s\\] counting\\R\\[ *[0-9.]+ s\\] done\\R");

        // One class: the hot loops' calls never meet a class the JIT's profiles lack (ProgressBar's comment).
        assertThat(quiet[0].getClass()).isEqualTo(drawn[0].getClass()).isEqualTo(timed[0].getClass());
    }
}
