package dev.heapwise.graph.io;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Random access to the uncompressed bytes of a dump, where the graph reads object bodies back
 * (field values, array elements) on demand. Implementations are thread-safe.
 */
public interface ContentSource extends AutoCloseable {

    /** Uncompressed size in bytes. */
    long size();

    /**
     * Fills {@code dst} from {@code position} (fewer bytes only at the end of the content).
     * Returns the number of bytes read, -1 at or past the end.
     */
    int read(long position, ByteBuffer dst) throws IOException;

    @Override
    void close() throws IOException;
}
