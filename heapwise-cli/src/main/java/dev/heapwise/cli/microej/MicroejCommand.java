package dev.heapwise.cli.microej;

import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "microej", mixinStandardHelpOptions = true, description = "The views of the MicroEJ Heap Analyzer, for MicroEJ .heap dumps (and for "
        + "HPROF dumps, minus creation data): types, instances, fields, referrers, roots, usage, progressive, compare, "
        + "leaks, dominators.",
        subcommands = {TypesCommand.class, InstancesCommand.class, FieldsCommand.class, ReferrersCommand.class,
            RootsCommand.class, UsageCommand.class, ProgressiveCommand.class, CompareCommand.class, LeaksCommand.class,
            DominatorsCommand.class})
public final class MicroejCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.err);
    }
}
