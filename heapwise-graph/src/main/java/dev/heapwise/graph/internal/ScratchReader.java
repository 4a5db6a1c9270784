package dev.heapwise.graph.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads a scratch file of fixed-width little-endian records (a single value, or several fields)
 * at non-decreasing indexes through a small buffer, skipping ahead as needed. Unlike a mapping, reading a whole column this way never
 * makes it resident in the process. Not thread-safe.
 */
final class ScratchReader implements AutoCloseable {
    private final FileChannel channel;
    private final int width;
    private final ByteBuffer buf;
    private long bufFirst;
    private long bufEnd;

    ScratchReader(Path file, int width) throws IOException {
        this(file, width, 1 << 18);
    }

    ScratchReader(Path file, int width, int bufferBytes) throws IOException {
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.width = width;
        this.buf = ByteBuffer.allocateDirect(Math.max(width, bufferBytes / width * width)).order(ByteOrder.LITTLE_ENDIAN);
    }

    private int offset(long index) {
        if (index < bufFirst || index >= bufEnd) {
            refill(index);
        }
        return (int) ((index - bufFirst) * width);
    }

    /**
     * Loads the buffer from {@code index} on. Apart from {@link #offset}, so that an accessor's
     * compiled code stays small enough for the JIT to inline it into a caller's loop.
     */
    private void refill(long index) {
        if (index < bufFirst) {
            throw new IllegalStateException("scratch read went backwards: " + index + " < " + bufFirst);
        }
        buf.clear();
        try {
            long at = index * width;
            while (buf.hasRemaining()) {
                int n = channel.read(buf, at + buf.position());
                if (n <= 0) {
                    break;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        bufFirst = index;
        bufEnd = index + buf.position() / width;
        if (bufEnd <= index) {
            throw new IllegalStateException("scratch index " + index + " past the end");
        }
    }

    long getLong(long index) {
        return buf.getLong(offset(index));
    }

    int getInt(long index) {
        return buf.getInt(offset(index));
    }

    /** A long at {@code field} bytes into record {@code index}. */
    long getLong(long index, int field) {
        return buf.getLong(offset(index) + field);
    }

    /** An int at {@code field} bytes into record {@code index}. */
    int getInt(long index, int field) {
        return buf.getInt(offset(index) + field);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
