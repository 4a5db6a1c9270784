package dev.heapwise.microej;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.build.ProgressListener;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * Converts an opened dump to another format: MicroEJ XML ({@link MicroEjXmlWriter}) or HPROF
 * ({@link HprofExport}). The output is written under a temporary name and renamed into place, so
 * a failed conversion leaves no half file. Streams; not thread-safe.
 */
public final class Conversion {
    private Conversion() {}

    public enum Target {
        MICROEJ, HPROF;

        /** The target an output file name implies: {@code .hprof(.gz)} is HPROF, anything else MicroEJ XML. */
        public static Target forFile(Path out) {
            String n = out.getFileName().toString().toLowerCase(Locale.ROOT);
            return n.endsWith(".hprof") || n.endsWith(".hprof.gz") ? HPROF : MICROEJ;
        }
    }

    /**
     * What a conversion had to change: references to objects the dump does not contain (HPROF
     * dumps may have them; the graph leaves them out) are written as null to MicroEJ XML.
     */
    public record Result(long nulledDanglingReferences) {}

    /** Writes {@code g} to {@code out} as {@code target}; a {@code .gz} name gets gzip compression. */
    public static Result convert(HeapGraph g, Path out, Target target, ProgressListener progress) throws IOException {
        long dangling = 0;
        Path abs = out.toAbsolutePath();
        Path tmp = abs.resolveSibling("." + abs.getFileName() + ".tmp-" + ProcessHandle.current().pid());
        boolean gzip = abs.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
        try {
            try (OutputStream file = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16);
                    OutputStream os = gzip ? new GZIPOutputStream(file, 1 << 16) : file) {
                switch (target) {
                    case MICROEJ -> dangling = MicroEjXmlWriter.write(g, os, progress);
                    case HPROF -> HprofExport.write(g, os, progress);
                }
            }
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return new Result(dangling);
        } finally {
            Files.deleteIfExists(tmp);
            progress.finished();
        }
    }
}
