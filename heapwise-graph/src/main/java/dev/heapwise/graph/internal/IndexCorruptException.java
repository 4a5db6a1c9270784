package dev.heapwise.graph.internal;

/**
 * An index file is not what its manifest promised. Indexes are written under a temporary name and
 * renamed, so this means outside damage; the index is then rebuilt from the dump.
 */
public final class IndexCorruptException extends RuntimeException {
    public IndexCorruptException(String message) {
        super(message);
    }
}
