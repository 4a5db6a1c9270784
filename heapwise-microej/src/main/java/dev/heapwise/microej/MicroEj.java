package dev.heapwise.microej;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.IndexLocations;
import dev.heapwise.graph.NameMapping;
import dev.heapwise.graph.build.ProgressListener;
import dev.heapwise.microej.internal.MicroEjIndexer;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Opens MicroEJ {@code .heap} XML dumps (plain or gzip-compressed) as {@link HeapGraph}s, like
 * {@code Hprof} does for HPROF: the first open streams the XML once and writes an index beside the
 * dump (or in the cache folder); later opens map that index. The dump is never written.
 *
 * <pre>{@code
 * try (HeapGraph g = MicroEj.open(Path.of("app.heap"))) {
 *     MicroEjAttributes a = new MicroEjAttributes(g);
 *     System.out.println(a.createdAt(0));
 * }
 * }</pre>
 */
public final class MicroEj {
    /** {@code GraphInfo.format()} of MicroEJ graphs. */
    public static final String FORMAT = MicroEjIndexer.FORMAT;

    private MicroEj() {}

    /**
     * How to open a dump.
     *
     * @param lenient  read what breaks the schema as far as possible and count what was skipped,
     *                 instead of failing at the first problem
     * @param rebuild  ignore an existing index and read the dump again
     * @param threads  worker threads for indexing (0: one per processor)
     * @param indexDir where to put the index (null: beside the dump, or the cache folder)
     * @param progress hears about long phases
     * @param mapping  the original names of an obfuscated program (an R8/ProGuard mapping), given
     *                 to classes, fields and stack frames as the graph opens; null for the dump's
     *                 own names. The index keeps the dump's names either way.
     */
    public record Options(boolean lenient, boolean rebuild, int threads, Path indexDir, ProgressListener progress,
            NameMapping mapping) {
        /** Options without a name mapping. */
        public Options(boolean lenient, boolean rebuild, int threads, Path indexDir, ProgressListener progress) {
            this(lenient, rebuild, threads, indexDir, progress, null);
        }

        public static Options defaults() {
            return new Options(false, false, 0, null, ProgressListener.NONE, null);
        }

        public Options withLenient(boolean l) {
            return new Options(l, rebuild, threads, indexDir, progress, mapping);
        }

        public Options withRebuild(boolean r) {
            return new Options(lenient, r, threads, indexDir, progress, mapping);
        }

        public Options withIndexDir(Path d) {
            return new Options(lenient, rebuild, threads, d, progress, mapping);
        }

        public Options withProgress(ProgressListener p) {
            return new Options(lenient, rebuild, threads, indexDir, p, mapping);
        }

        public Options withMapping(NameMapping m) {
            return new Options(lenient, rebuild, threads, indexDir, progress, m);
        }
    }

    public static HeapGraph open(Path dump) throws IOException {
        return open(dump, Options.defaults());
    }

    /**
     * Opens a dump, reusing its index when it is valid (whether that index was read leniently or
     * not: {@link #readReport} tells). Cost: with a valid index, maps it; otherwise streams the
     * whole XML once and builds the index.
     *
     * @throws dev.heapwise.graph.DumpFormatException naming the file, line and column when the
     *         dump breaks the format (strict reads), or is not XML at all
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
        return new MicroEjIndexer(dump, indexDir, options.lenient(), options.threads(), progress).build();
    }

    /** What the read that built this graph's index skipped; empty for strict reads and non-MicroEJ graphs. */
    public static ReadReport readReport(HeapGraph g) throws IOException {
        var seg = g.attachments().open(MicroEjIndexer.REPORT_ATTACHMENT);
        if (seg.isEmpty()) {
            return ReadReport.none(false);
        }
        byte[] bytes = seg.get().toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
        return ReadReport.decode(new String(bytes, StandardCharsets.UTF_8));
    }

    /**
     * Whether a file looks like a MicroEJ XML dump rather than HPROF: after an optional gzip
     * layer, byte-order mark and white space, it starts with {@code <?xml} or {@code <heap}
     * (or any {@code <}, since HPROF never does). Reads at most a few kilobytes.
     */
    public static boolean looksLikeXml(Path file) throws IOException {
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 4096)) {
            raw.mark(2);
            int b0 = raw.read();
            int b1 = raw.read();
            raw.reset();
            InputStream in = raw;
            if (b0 == 0x1f && b1 == 0x8b) {
                try {
                    in = new GZIPInputStream(raw, 4096);
                } catch (IOException e) {
                    return false;
                }
            }
            byte[] head = in.readNBytes(64);
            int i = 0;
            if (head.length >= 2 && ((head[0] & 0xFF) == 0xFE && (head[1] & 0xFF) == 0xFF
                    || (head[0] & 0xFF) == 0xFF && (head[1] & 0xFF) == 0xFE)) {
                return true; // UTF-16 byte-order mark: text, so XML
            }
            if (head.length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF) {
                i = 3;
            }
            while (i < head.length && (head[i] == ' ' || head[i] == '\n' || head[i] == '\r' || head[i] == '\t')) {
                i++;
            }
            return i < head.length && head[i] == '<';
        }
    }
}
