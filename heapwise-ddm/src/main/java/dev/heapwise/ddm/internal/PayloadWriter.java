package dev.heapwise.ddm.internal;

import java.util.Arrays;

/** A growable big-endian byte buffer for building payloads. Not thread-safe. */
public final class PayloadWriter {
    private byte[] buf;
    private int size;

    public PayloadWriter() {
        this(64);
    }

    public PayloadWriter(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    public int size() {
        return size;
    }

    public PayloadWriter u1(int v) {
        ensure(1);
        buf[size++] = (byte) v;
        return this;
    }

    public PayloadWriter u2(int v) {
        ensure(2);
        buf[size++] = (byte) (v >>> 8);
        buf[size++] = (byte) v;
        return this;
    }

    public PayloadWriter u4(long v) {
        ensure(4);
        buf[size++] = (byte) (v >>> 24);
        buf[size++] = (byte) (v >>> 16);
        buf[size++] = (byte) (v >>> 8);
        buf[size++] = (byte) v;
        return this;
    }

    public PayloadWriter u8(long v) {
        u4(v >>> 32);
        return u4(v);
    }

    /** UTF-16BE code units, no length prefix. */
    public PayloadWriter utf16(String s) {
        ensure(s.length() * 2);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            buf[size++] = (byte) (c >>> 8);
            buf[size++] = (byte) c;
        }
        return this;
    }

    /** A u4 length in chars, then UTF-16BE. */
    public PayloadWriter string(String s) {
        u4(s.length());
        return utf16(s);
    }

    public PayloadWriter bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
        return this;
    }

    public PayloadWriter bytes(byte[] b) {
        return bytes(b, 0, b.length);
    }

    /** Overwrites 4 bytes at {@code at} (for lengths known only at the end). */
    public void putU4At(int at, long v) {
        buf[at] = (byte) (v >>> 24);
        buf[at + 1] = (byte) (v >>> 16);
        buf[at + 2] = (byte) (v >>> 8);
        buf[at + 3] = (byte) v;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    /** The backing array; valid bytes are {@code [0, size())}. */
    public byte[] array() {
        return buf;
    }

    private void ensure(int n) {
        if (size + n > buf.length) {
            long want = Math.max((long) buf.length * 2, (long) size + n);
            if (want > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("payload larger than 2 GiB");
            }
            buf = Arrays.copyOf(buf, (int) want);
        }
    }
}
