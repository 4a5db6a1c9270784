package dev.heapwise.ddm;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * One DDM chunk: a type and its payload (the seed's {@code Chunk}: type, data, offset, length).
 *
 * <p>Immutable by contract: the constructor does not copy {@code data}, and {@link #data()} returns
 * the same array, so neither side may modify it afterwards. Thread-safe when that contract holds.
 */
public final class Chunk {
    private static final byte[] EMPTY = new byte[0];

    private final int type;
    private final byte[] data;
    private final int offset;
    private final int length;

    /** A chunk over {@code data[offset, offset+length)}; the array is not copied. */
    public Chunk(int type, byte[] data, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, data.length);
        this.type = type;
        this.data = data;
        this.offset = offset;
        this.length = length;
    }

    /** A chunk over the whole array; the array is not copied. */
    public Chunk(int type, byte[] data) {
        this(type, data, 0, data.length);
    }

    /** A chunk with no payload. */
    public static Chunk empty(int type) {
        return new Chunk(type, EMPTY, 0, 0);
    }

    public int type() {
        return type;
    }

    /** The backing array (not a copy); the payload is {@code [offset(), offset()+length())}. */
    public byte[] data() {
        return data;
    }

    public int offset() {
        return offset;
    }

    /** Payload length in bytes (without the 8-byte chunk header). */
    public int length() {
        return length;
    }

    /** A read-only big-endian view of the payload; allocates one small buffer object. */
    public ByteBuffer payload() {
        return ByteBuffer.wrap(data, offset, length).slice().asReadOnlyBuffer();
    }

    /** A copy of the payload. */
    public byte[] payloadBytes() {
        return Arrays.copyOfRange(data, offset, offset + length);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Chunk c && c.type == type
                && Arrays.equals(data, offset, offset + length, c.data, c.offset, c.offset + c.length);
    }

    @Override
    public int hashCode() {
        int h = type;
        for (int i = offset; i < offset + length; i++) {
            h = 31 * h + data[i];
        }
        return h;
    }

    @Override
    public String toString() {
        return ChunkType.name(type) + "(" + length + " bytes)";
    }
}
