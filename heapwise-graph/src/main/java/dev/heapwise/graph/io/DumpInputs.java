package dev.heapwise.graph.io;

import dev.heapwise.graph.DumpFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Opens a dump for one sequential read, decompressing gzip transparently. */
public final class DumpInputs {
    private DumpInputs() {}

    /**
     * Opens {@code file} read-only. A gzip file is decompressed on the fly; unless its first member
     * announces {@code HPROF BLOCKSIZE=} (random access per member), the uncompressed bytes are
     * also written to {@code copyTarget} so the graph can read them back.
     *
     * @throws NoSuchFileException if the file is missing
     * @throws DumpFormatException if the file is unreadable as a dump container
     */
    public static SequentialInput open(Path file, Path copyTarget) throws IOException {
        return open(file, copyTarget, false);
    }

    /**
     * As {@link #open(Path, Path)}; with {@code salvage}, a gzip file cut short is read up to the
     * last byte its complete members and the complete part of the cut member decompress to
     * ({@link SequentialInput#truncation()} then says where it was cut), instead of failing.
     */
    public static SequentialInput open(Path file, Path copyTarget, boolean salvage) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        if (!Files.isRegularFile(file)) {
            throw new DumpFormatException(file, -1, "not a regular file");
        }
        if (!Files.isReadable(file)) {
            throw new java.nio.file.AccessDeniedException(file.toString());
        }
        if (isGzip(file)) {
            return new GzipInput(file, copyTarget, salvage);
        }
        return new PlainFileInput(file);
    }

    public static boolean isGzip(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(2);
            ch.read(b, 0);
            return b.position() == 2 && (b.get(0) & 0xFF) == 0x1F && (b.get(1) & 0xFF) == 0x8B;
        }
    }
}
