package dev.heapwise.cli;

import java.util.List;

/**
 * Every subcommand of {@code heapwise}. A new command is one class in this package (or a
 * subpackage named after its module) plus one line here.
 */
final class Commands {
    private Commands() {}

    static List<Object> all() {
        return List.of(
                new InfoCommand(),
                new HistogramCommand(),
                new ShowCommand(),
                new RootsCommand(),
                new ThreadsCommand(),
                new dev.heapwise.cli.analysis.DominatorsCommand(),
                new dev.heapwise.cli.analysis.PathCommand(),
                new dev.heapwise.cli.analysis.LeaksCommand(),
                new dev.heapwise.cli.analysis.SuspectsCommand(),
                new dev.heapwise.cli.analysis.WasteCommand(),
                new dev.heapwise.cli.analysis.CompareCommand(),
                new dev.heapwise.cli.analysis.GrowthCommand(),
                new dev.heapwise.cli.analysis.ReportCommand(),
                new dev.heapwise.cli.walker.WalkCommand(),
                new dev.heapwise.cli.walker.ExportCommand(),
                new dev.heapwise.cli.microej.ConvertCommand(),
                new dev.heapwise.cli.microej.MicroejCommand(),
                new dev.heapwise.cli.timeline.TimelineCommand(),
                new dev.heapwise.cli.ddm.MonitorCommand(),
                new dev.heapwise.cli.ddm.AgentPathCommand(),
                new dev.heapwise.cli.bench.GenerateCommand(),
                new dev.heapwise.cli.bench.BenchCommand(),
                new dev.heapwise.cli.bench.TrainCommand()
        );
    }
}
