package dev.heapwise.ddm.codec;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.DdmFormatException;
import java.util.ArrayList;
import java.util.List;

/**
 * Chunks inside the data of a DDM packet: {@code u4 type, u4 length, payload}, big-endian, any
 * number of them back to back. ZLIB chunks are expanded into the chunk they wrap.
 *
 * <p>Stateless and thread-safe. {@link #split} allocates one {@link Chunk} per chunk and does not
 * copy payloads (except when inflating ZLIB).
 */
public final class ChunkFraming {
    /** Size of a chunk header. */
    public static final int CHUNK_HEADER_SIZE = 8;

    private ChunkFraming() {}

    /**
     * The chunks of a packet. When the bytes go wrong part-way, the chunks before the problem are
     * kept and the problem is reported alongside them; the caller decides what to do with both.
     */
    public record Split(List<Chunk> chunks, DdmFormatException problem) {
        /** The chunks, or the problem thrown when there was one. */
        public List<Chunk> orThrow() {
            if (problem != null) {
                throw problem;
            }
            return chunks;
        }
    }

    /** Splits {@code data[offset, offset+length)} into chunks, expanding ZLIB chunks. */
    public static Split split(byte[] data, int offset, int length, int maxInflatedBytes) {
        List<Chunk> chunks = new ArrayList<>(2);
        int pos = offset;
        int end = offset + length;
        while (pos < end) {
            int at = pos - offset;
            if (end - pos < CHUNK_HEADER_SIZE) {
                return new Split(chunks, new DdmFormatException("DDM packet", at,
                        "truncated chunk header: " + (end - pos) + " bytes where 8 are needed"));
            }
            int type = u4(data, pos);
            long chunkLength = u4(data, pos + 4) & 0xffffffffL;
            if (chunkLength > end - pos - CHUNK_HEADER_SIZE) {
                return new Split(chunks, new DdmFormatException("DDM packet", at,
                        "chunk " + ChunkType.name(type) + " declares " + chunkLength
                                + " bytes but the packet has " + (end - pos - CHUNK_HEADER_SIZE) + " left"));
            }
            Chunk chunk = new Chunk(type, data, pos + CHUNK_HEADER_SIZE, (int) chunkLength);
            if (type == ChunkType.ZLIB) {
                try {
                    chunk = Zlib.expand(chunk, maxInflatedBytes);
                } catch (DdmFormatException e) {
                    return new Split(chunks, new DdmFormatException("DDM packet", at + CHUNK_HEADER_SIZE + e.offset(),
                            e.where() + ": " + e.problem()));
                }
            }
            chunks.add(chunk);
            pos += CHUNK_HEADER_SIZE + (int) chunkLength;
        }
        return new Split(chunks, null);
    }

    /** Splits a whole array. */
    public static Split split(byte[] data) {
        return split(data, 0, data.length, Zlib.DEFAULT_MAX_INFLATED);
    }

    /** Concatenates chunks with their headers into packet data. */
    public static byte[] join(List<Chunk> chunks) {
        long total = 0;
        for (Chunk c : chunks) {
            total += CHUNK_HEADER_SIZE + c.length();
        }
        if (total > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("chunks larger than 2 GiB");
        }
        byte[] out = new byte[(int) total];
        int pos = 0;
        for (Chunk c : chunks) {
            putU4(out, pos, c.type());
            putU4(out, pos + 4, c.length());
            System.arraycopy(c.data(), c.offset(), out, pos + CHUNK_HEADER_SIZE, c.length());
            pos += CHUNK_HEADER_SIZE + c.length();
        }
        return out;
    }

    /** Packet data holding one chunk. */
    public static byte[] join(Chunk chunk) {
        return join(List.of(chunk));
    }

    static int u4(byte[] b, int at) {
        return ((b[at] & 0xff) << 24) | ((b[at + 1] & 0xff) << 16) | ((b[at + 2] & 0xff) << 8) | (b[at + 3] & 0xff);
    }

    static void putU4(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }
}
