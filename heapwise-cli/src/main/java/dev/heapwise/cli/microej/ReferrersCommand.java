package dev.heapwise.cli.microej;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.microej.analysis.Browser;
import picocli.CommandLine.Command;

@Command(name = "referrers", description = "Instance Browser, References mode: the objects that refer to an object, and those that refer to them, recursively.")
final class ReferrersCommand extends BrowserCommand {
    @Override
    Browser.Node tree(HeapGraph g, int object, int depth, int max) {
        return Browser.referrers(g, object, depth, max);
    }
}
