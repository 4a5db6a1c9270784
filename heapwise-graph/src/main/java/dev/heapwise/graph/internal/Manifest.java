package dev.heapwise.graph.internal;

import dev.heapwise.graph.GraphInfo;
import java.io.IOException;
import java.nio.file.Path;

/**
 * {@code manifest.json}: what the index was built from and how to read it. Written last, so an
 * index folder without one was never finished.
 *
 * @param version           the index layout version; an index of another version is rebuilt
 * @param dumpPath          the dump's absolute path when indexed
 * @param dumpSize          the dump's size then; a different size means a different dump
 * @param dumpModifiedMillis the dump's modification time then
 * @param info              counts and facts shown by {@code heapwise info}
 * @param contentKind       PLAIN, GZIP_BLOCKS or COPY (see ContentLocation)
 * @param contentSize       uncompressed content size
 * @param positionsSorted   whether objects.pos is Elias–Fano (true) or bit-packed
 * @param sizeUnit          the unit of the objects.size column
 * @param heapColumn        whether objects.heap exists
 * @param javaLangClass     the class index of java.lang.Class, or -1
 * @param attributes        per-object attribute columns
 */
public record Manifest(int version, String dumpPath, long dumpSize, long dumpModifiedMillis, GraphInfo info,
        String contentKind, long contentSize, boolean positionsSorted, int sizeUnit, boolean heapColumn,
        int javaLangClass, java.util.List<AttributeSpec> attributes) {

    /**
     * A per-object attribute column: {@code attr.<i>} bit-packed, 0 meaning "none"; text values
     * are dictionary codes + 1 (dictionary in {@code attr.<i>.dict}), numbers are value - base + 1.
     */
    public record AttributeSpec(String name, boolean numeric, long base, String file) {}

    public static final int VERSION = 2;

    /** The manifest as JSON ({@link ManifestWriter}: without data binding, which is slow to start). */
    public byte[] toJson() throws IOException {
        return ManifestWriter.write(this);
    }

    /** Reads a manifest ({@link ManifestReader}: without data binding, which is slow to start). */
    public static Manifest read(Path file) throws IOException {
        return ManifestReader.read(file);
    }
}
