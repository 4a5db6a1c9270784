package dev.heapwise.microej.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A buffered big-endian file writer that can patch an int written earlier (an array's length,
 * known only after its content). Used for the reader's scratch log; not thread-safe.
 */
final class ScratchWriter implements AutoCloseable {
    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
    private long flushed;

    ScratchWriter(Path file) throws IOException {
        channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE, StandardOpenOption.READ);
    }

    long position() {
        return flushed + buffer.position();
    }

    private void room(int n) throws IOException {
        if (buffer.remaining() < n) {
            flush();
        }
    }

    private void flush() throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            flushed += channel.write(buffer, flushed);
        }
        buffer.clear();
    }

    void putByte(int v) throws IOException {
        room(1);
        buffer.put((byte) v);
    }

    void putShort(int v) throws IOException {
        room(2);
        buffer.putShort((short) v);
    }

    void putInt(int v) throws IOException {
        room(4);
        buffer.putInt(v);
    }

    void putLong(long v) throws IOException {
        room(8);
        buffer.putLong(v);
    }

    /**
     * Overwrites the int at {@code at}, which was written earlier. Ints are never split across a
     * flush ({@link #room} flushes before a value that does not fit), so it is wholly in the file
     * or wholly in the buffer.
     */
    void patchInt(long at, int v) throws IOException {
        if (at >= flushed) {
            buffer.putInt((int) (at - flushed), v);
        } else {
            ByteBuffer b = ByteBuffer.allocate(4).putInt(v).flip();
            long p = at;
            while (b.hasRemaining()) {
                p += channel.write(b, p);
            }
        }
    }

    /** Drops everything written from {@code at} on (an element cut short by a broken file). */
    void truncate(long at) throws IOException {
        if (at >= flushed) {
            buffer.position((int) (at - flushed));
        } else {
            buffer.clear();
            channel.truncate(at);
            flushed = at;
        }
    }

    void finish() throws IOException {
        flush();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
