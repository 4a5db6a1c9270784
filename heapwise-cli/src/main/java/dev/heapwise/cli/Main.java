package dev.heapwise.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code heapwise} command. Subcommands are listed in {@link Commands}; this class only wires
 * picocli, exit codes and the one-line error policy together.
 */
@Command(name = "heapwise",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Tells you where your memory went: heap dumps, heap timelines and live VMs.",
        subcommandsRepeatable = false)
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.err);
    }

    public static void main(String[] args) {
        dev.heapwise.cli.bench.PeakRss.reportAtExitIfAsked();
        System.exit(execute(args));
    }

    /** Runs the CLI and returns its exit code: 0 success, 2 bad input, 1 internal error. */
    public static int execute(String... args) {
        CommandLine cl = newCommandLine(args);
        try {
            return cl.execute(args);
        } catch (Error e) { // picocli lets Errors (out of memory, stack overflow) through its exception handler
            return ErrorReporter.report(e);
        }
    }

    /**
     * The command line for {@code args}: with only the subcommand {@code args[0]} names, when it names
     * one (its parse, help and errors need no other); else, for the version, the list of commands or
     * a mistake, with every subcommand as a listing only ({@link Commands#listings}).
     */
    static CommandLine newCommandLine(String... args) {
        CommandLine cl = new CommandLine(new Main());
        Object only = args.length > 0 ? Commands.named(args[0]) : null;
        if (only != null) {
            cl.addSubcommand(only);
        } else {
            for (CommandLine.Model.CommandSpec listing : Commands.listings()) {
                cl.addSubcommand(listing.name(), new CommandLine(listing));
            }
        }
        return wired(cl);
    }

    /** The command line with every subcommand built in full, for walking them all. */
    static CommandLine withEveryCommand() {
        CommandLine cl = new CommandLine(new Main());
        for (Object sub : Commands.all()) {
            cl.addSubcommand(sub);
        }
        return wired(cl);
    }

    private static CommandLine wired(CommandLine cl) {
        withHelpOptions(cl);
        cl.setExecutionExceptionHandler(new ErrorReporter());
        cl.setParameterExceptionHandler(ErrorReporter::onBadUsage);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setExecutionStrategy(parsed -> {
            CountOptions.check(parsed);
            return new CommandLine.RunLast().execute(parsed);
        });
        return cl;
    }

    /** Every command, at any depth, takes {@code -h/--help} and {@code -V/--version} (heapwise's version). */
    private static void withHelpOptions(CommandLine cl) {
        cl.getCommandSpec().mixinStandardHelpOptions(true);
        cl.getCommandSpec().versionProvider(VERSION);
        for (CommandLine sub : cl.getSubcommands().values()) {
            withHelpOptions(sub);
        }
    }

    /**
     * {@code heapwise 0.1.0 (commit 0123abcd4567)}: the project version and, when the jar was built from a
     * git checkout, its commit, marked when files differed from it. Read from {@code version.properties},
     * which the build writes (heapwise-cli/pom.xml).
     */
    private static final Version VERSION = new Version();

    static final class Version implements CommandLine.IVersionProvider {
        static final String RESOURCE = "version.properties";

        @Override
        public String[] getVersion() throws java.io.IOException {
            java.util.Properties p = new java.util.Properties();
            try (java.io.InputStream in = Main.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    return new String[] {"heapwise (version unknown: " + RESOURCE + " is missing; build with bin/build)"};
                }
                p.load(in);
            }
            return new String[] {line(p.getProperty("version", "?"), p.getProperty("commit", ""),
                    Boolean.parseBoolean(p.getProperty("modified")))};
        }

        static String line(String version, String commit, boolean modified) {
            if (commit.isBlank()) {
                return "heapwise " + version;
            }
            return "heapwise " + version + " (commit " + commit + (modified ? ", with local changes" : "") + ")";
        }
    }
}
