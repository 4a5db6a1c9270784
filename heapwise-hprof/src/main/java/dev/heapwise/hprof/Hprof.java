package dev.heapwise.hprof;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.IndexLocations;
import dev.heapwise.graph.NameMapping;
import dev.heapwise.graph.build.GraphBuilder;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.graph.io.DumpInputs;
import dev.heapwise.graph.io.SequentialInput;
import dev.heapwise.hprof.internal.HprofHeader;
import dev.heapwise.hprof.internal.HprofParser;
import dev.heapwise.hprof.internal.RecordInputs;
import dev.heapwise.hprof.internal.SizeModels;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Opens HPROF heap dumps (HotSpot 1.0.1/1.0.2 with 4- or 8-byte ids, Android 1.0.3, plain or
 * gzip-compressed) as {@link HeapGraph}s. The first open reads the dump once and writes an index
 * beside it (or in the cache folder); later opens map that index and do not read the dump at all.
 * The dump is opened read-only and never written.
 *
 * <pre>{@code
 * try (HeapGraph g = Hprof.open(Path.of("app.hprof"))) {
 *     System.out.println(g.info().objects() + " objects");
 * }
 * }</pre>
 */
public final class Hprof {
    private Hprof() {}

    /**
     * How to open a dump.
     *
     * @param salvage  read a dump that was cut short up to its last complete record (the graph is
     *                 marked partial) instead of failing; a gzip dump, up to what its complete
     *                 members and the complete part of the cut member hold
     * @param rebuild  ignore an existing index and build a new one
     * @param threads  worker threads for indexing (0: one per processor)
     * @param indexDir where to put the index (null: beside the dump, or the cache folder)
     * @param progress hears about long phases
     * @param mapping  the original names of an obfuscated program (an R8/ProGuard mapping), given
     *                 to classes, fields and stack frames as the graph opens; null for the dump's
     *                 own names. The index keeps the dump's names either way.
     */
    public record Options(boolean salvage, boolean rebuild, int threads, Path indexDir, ProgressListener progress,
            NameMapping mapping) {
        /** Options without a name mapping. */
        public Options(boolean salvage, boolean rebuild, int threads, Path indexDir, ProgressListener progress) {
            this(salvage, rebuild, threads, indexDir, progress, null);
        }

        public static Options defaults() {
            return new Options(false, false, 0, null, ProgressListener.NONE, null);
        }

        public Options withSalvage(boolean s) {
            return new Options(s, rebuild, threads, indexDir, progress, mapping);
        }

        public Options withRebuild(boolean r) {
            return new Options(salvage, r, threads, indexDir, progress, mapping);
        }

        public Options withThreads(int t) {
            return new Options(salvage, rebuild, t, indexDir, progress, mapping);
        }

        public Options withIndexDir(Path d) {
            return new Options(salvage, rebuild, threads, d, progress, mapping);
        }

        public Options withProgress(ProgressListener p) {
            return new Options(salvage, rebuild, threads, indexDir, p, mapping);
        }

        public Options withMapping(NameMapping m) {
            return new Options(salvage, rebuild, threads, indexDir, progress, m);
        }
    }

    public static HeapGraph open(Path dump) throws IOException {
        return open(dump, Options.defaults());
    }

    /**
     * Opens a dump, reusing its index when it is valid. Cost: with a valid index, maps it
     * (milliseconds); otherwise reads the whole dump once and writes the index.
     *
     * @throws dev.heapwise.graph.DumpFormatException when the file is not a readable HPROF dump
     * @throws java.nio.file.NoSuchFileException when it does not exist
     */
    public static HeapGraph open(Path dump, Options options) throws IOException {
        return IndexLocations.openOrBuild(dump, options.indexDir(), options.rebuild(), options.mapping(),
                dir -> build(dump, dir, options));
    }

    /** Reads the dump and writes a fresh index, replacing any older one. */
    public static HeapGraph index(Path dump, Options options) throws IOException {
        return IndexLocations.openOrBuild(dump, options.indexDir(), true, options.mapping(),
                dir -> build(dump, dir, options));
    }

    private static HeapGraph build(Path dump, Path indexDir, Options options) throws IOException {
        ProgressListener progress = options.progress() == null ? ProgressListener.NONE : options.progress();
        long start = System.nanoTime();
        try (GraphBuilder builder = GraphBuilder.start(dump, indexDir, "hprof", progress)) {
            if (options.threads() > 0) {
                builder.threads(options.threads());
            }
            HprofHeader header;
            try (SequentialInput input = DumpInputs.open(dump, builder.contentCopyTarget(), options.salvage())) {
                var in = RecordInputs.over(input, dump);
                header = HprofParser.readHeader(in);
                builder.describeFormat(header.format(), header.idSize());
                HprofParser parser = new HprofParser(in, builder, options.salvage(), progress);
                parser.header(header);
                parser.parse();
                if (input.truncation() != null) {
                    builder.markPartial(input.truncation());
                }
                builder.setContent(input.location());
            }
            builder.phaseTook("parse", (System.nanoTime() - start) / 1_000_000);
            return builder.build(SizeModels.factory(header));
        } finally {
            progress.finished();
        }
    }
}
