package dev.heapwise.ddm.client;

import dev.heapwise.ddm.Chunk;

/**
 * Handles DDM chunks of the types it is registered for in a {@link DdmClient} (the seed's Chunk
 * Handler API).
 *
 * <p>Threading: all three methods are called on the connection's reader thread, one call at a
 * time, so a handler sees requests in arrival order and blocks the connection while it runs (as
 * a VM's JDWP thread does). Handlers that take long should answer quickly and send their data
 * later with {@link DdmClient#sendChunk}.
 */
public interface ChunkHandler {
    /**
     * Answers one request. Return null for an empty reply. Exceptions become a FAIL chunk in the
     * reply; the connection continues.
     */
    Chunk handleChunk(Chunk request);

    /** A DDM server started talking on a new connection (called once per connection). */
    default void connected() {}

    /** The DDM server's connection ended. */
    default void disconnected() {}
}
