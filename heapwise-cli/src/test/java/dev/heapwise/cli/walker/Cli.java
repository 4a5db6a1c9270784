package dev.heapwise.cli.walker;

import dev.heapwise.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the CLI in-process with captured standard output and error. */
final class Cli {
    private Cli() {}

    record Run(int exit, String out, String err) {}

    static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        return run(out, args);
    }

    /** Runs with standard output going to {@code out} (a ByteArrayOutputStream is read back). */
    static Run run(OutputStream out, String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int exit = Main.execute(args);
            String text = out instanceof ByteArrayOutputStream b ? b.toString(StandardCharsets.UTF_8) : "";
            return new Run(exit, text, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }
}
