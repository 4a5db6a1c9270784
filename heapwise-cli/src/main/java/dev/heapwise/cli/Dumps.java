package dev.heapwise.cli;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.Hprof;
import dev.heapwise.microej.MicroEj;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Opens a dump of any format heapwise reads. The format is told by content, not by name: a file
 * that starts (after an optional gzip layer, byte-order mark and white space) with {@code <} is a
 * MicroEJ XML heap dump, anything else HPROF.
 */
public final class Dumps {
    private Dumps() {}

    public static HeapGraph open(Path dump, Hprof.Options options) throws IOException {
        return open(dump, options, false);
    }

    /** @param lenient for MicroEJ dumps: read past schema violations, counting them (HPROF ignores it) */
    public static HeapGraph open(Path dump, Hprof.Options options, boolean lenient) throws IOException {
        if (!Files.exists(dump)) {
            throw new NoSuchFileException(dump.toString());
        }
        if (Files.isRegularFile(dump) && MicroEj.looksLikeXml(dump)) {
            return MicroEj.open(dump, new MicroEj.Options(lenient, options.rebuild(), options.threads(),
                    options.indexDir(), options.progress(), options.mapping()));
        }
        return Hprof.open(dump, options);
    }
}
