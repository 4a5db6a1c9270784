package dev.heapwise.graph.internal;

import dev.heapwise.graph.io.ContentSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A window over a {@link ContentSource} for reading object records: {@link #load} makes a byte
 * range available in {@link #buffer()} (big-endian, as HPROF stores values) and returns where it
 * starts. Reading ahead by a whole window makes scans in record order cheap. Not thread-safe: one
 * reader per thread.
 */
public final class ContentReader {
    private final ContentSource source;
    private final int window;
    private ByteBuffer buf;
    private long start = -1;
    private int length;

    public ContentReader(ContentSource source, int window) {
        this.source = source;
        this.window = window;
        this.buf = ByteBuffer.allocate(window).order(ByteOrder.BIG_ENDIAN);
    }

    /**
     * Makes {@code [pos, pos + len)} readable and returns the buffer index of {@code pos}. Fewer
     * bytes are available only at the end of the content; {@link #available} says how many.
     */
    public int load(long pos, int len) {
        if (start >= 0 && pos >= start && pos + len <= start + length) {
            return (int) (pos - start);
        }
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
