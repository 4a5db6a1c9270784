package dev.heapwise.graph.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Random reads from a gzip dump made of independent members (HotSpot's {@code -gz} dumps): the
 * member holding a position is inflated whole and kept in a small most-recently-used cache.
 * Thread-safe (the cache is guarded by a lock; inflating happens outside it).
 */
final class GzipBlockSource implements ContentSource {
    private static final int CACHE = 8;

    private final Path file;
    private final FileChannel channel;
    private final long[] memberStarts;
    private final long[] blockStarts;
    private final int[] cachedBlock = new int[CACHE];
    private final byte[][] cachedData = new byte[CACHE][];
    private long tick;
    private final long[] lastUse = new long[CACHE];

    GzipBlockSource(Path file, long[] memberStarts, long[] blockStarts) throws IOException {
        this.file = file;
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.memberStarts = memberStarts;
        this.blockStarts = blockStarts;
        Arrays.fill(cachedBlock, -1);
    }

    @Override
    public long size() {
        return blockStarts[blockStarts.length - 1];
    }

    @Override
    public int read(long position, ByteBuffer dst) throws IOException {
        if (position >= size()) {
            return -1;
        }
        int total = 0;
        while (dst.hasRemaining() && position < size()) {
            int b = blockOf(position);
            byte[] data = block(b);
            int off = (int) (position - blockStarts[b]);
            int n = Math.min(dst.remaining(), data.length - off);
            dst.put(data, off, n);
            position += n;
            total += n;
        }
        return total;
    }

    private int blockOf(long position) {
        int i = Arrays.binarySearch(blockStarts, 0, blockStarts.length - 1, position);
        if (i < 0) {
            i = -i - 2;
        }
        // Skip empty members that share a start with the next one.
        while (i + 1 < blockStarts.length - 1 && blockStarts[i + 1] <= position) {
            i++;
        }
        return i;
    }

    private byte[] block(int b) throws IOException {
        synchronized (this) {
            for (int i = 0; i < CACHE; i++) {
                if (cachedBlock[i] == b) {
                    lastUse[i] = ++tick;
                    return cachedData[i];
                }
            }
        }
        byte[] data = inflate(b);
        synchronized (this) {
            int victim = 0;
            for (int i = 1; i < CACHE; i++) {
                if (lastUse[i] < lastUse[victim]) {
                    victim = i;
                }
            }
            cachedBlock[victim] = b;
            cachedData[victim] = data;
            lastUse[victim] = ++tick;
        }
        return data;
    }

    private byte[] inflate(int b) throws IOException {
        long len = blockStarts[b + 1] - blockStarts[b];
        if (len > Integer.MAX_VALUE - 16) {
            throw new IOException(file + ": gzip member too large to read back: " + len + " bytes");
        }
        long start = memberStarts[b];
        long end = b + 1 < memberStarts.length ? memberStarts[b + 1] : channel.size();
        ByteBuffer comp = ByteBuffer.allocate((int) Math.min(end - start, Integer.MAX_VALUE - 16));
        while (comp.hasRemaining() && channel.read(comp, start + comp.position()) > 0) {
            // read the whole member
        }
        comp.flip();
        int headerLen = GzipHeaders.headerLength(comp);
        comp.position(headerLen);
        byte[] out = new byte[(int) len];
        Inflater inf = new Inflater(true);
        try {
            inf.setInput(comp);
            int done = 0;
            while (done < out.length) {
                int n = inf.inflate(out, done, out.length - done);
                if (n == 0 && (inf.finished() || inf.needsInput())) {
                    break;
                }
                done += n;
            }
            if (done != out.length) {
                throw new IOException(file + ": gzip member at byte " + start + " changed since it was indexed");
            }
        } catch (DataFormatException e) {
            throw new IOException(file + ": gzip member at byte " + start + " is corrupt: " + e.getMessage());
        } finally {
            inf.end();
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
