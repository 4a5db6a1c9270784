package dev.heapwise.timeline.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.util.function.LongConsumer;

/**
 * Splits a byte channel into lines without creating an object per line: after {@link #next()}
 * the current line is {@code buffer()[start() .. end())}, valid until the next call.
 *
 * <p>Lines end at {@code \n}; a {@code \r} right before it is dropped, as is a UTF-8 byte order
 * mark at the very start. A line longer than {@code maxLineBytes} is returned once, cut to its
 * first {@code maxLineBytes} bytes and flagged {@link #overlong()}; the rest of it is skipped
 * without being buffered, so memory stays bounded whatever the input.
 *
 * <p>Cost: one buffer (grown up to {@code maxLineBytes}), no allocation per line. Not thread-safe.
 */
public final class LineReader {
    private final ReadableByteChannel channel;
    private final int maxLineBytes;
    private final LongConsumer progress;

    private byte[] buf;
    private int pos;
    private int limit;
    private boolean eof;
    private boolean skippingOverlongTail;
    private boolean atStart = true;

    private int lineStart;
    private int lineEnd;
    private boolean overlong;
    private long lineNumber;
    private long bytesRead;

    /**
     * @param progress told the total number of bytes read after every read from the channel
     *                 (roughly once per buffer); may be {@code null}
     */
    private boolean unterminated;

    public LineReader(ReadableByteChannel channel, int initialCapacity, int maxLineBytes, LongConsumer progress) {
        if (initialCapacity < 16 || maxLineBytes < initialCapacity) {
            throw new IllegalArgumentException("need 16 <= initialCapacity <= maxLineBytes");
        }
        this.channel = channel;
        this.maxLineBytes = maxLineBytes;
        this.progress = progress;
        this.buf = new byte[initialCapacity];
    }

    /** Moves to the next line; {@code false} at the end of the input. */
    public boolean next() throws IOException {
        if (skippingOverlongTail && !skipRestOfLine()) {
            return false;
        }
        while (true) {
            int nl = indexOfNewline(buf, pos, limit);
            if (nl >= 0) {
                setLine(pos, nl, false);
                pos = nl + 1;
                return true;
            }
            if (eof) {
                if (pos < limit) {
                    setLine(pos, limit, false);
                    pos = limit;
                    unterminated = true;
                    return true;
                }
                return false;
            }
            if (pos == 0 && limit == buf.length) {
                if (buf.length >= maxLineBytes) {
                    // The line does not fit: hand out its head and drop the tail unread.
                    setLine(0, limit, true);
                    pos = limit;
                    skippingOverlongTail = true;
                    return true;
                }
                byte[] bigger = new byte[(int) Math.min(maxLineBytes, 2L * buf.length)];
                System.arraycopy(buf, 0, bigger, 0, limit);
                buf = bigger;
            }
            fill();
        }
    }

    /** The bytes of the current line are {@code buffer()[start() .. end())}. */
    public byte[] buffer() {
        return buf;
    }

    public int start() {
        return lineStart;
    }

    public int end() {
        return lineEnd;
    }

    /** True when the input's last line had no line end (the file may have been cut short in it). */
    public boolean lastLineUnterminated() {
        return unterminated;
    }

    /** True when the current line was longer than the limit and holds only its head. */
    public boolean overlong() {
        return overlong;
    }

    /** The 1-based number of the current line; the number of lines read once {@link #next()} is false. */
    public long lineNumber() {
        return lineNumber;
    }

    /** Bytes read from the channel so far. */
    public long bytesRead() {
        return bytesRead;
    }

    private void setLine(int from, int to, boolean cut) {
        if (atStart) {
            atStart = false;
            if (to - from >= 3 && buf[from] == (byte) 0xEF && buf[from + 1] == (byte) 0xBB && buf[from + 2] == (byte) 0xBF) {
                from += 3;
            }
        }
        if (!cut && to > from && buf[to - 1] == '\r') {
            to--;
        }
        lineStart = from;
        lineEnd = to;
        overlong = cut;
        lineNumber++;
    }

    /** Discards bytes up to and including the next newline; false if the input ended first. */
    private boolean skipRestOfLine() throws IOException {
        while (true) {
            int nl = indexOfNewline(buf, pos, limit);
            if (nl >= 0) {
                pos = nl + 1;
                skippingOverlongTail = false;
                return true;
            }
            pos = limit;
            if (eof) {
                skippingOverlongTail = false;
                return false;
            }
            fill();
        }
    }

    /** Moves unread bytes to the front and reads more after them. */
    private void fill() throws IOException {
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            pos = 0;
        }
        ByteBuffer target = ByteBuffer.wrap(buf, limit, buf.length - limit);
        int n;
        do {
            n = channel.read(target);
        } while (n == 0);
        if (n < 0) {
            eof = true;
            return;
        }
        limit += n;
        bytesRead += n;
        if (progress != null) {
            progress.accept(bytesRead);
        }
    }

    private static int indexOfNewline(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
