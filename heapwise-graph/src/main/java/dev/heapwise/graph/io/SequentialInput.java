package dev.heapwise.graph.io;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A dump read once from start to end, decompressing if needed. {@link #position()} counts
 * uncompressed bytes delivered so far. Not thread-safe.
 */
public interface SequentialInput extends AutoCloseable {

    /** Reads into {@code dst}; returns the bytes read, or -1 at the end of the dump. */
    int read(ByteBuffer dst) throws IOException;

    /** Uncompressed bytes delivered so far. */
    long position();

    /** Bytes of the file consumed so far (equal to position() for uncompressed files). */
    long filePosition();

    /** The file's size in bytes (for progress). */
    long fileSize();

    /** True when positions are file offsets (no decompression), so records can be checked against the file size. */
    boolean uncompressed();

    /** Skips {@code n} uncompressed bytes (decompressing them for gzip); returns bytes skipped. */
    long skip(long n) throws IOException;

    /**
     * Where the graph can read this dump's bytes back later; known once the input has been read
     * to its end (gzip block tables are collected on the way).
     */
    ContentLocation location();

    /**
     * Where the file was cut short, when it was read with salvage and its container (gzip) ended
     * inside a member; null when the file was read to a clean end.
     */
    default String truncation() {
        return null;
    }

    @Override
    void close() throws IOException;
}
