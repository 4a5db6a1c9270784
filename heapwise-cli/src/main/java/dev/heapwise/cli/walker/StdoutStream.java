package dev.heapwise.cli.walker;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

/**
 * Standard output as a stream that notices when its reader has gone (a closed pipe, as in
 * {@code heapwise export dump.hprof | head}): {@link PrintStream} swallows write errors, so each
 * write checks the error flag and throws {@link Closed}, which stops a long export early. Callers
 * wrap it in a large buffer so that the check runs once per buffer, not per line.
 */
final class StdoutStream extends OutputStream {
    /** The reader of standard output went away. */
    static final class Closed extends IOException {
        Closed() {
            super("standard output was closed");
        }
    }

    private final PrintStream out;

    StdoutStream(PrintStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        check();
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        check();
    }

    @Override
    public void flush() throws IOException {
        check();
    }

    private void check() throws IOException {
        if (out.checkError()) {
            throw new Closed();
        }
    }

    /** Leaves standard output open. */
    @Override
    public void close() throws IOException {
        flush();
    }
}
