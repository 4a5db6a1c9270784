package dev.heapwise.ddm.internal;

import dev.heapwise.ddm.DdmFormatException;

/**
 * Bounds-checked big-endian reads over a byte range, failing with a {@link DdmFormatException}
 * that names the field and its offset. Not thread-safe; one instance per decode.
 */
public final class PayloadReader {
    private final String where;
    private final byte[] data;
    private final int start;
    private final int end;
    private int pos;

    public PayloadReader(String where, byte[] data, int offset, int length) {
        this.where = where;
        this.data = data;
        this.start = offset;
        this.end = offset + length;
        this.pos = offset;
    }

    /** Offset of the next byte, relative to the start of the range. */
    public int position() {
        return pos - start;
    }

    public int remaining() {
        return end - pos;
    }

    public boolean hasRemaining() {
        return pos < end;
    }

    /** The backing array; with {@link #absolutePosition()} lets hot loops read without copies. */
    public byte[] array() {
        return data;
    }

    public int absolutePosition() {
        return pos;
    }

    public void skip(int n, String field) {
        need(n, field);
        pos += n;
    }

    public int u1(String field) {
        need(1, field);
        return data[pos++] & 0xff;
    }

    public int u2(String field) {
        need(2, field);
        int v = ((data[pos] & 0xff) << 8) | (data[pos + 1] & 0xff);
        pos += 2;
        return v;
    }

    /** A u2 read as a signed short (line numbers use -1 and -2). */
    public int s2(String field) {
        return (short) u2(field);
    }

    public int s4(String field) {
        need(4, field);
        int v = ((data[pos] & 0xff) << 24) | ((data[pos + 1] & 0xff) << 16)
                | ((data[pos + 2] & 0xff) << 8) | (data[pos + 3] & 0xff);
        pos += 4;
        return v;
    }

    public long u4(String field) {
        return s4(field) & 0xffffffffL;
    }

    public long s8(String field) {
        long hi = u4(field);
        long lo = u4(field);
        return (hi << 32) | lo;
    }

    /** A count or length that must fit the remaining bytes when multiplied by {@code unitBytes}. */
    public int count(String field, int unitBytes) {
        int at = position();
        long n = u4(field);
        if (n * unitBytes > remaining()) {
            throw fail(at, field + " " + n + " needs " + n * unitBytes + " bytes but only "
                    + remaining() + " are left");
        }
        return (int) n;
    }

    /** {@code chars} UTF-16BE code units. */
    public String utf16(int chars, String field) {
        if (chars < 0 || (long) chars * 2 > remaining()) {
            throw fail(position(), field + " of " + chars + " UTF-16 chars needs " + 2L * chars
                    + " bytes but only " + remaining() + " are left");
        }
        char[] c = new char[chars];
        for (int i = 0; i < chars; i++) {
            c[i] = (char) (((data[pos] & 0xff) << 8) | (data[pos + 1] & 0xff));
            pos += 2;
        }
        return new String(c);
    }

    /** A u4 length in UTF-16 chars followed by that many chars. */
    public String string(String field) {
        int at = position();
        long chars = u4(field + " length");
        if (chars * 2 > remaining()) {
            throw fail(at, field + " length " + chars + " needs " + chars * 2 + " bytes but only "
                    + remaining() + " are left");
        }
        return utf16((int) chars, field);
    }

    public void expectEnd(String what) {
        if (pos != end) {
            throw fail(position(), remaining() + " unexpected bytes after " + what);
        }
    }

    public DdmFormatException fail(int relativeOffset, String problem) {
        return new DdmFormatException(where, relativeOffset, problem);
    }

    private void need(int n, String field) {
        if (end - pos < n) {
            throw fail(position(), "truncated: " + field + " needs " + n + " bytes but only "
                    + (end - pos) + " are left");
        }
    }
}
