package dev.heapwise.graph.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A scratch file of fixed-width little-endian values (4 or 8 bytes) appended in order while a
 * dump is read, then mapped to be read back. Streams through a small buffer, so appending never
 * grows the process's resident memory. Not thread-safe.
 */
public final class ScratchColumn implements AutoCloseable {
    private final Path file;
    private final int width;
    private final FileChannel channel;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    private long count;

    public ScratchColumn(Path file, int width) throws IOException {
        if (width != 4 && width != 8) {
            throw new IllegalArgumentException("width " + width);
        }
        this.file = file;
        this.width = width;
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
    }

    public void addLong(long v) {
        if (buf.remaining() < 8) {
            flush();
        }
        buf.putLong(v);
        count++;
    }

    public void addInt(int v) {
        if (buf.remaining() < 4) {
            flush();
        }
        buf.putInt(v);
        count++;
    }

    public long count() {
        return count;
    }

    public Path file() {
        return file;
    }

    public int width() {
        return width;
    }

    private void flush() {
        buf.flip();
        try {
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        buf.clear();
    }

    @Override
    public void close() throws IOException {
        flush();
        channel.close();
    }
}
