package dev.heapwise.timeline;

/** Told how far a parse has come; called on the parsing thread about once per megabyte. */
@FunctionalInterface
public interface ParseProgress {
    /**
     * @param bytesRead  bytes read so far
     * @param totalBytes the size of the input, or -1 when unknown
     */
    void update(long bytesRead, long totalBytes);
}
