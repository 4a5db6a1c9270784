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

    @Test
    void environmentAndPeerFailuresAreOneLineWithoutATrace() {
        for (Exception e : new Exception[] {
            new java.util.concurrent.ExecutionException(new dev.heapwise.ddm.monitor.VmRequestFailedException(
                    "127.0.0.1:8001: heap dump failed: refused /etc/passwd: the file name must end in .hprof")),
            new java.nio.file.FileSystemException("/mnt/ro/.idx.tmp-1", null, "Read-only file system"),
            new dev.heapwise.graph.IndexFolderException(java.nio.file.Path.of("/data"), "holds files that are not a heapwise index", null)}) {
            int[] code = new int[1];
            String err = stderrOf(() -> code[0] = ErrorReporter.report(e));
            assertThat(code[0]).as(e.toString()).isEqualTo(ExitCodes.BAD_INPUT);
            assertThat(err.lines()).as(err).hasSize(1);
            assertThat(err).doesNotContain("internal error", "HEAPWISE_DEBUG", "Exception");
        }
    }
}
