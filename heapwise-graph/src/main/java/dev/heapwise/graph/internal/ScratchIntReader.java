package dev.heapwise.graph.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Reads a scratch file of little-endian ints sequentially from any start, through a small buffer. */
final class ScratchIntReader implements AutoCloseable {
    private final FileChannel channel;
    private final ByteBuffer buf = ByteBuffer.allocateDirect(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
    private long filePos;

    ScratchIntReader(Path file) throws IOException {
        channel = FileChannel.open(file, StandardOpenOption.READ);
        buf.limit(0);
    }

    void seek(long intIndex) {
        filePos = intIndex * 4;
        buf.clear().limit(0);
    }

    int next() {
        if (buf.remaining() < 4) {
            buf.compact();
            try {
                while (buf.position() < 4) {
                    int n = channel.read(buf, filePos);
                    if (n < 0) {
                        throw new IllegalStateException("scratch file ended early");
                    }
                    filePos += n;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            buf.flip();
        }
        return buf.getInt();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
