package dev.heapwise.cli;

import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * One rule for the counting options every command shares: {@code --top}, {@code --limit},
 * {@code --runs}, {@code --depth}, {@code --max}, {@code --width}, {@code --periods} and
 * {@code --list} count things shown or done and must be at least 1 ({@code --depth} at most 400,
 * {@code --periods} at most 10,000); {@code --threads} at least 0 (0: one per processor). A value
 * outside is a usage error (exit 2) before any work, in every command alike, instead of an empty
 * listing or a failure halfway.
 */
public final class CountOptions {
    /**
     * The deepest tree a command prints ({@code path --class}, {@code dominators}, the {@code microej}
     * trees). Trees are printed and written as JSON one nesting level (two in JSON: an object and its
     * children array) per tree level; 400 levels keep a document within the 1,000 nesting levels
     * that Jackson writes and that common JSON readers (Python's {@code json}, for one) parse by default.
     */
    public static final int MAX_DEPTH = 400;

    private static final Map<String, Integer> MINIMUM = Map.of("--top", 1, "--limit", 1, "--runs", 1, "--threads", 0,
            "--depth", 1, "--max", 1, "--width", 1, "--periods", 1, "--list", 1);
    /** Beyond these a tree would nest deeper than its JSON can, or a chart be all empty periods. */
    private static final Map<String, Integer> MAXIMUM = Map.of("--depth", MAX_DEPTH, "--periods", 10_000);

    private CountOptions() {}

    /** Checks the options given to the command and its subcommands. */
    static void check(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            for (OptionSpec o : p.matchedOptions()) {
                Integer min = MINIMUM.get(o.longestName());
                Integer max = MAXIMUM.get(o.longestName());
                if (o.getValue() instanceof Integer v && (min != null && v < min || max != null && v > max)) {
                    String range = max == null ? " must be at least " + min : " must be " + min + " to " + max;
                    throw new CommandLine.ParameterException(p.commandSpec().commandLine(),
                            o.longestName() + range + ", not " + v);
                }
            }
        }
    }
}
