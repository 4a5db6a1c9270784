package dev.heapwise.graph.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** An uncompressed dump read sequentially. */
final class PlainFileInput implements SequentialInput {
    private final Path file;
    private final FileChannel channel;
    private final long size;
    private long position;

    PlainFileInput(Path file) throws IOException {
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.size = channel.size();
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        int n = channel.read(dst, position);
        if (n > 0) {
            position += n;
        }
        return n;
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public long filePosition() {
        return position;
    }

    @Override
    public boolean uncompressed() {
        return true;
    }

    @Override
    public long fileSize() {
        return size;
    }

    @Override
    public long skip(long n) {
        long k = Math.max(0, Math.min(n, size - position));
        position += k;
        return k;
    }

    @Override
    public ContentLocation location() {
        return ContentLocation.plain(file, size);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
