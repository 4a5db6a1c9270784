package dev.heapwise.cli.analysis;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.cli.ProgressBar;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import java.io.IOException;

/** Opens the dominator tree for a command (histogram, show, ...), with a progress line while it is computed. */
public final class Trees {
    private Trees() {}

    public static DominatorTree open(HeapGraph g, boolean keepUnreachable, boolean quiet) throws IOException {
        ProgressListener p = ProgressBar.forTerminal(quiet);
        try {
            return DominatorTree.of(g, new DominatorTree.Options(keepUnreachable), p);
        } finally {
            p.finished();
        }
    }
}
