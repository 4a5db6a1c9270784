package dev.heapwise.graph.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * Appends little-endian longs to a file channel from a given offset through a small buffer, so a
 * column can be written sequentially without mapping it (written pages never count in our RSS).
 * Not thread-safe; several sinks may write disjoint regions of one channel.
 */
final class WordSink implements AutoCloseable {
    private final FileChannel channel;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    private long filePos;

    WordSink(FileChannel channel, long offset) {
        this.channel = channel;
        this.filePos = offset;
    }

    void put(long word) {
        if (!buf.hasRemaining()) {
            flush();
        }
        buf.putLong(word);
    }

    void flush() {
        buf.flip();
        try {
            while (buf.hasRemaining()) {
                filePos += channel.write(buf, filePos);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        buf.clear();
    }

    @Override
    public void close() {
        flush();
    }
}
