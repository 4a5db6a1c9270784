package dev.heapwise.cli;

import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * One rule for the counting options every command shares: {@code --top}, {@code --limit} and
 * {@code --runs} count things shown or done and must be at least 1; {@code --threads} at least 0
 * (0: one per processor). A value outside is a usage error (exit 2) before any work, in every
 * command alike, instead of an empty listing or a failure halfway.
 */
final class CountOptions {
    private static final Map<String, Integer> MINIMUM = Map.of("--top", 1, "--limit", 1, "--runs", 1, "--threads", 0);

    private CountOptions() {}

    /** Checks the options given to the command and its subcommands. */
    static void check(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            for (OptionSpec o : p.matchedOptions()) {
                Integer min = MINIMUM.get(o.longestName());
                if (min != null && o.getValue() instanceof Integer v && v < min) {
                    throw new CommandLine.ParameterException(p.commandSpec().commandLine(),
                            o.longestName() + " must be at least " + min + ", not " + v);
                }
            }
        }
    }
}
