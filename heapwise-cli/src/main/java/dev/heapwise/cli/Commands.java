package dev.heapwise.cli;

import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Every subcommand of {@code heapwise}. A new command is one class in this package (or a
 * subpackage named after its module) plus one line here.
 */
final class Commands {
    private Commands() {}

    /** Every subcommand's class, in the order {@code heapwise --help} lists them. */
    private static final List<Class<?>> CLASSES = List.of(
            InfoCommand.class,
            HistogramCommand.class,
            ShowCommand.class,
            RootsCommand.class,
            ThreadsCommand.class,
            dev.heapwise.cli.analysis.DominatorsCommand.class,
            dev.heapwise.cli.analysis.PathCommand.class,
            dev.heapwise.cli.analysis.LeaksCommand.class,
            dev.heapwise.cli.analysis.SuspectsCommand.class,
            dev.heapwise.cli.analysis.WasteCommand.class,
            dev.heapwise.cli.analysis.CompareCommand.class,
            dev.heapwise.cli.analysis.GrowthCommand.class,
            dev.heapwise.cli.analysis.ReportCommand.class,
            dev.heapwise.cli.walker.WalkCommand.class,
            dev.heapwise.cli.walker.ExportCommand.class,
            dev.heapwise.cli.microej.ConvertCommand.class,
            dev.heapwise.cli.microej.MicroejCommand.class,
            dev.heapwise.cli.timeline.TimelineCommand.class,
            dev.heapwise.cli.ddm.MonitorCommand.class,
            dev.heapwise.cli.ddm.AgentPathCommand.class,
            dev.heapwise.cli.bench.GenerateCommand.class,
            dev.heapwise.cli.bench.BenchCommand.class,
            dev.heapwise.cli.bench.TrainCommand.class);

    /** A new instance of every subcommand. */
    static List<Object> all() {
        return CLASSES.stream().map(Commands::make).toList();
    }

    /**
     * A new instance of the subcommand called {@code name}, or null when none is. Found by the name
     * in its {@code @Command} annotation alone: picocli builds a command's model from its fields by
     * reflection, and building all of them took about 0.2 s of every run (BENCHMARKS.md).
     */
    static Object named(String name) {
        for (Class<?> c : CLASSES) {
            Command a = c.getAnnotation(Command.class);
            if (a.name().equals(name) || Arrays.asList(a.aliases()).contains(name)) {
                return make(c);
            }
        }
        return null;
    }

    /**
     * For each subcommand, in order, a model holding only what {@code heapwise --help} lists of it
     * (name, aliases, header, description, whether hidden), read from its {@code @Command}
     * annotation: enough to list the commands, print the version or suggest a name for a typo,
     * without building every command's model by reflection.
     */
    static List<CommandSpec> listings() {
        return CLASSES.stream().map(c -> {
            Command a = c.getAnnotation(Command.class);
            CommandSpec spec = CommandSpec.create().name(a.name()).aliases(a.aliases());
            spec.usageMessage().header(a.header()).description(a.description()).hidden(a.hidden());
            return spec;
        }).toList();
    }

    private static Object make(Class<?> c) {
        try {
            return c.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot make the command " + c.getName(), e);
        }
    }
}
