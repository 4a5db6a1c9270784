package dev.heapwise.graph.io;

import java.nio.file.Path;

/**
 * Where a graph finds its dump's uncompressed bytes again: the dump itself, the dump read through
 * its gzip members (a block table kept in the index), or a copy kept in the index folder (plain
 * gzip without blocks, or formats converted to the graph's record encoding).
 *
 * @param kind         how to read
 * @param dump         the dump file (for {@link Kind#PLAIN} and {@link Kind#GZIP_BLOCKS})
 * @param size         uncompressed size in bytes
 * @param memberStarts for gzip blocks: the file offset where each member starts
 * @param blockStarts  for gzip blocks: the uncompressed offset where each member's data starts,
 *                     with one more entry holding the total size
 */
public record ContentLocation(Kind kind, Path dump, long size, long[] memberStarts, long[] blockStarts) {

    public enum Kind { PLAIN, GZIP_BLOCKS, COPY }

    /** The name of the copy inside the index folder for {@link Kind#COPY}. */
    public static final String COPY_NAME = "content.bin";

    public static ContentLocation plain(Path dump, long size) {
        return new ContentLocation(Kind.PLAIN, dump, size, null, null);
    }

    public static ContentLocation copy(long size) {
        return new ContentLocation(Kind.COPY, null, size, null, null);
    }

    public static ContentLocation gzipBlocks(Path dump, long[] memberStarts, long[] blockStarts) {
        return new ContentLocation(Kind.GZIP_BLOCKS, dump, blockStarts[blockStarts.length - 1], memberStarts,
                blockStarts);
    }

    /** Opens the bytes for random reads; {@code indexDir} holds the copy for {@link Kind#COPY}. */
    public ContentSource open(Path indexDir) throws java.io.IOException {
        return switch (kind) {
            case PLAIN -> new FileContentSource(dump);
            case COPY -> new FileContentSource(indexDir.resolve(COPY_NAME));
            case GZIP_BLOCKS -> new GzipBlockSource(dump, memberStarts, blockStarts);
        };
    }
}
