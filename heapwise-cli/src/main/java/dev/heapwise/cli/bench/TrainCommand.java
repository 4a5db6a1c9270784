package dev.heapwise.cli.bench;

import dev.heapwise.cli.Main;
import dev.heapwise.cli.ProgressBar;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The build's training run for the JVM's ahead-of-time cache (JEP 483, 515): a JVM started with
 * {@code -XX:AOTMode=record} runs this, and the cache made from its recording then starts every
 * later {@code heapwise} with the classes loaded and linked and with the method profiles of the
 * hot loops, so the JIT compiles them at once instead of profiling them first. The work is the
 * main commands on a generated dump, in this JVM; everything it writes goes into a fresh folder
 * that is deleted at the end.
 */
@Command(name = "train", hidden = true, description = "Runs the main commands on a generated dump in this JVM, "
        + "for a JVM that records an ahead-of-time cache (the build does this).")
public final class TrainCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "Where to make the (temporary) working folder.")
    Path parent;

    /** The build passes heapwise.aot.trainingSize (the root pom), the same by default. */
    @Option(names = "--size", description = "Approximate size of the generated dump (default: ${DEFAULT-VALUE}).")
    String size = "1200m";

    @Override
    public Integer call() throws Exception {
        Files.createDirectories(parent);
        Path work = Files.createTempDirectory(parent, "heapwise-training-");
        try {
            Path dump = work.resolve("training.hprof");
            ChildProcess.Result r = GenerateCommand.generate(dump, GenerateCommand.parseSize(size));
            if (r.exitCode() != 0) {
                System.err.print(r.err());
                return 1;
            }
            String d = dump.toString();
            List<String[]> runs = List.of(
                    new String[] {"report", d, "-o", work.resolve("report.html").toString(), "--quiet"},
                    new String[] {"dominators", d, "--top", "3", "--quiet"},
                    new String[] {"histogram", d, "--sort", "retained", "--top", "5", "--quiet"},
                    new String[] {"path", d, "--class", "java.util.HashMap", "--limit", "3", "--quiet"},
                    new String[] {"leaks", d, "--class", "java.util.HashMap", "--quiet"},
                    new String[] {"compare", d, d, "--quiet"});
            PrintStream out = System.out;
            PrintStream err = System.err;
            List<String> failed = new ArrayList<>();
            try (PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream())) {
                for (String[] args : runs) {
                    System.setOut(nowhere);
                    System.setErr(nowhere);
                    // The report draws the progress bar (into nowhere), the others stay silent: the
                    // profiles then hold both ways through it (ProgressBar says why that matters).
                    if (args == runs.get(0)) {
                        System.setProperty(ProgressBar.DRAW_ALWAYS, "true");
                    }
                    int code;
                    try {
                        code = Main.execute(args);
                    } finally {
                        System.setOut(out);
                        System.setErr(err);
                        System.clearProperty(ProgressBar.DRAW_ALWAYS);
                    }
                    if (code != 0) {
                        failed.add(String.join(" ", args) + " (exit " + code + ")");
                    }
                }
            }
            if (!failed.isEmpty()) {
                System.err.println("heapwise train: failed: " + String.join("; ", failed));
                return 1;
            }
            System.out.printf("trained on %s (%,d bytes): %d commands%n", dump.getFileName(), Files.size(dump),
                    runs.size());
            return 0;
        } finally {
            deleteTree(work);
        }
    }

    /** Deletes the working folder this command made, and everything in it. */
    private static void deleteTree(Path work) throws IOException {
        try (Stream<Path> all = Files.walk(work)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
