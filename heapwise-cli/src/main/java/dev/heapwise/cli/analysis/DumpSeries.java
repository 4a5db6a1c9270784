package dev.heapwise.cli.analysis;

import dev.heapwise.analysis.dominators.DominatorTree;
import dev.heapwise.cli.Dumps;
import dev.heapwise.cli.OpenOptions;
import dev.heapwise.cli.ProgressBar;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.NameMapping;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.hprof.Hprof;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Option;

/** Options for commands that open several dumps (compare, growth), and the opening itself. */
public final class DumpSeries {
    @Option(names = "--salvage", description = "Read dumps that were cut short up to their last complete record.")
    boolean salvage;

    @Option(names = "--rebuild", description = "Ignore saved indexes and read the dumps again.")
    boolean rebuild;

    @Option(names = {"-q", "--quiet"}, description = "No progress line.")
    boolean quiet;

    @Option(names = "--threads", description = "Worker threads for indexing (default: one per processor).")
    int threads;

    @Option(names = "--lenient", description = "MicroEJ dumps: read past schema violations and count them instead "
            + "of failing at the first problem.")
    boolean lenient;

    @Option(names = "--index-dir", paramLabel = "DIR", description = "A folder for the dumps' indexes, one "
            + "subfolder per dump named after its file (default: beside each dump, else ~/.cache/heapwise).")
    Path indexDir;

    @Option(names = "--mapping", paramLabel = "FILE", description = "The R8/ProGuard mapping file (mapping.txt) of an "
            + "obfuscated app, for every dump: classes, fields and stack frames go by their original names.")
    Path mapping;

    /** Opened graphs and their dominator trees; closes them all. */
    static final class Opened implements AutoCloseable {
        final List<HeapGraph> graphs = new ArrayList<>();
        final List<DominatorTree> trees = new ArrayList<>();

        @Override
        public void close() {
            trees.forEach(DominatorTree::close);
            graphs.forEach(HeapGraph::close);
        }
    }

    Opened open(List<Path> dumps) throws IOException {
        Opened o = new Opened();
        try {
            NameMapping originalNames = mapping == null ? null : NameMapping.read(mapping);
            Set<String> names = new HashSet<>();
            Map<Path, Path> indexOf = new LinkedHashMap<>(); // dump to its index folder, for one file given twice
            for (Path p : dumps) {
                ProgressListener progress = ProgressBar.forTerminal(quiet);
                Path index = null;
                if (indexDir != null) {
                    index = sameFileIndex(indexOf, p);
                    if (index == null) {
                        String name = p.getFileName() + ".heapwise";
                        for (int k = 2; !names.add(name); k++) { // two dumps of one name from two folders
                            name = p.getFileName() + "-" + k + ".heapwise";
                        }
                        index = indexDir.resolve(name);
                    }
                    indexOf.put(p, index);
                }
                HeapGraph g = Dumps.open(p, new Hprof.Options(salvage, rebuild, threads, index, progress, originalNames),
                        lenient);
                progress.finished();
                OpenOptions.warnIfUnused(originalNames, g, p);
                o.graphs.add(g);
                o.trees.add(Trees.open(g, false, quiet));
            }
            return o;
        } catch (IOException | RuntimeException e) {
            o.close();
            throw e;
        }
    }

    /** The index folder of an earlier dump that is the same file as {@code p}, or null. */
    private static Path sameFileIndex(Map<Path, Path> indexOf, Path p) {
        for (var e : indexOf.entrySet()) {
            try {
                if (Files.isSameFile(e.getKey(), p)) {
                    return e.getValue();
                }
            } catch (IOException unreadable) {
                // not the same as far as can be told; opening it says what is wrong
            }
        }
        return null;
    }
}
