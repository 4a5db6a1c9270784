package dev.heapwise.graph.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An uncompressed dump read with positional reads. The file is opened read-only and never
 * mapped, so reading it never counts in the process's resident memory. Thread-safe.
 */
public final class FileContentSource implements ContentSource {
    private final FileChannel channel;
    private final long size;

    public FileContentSource(Path file) throws IOException {
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.size = channel.size();
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public int read(long position, ByteBuffer dst) throws IOException {
        if (position >= size) {
            return -1;
        }
        int total = 0;
        while (dst.hasRemaining()) {
            int n = channel.read(dst, position + total);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
