package dev.heapwise.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** Running out of Java heap, even deep inside a worker thread's exception, is one line and exit 1. */
class ErrorReporterTest {
    private static String stderrOf(Runnable r) {
        PrintStream old = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            r.run();
        } finally {
            System.setErr(old);
        }
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void outOfMemoryInAWorkerIsOneLineWithAdvice() {
        int[] code = new int[1];
        String err = stderrOf(() -> code[0] = ErrorReporter.report(
                new IllegalStateException("worker failed", new CompletionException(new OutOfMemoryError("Java heap space")))));
        assertThat(code[0]).isEqualTo(ExitCodes.INTERNAL_ERROR);
        assertThat(err.lines()).hasSize(1);
        assertThat(err).startsWith("heapwise: out of memory: the Java heap (at most ").contains("HEAPWISE_JAVA_OPTS")
                .doesNotContain("at dev.heapwise");
    }

    @Test
    void anErrorThatIsNotOutOfMemoryIsAnInternalErrorInOneLine() {
        int[] code = new int[1];
        String err = stderrOf(() -> code[0] = ErrorReporter.report(new StackOverflowError()));
        assertThat(code[0]).isEqualTo(ExitCodes.INTERNAL_ERROR);
        assertThat(err).contains("internal error: java.lang.StackOverflowError").doesNotContain("\tat ");
    }

    @Test
    void otherInternalErrorsStillSayHowToSeeTheTrace() {
        String err = stderrOf(() -> ErrorReporter.report(new IllegalStateException("boom")));
        assertThat(err).contains("internal error").contains("HEAPWISE_DEBUG=1").doesNotContain("out of memory");
    }
}
