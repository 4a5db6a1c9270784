package dev.heapwise.graph;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Files that analyses keep beside the graph's own index (dominator tree, retained sizes), so a
 * later open reuses them. They live in the index folder and go when the index is rebuilt.
 * Thread-safe.
 */
public interface IndexAttachments {

    /** Writes the content of one attachment file. */
    @FunctionalInterface
    interface Writer {
        void write(FileChannel channel) throws IOException;
    }

    /** Maps a saved attachment read-only, or returns empty if there is none. */
    Optional<MemorySegment> open(String name) throws IOException;

    /**
     * Saves an attachment: written under a temporary name, then renamed, so a crash never leaves
     * half a file under the real name. When the index folder is not writable this does nothing
     * and returns false.
     */
    boolean save(String name, Writer writer) throws IOException;

    /**
     * Saves an attachment as {@link #save} does and maps what was written at once, read-only:
     * making the file durable ({@code fsync}) and renaming it to its real name happen on a thread of
     * their own meanwhile, so the caller goes on with the mapping. {@link #open} of the same name,
     * and the graph's close, wait for that; the graph's close reports a failure then. Empty when the
     * index folder is not writable.
     */
    default Optional<MemorySegment> saveAndOpen(String name, Writer writer) throws IOException {
        return save(name, writer) ? open(name) : Optional.empty();
    }

    /**
     * A folder on the index's disk where an analysis may put short-lived scratch files (memory it
     * could not get otherwise); empty when the index folder is not writable. O(1), no I/O beyond a
     * permission check.
     */
    default Optional<Path> scratchFolder() {
        return Optional.empty();
    }
}
