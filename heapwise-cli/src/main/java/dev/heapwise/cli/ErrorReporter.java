package dev.heapwise.cli;

import java.io.FileNotFoundException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import picocli.CommandLine;

/**
 * Turns exceptions into the CLI's error policy: bad input gives one line on stderr and exit 2,
 * anything else is an internal error (exit 1) whose stack trace is shown only with
 * {@code HEAPWISE_DEBUG=1}. Errors (out of memory, stack overflow) are one line too.
 */
final class ErrorReporter implements CommandLine.IExecutionExceptionHandler {

    /**
     * Exceptions that mean "the input was wrong". Modules with their own bad-input exception add
     * its class here; its message must already name the file and the offset (or line and column).
     */
    private static final List<Class<? extends Throwable>> BAD_INPUT = List.of(
            dev.heapwise.graph.DumpFormatException.class,
            dev.heapwise.graph.IndexFolderException.class,
            dev.heapwise.timeline.TimelineFormatException.class,
            dev.heapwise.ddm.DdmFormatException.class,
            dev.heapwise.ddm.monitor.VmRequestFailedException.class,
            BadInputException.class,
            NoSuchFileException.class,
            AccessDeniedException.class,
            FileNotFoundException.class,
            FileSystemException.class); // a read-only or full disk, a path through a file: one line, not a trace

    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        return report(ex);
    }

    static int report(Throwable ex) {
        for (Throwable t = ex; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                return outOfMemory();
            }
        }
        Throwable bad = findBadInput(ex);
        if (bad != null) {
            System.err.println("heapwise: " + describe(bad));
            return ExitCodes.BAD_INPUT;
        }
        System.err.println("heapwise: internal error: " + ex);
        if ("1".equals(System.getenv("HEAPWISE_DEBUG"))) {
            ex.printStackTrace(System.err);
        } else {
            System.err.println("heapwise: set HEAPWISE_DEBUG=1 to see the stack trace");
        }
        return ExitCodes.INTERNAL_ERROR;
    }

    /**
     * The Java heap ran out (native scratch memory goes to files instead, see the README): one line
     * saying how to give it more, exit 1.
     */
    static int outOfMemory() {
        long max = Runtime.getRuntime().maxMemory() >> 20;
        System.err.println("heapwise: out of memory: the Java heap (at most " + max + " MiB) is full; give it more,"
                + " e.g. HEAPWISE_JAVA_OPTS='-Xmx4g -XX:+UseParallelGC -XX:-TieredCompilation'");
        return ExitCodes.INTERNAL_ERROR;
    }

    /** A wrong option or argument: one line, with where to look, not the whole usage text. */
    static int onBadUsage(CommandLine.ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        String hint = ex instanceof CommandLine.UnmatchedArgumentException u && !u.getSuggestions().isEmpty()
                ? "; did you mean " + u.getSuggestions().getFirst() + "?" : "";
        System.err.println("heapwise: " + ex.getMessage() + hint + " (" + cl.getCommandSpec().qualifiedName()
                + " --help lists the options)");
        return ExitCodes.BAD_INPUT;
    }

    private static Throwable findBadInput(Throwable ex) {
        for (Throwable t = ex; t != null; t = t.getCause()) {
            for (Class<? extends Throwable> c : BAD_INPUT) {
                if (c.isInstance(t)) {
                    return t;
                }
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    private static String describe(Throwable t) {
        if (t instanceof NoSuchFileException e) {
            return e.getFile() + ": no such file";
        }
        if (t instanceof AccessDeniedException e) {
            return e.getFile() + ": permission denied";
        }
        if (t instanceof FileSystemException e && e.getFile() != null) {
            return e.getFile() + ": " + (e.getReason() != null ? e.getReason() : e.getClass().getSimpleName());
        }
        return t.getMessage();
    }
}
