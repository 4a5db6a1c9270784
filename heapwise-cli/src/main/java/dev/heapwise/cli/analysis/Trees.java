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
        return open(g, keepUnreachable, quiet, true);
    }

    /**
     * @param classSizes whether the command shows class retained sizes: if the tree has to be
     *                   computed, they are then summed alongside it (cheaper than afterwards)
     */
    public static DominatorTree open(HeapGraph g, boolean keepUnreachable, boolean quiet, boolean classSizes)
            throws IOException {
        return open(g, keepUnreachable, quiet, classSizes, null);
    }

    /** @param coreFree run where a computed tree starts to leave a core idle (see {@link DominatorTree#of}) */
    public static DominatorTree open(HeapGraph g, boolean keepUnreachable, boolean quiet, boolean classSizes,
            Runnable coreFree) throws IOException {
        ProgressListener p = ProgressBar.forTerminal(quiet);
        try {
            return DominatorTree.of(g, new DominatorTree.Options(keepUnreachable), p, classSizes, coreFree);
        } finally {
            p.finished();
        }
    }
}
