package dev.heapwise.graph.internal;

import dev.heapwise.graph.io.ContentSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A window over a {@link ContentSource} for reading object records: {@link #load} makes a byte
 * range available in {@link #buffer()} (big-endian, as HPROF stores values) and returns where it
 * starts. The read-ahead adapts: a load that starts where the previous window ended doubles it
 * (up to {@code maxWindow}), so scans in record order read big blocks, while random loads shrink
 * it back to a few kilobytes, so looking at one object costs one small read. Not thread-safe: one
 * reader per thread.
 */
public final class ContentReader {
    private static final int MIN_WINDOW = 4096;

    private final ContentSource source;
    private final int maxWindow;
    private int window;
    private ByteBuffer buf;
    private long start = -1;
    private int length;

    public ContentReader(ContentSource source, int maxWindow) {
        this.source = source;
        this.maxWindow = Math.max(MIN_WINDOW, maxWindow);
        this.window = MIN_WINDOW;
        this.buf = ByteBuffer.allocate(MIN_WINDOW).order(ByteOrder.BIG_ENDIAN);
    }

    /**
     * Makes {@code [pos, pos + len)} readable and returns the buffer index of {@code pos}. Fewer
     * bytes are available only at the end of the content; {@link #available} says how many.
     */
    public int load(long pos, int len) {
        if (start >= 0 && pos >= start && pos + len <= start + length) {
            return (int) (pos - start);
        }
        boolean sequential = start >= 0 && pos >= start + length && pos <= start + length + window;
        window = sequential ? Math.min(maxWindow, window * 2) : MIN_WINDOW;
        int want = Math.max(window, len);
        if (buf.capacity() < want) {
            buf = ByteBuffer.allocate(want).order(ByteOrder.BIG_ENDIAN);
        }
        buf.clear().limit(want);
        try {
            int n = source.read(pos, buf);
            length = Math.max(n, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        start = pos;
        return 0;
    }

    /** Bytes readable from {@code pos} after a {@link #load} of it. */
    public long available(long pos) {
        return start + length - pos;
    }

    public ByteBuffer buffer() {
        return buf;
    }

    public long id(int index, int idSize) {
        return idSize == 8 ? buf.getLong(index) : buf.getInt(index) & 0xFFFFFFFFL;
    }
}
