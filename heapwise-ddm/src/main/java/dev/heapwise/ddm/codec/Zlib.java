package dev.heapwise.ddm.codec;

import dev.heapwise.ddm.Chunk;
import dev.heapwise.ddm.ChunkType;
import dev.heapwise.ddm.DdmFormatException;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * The seed's compressed chunk: type {@code ZLIB}, then (as its payload) the original chunk's u4
 * type, its u4 uncompressed length, and the zlib stream. The ZLIB chunk's own length field
 * counts everything after it, so a reader that does not know ZLIB can still skip it.
 *
 * <p>Stateless and thread-safe; each call allocates its own (de)compressor and output array.
 */
public final class Zlib {
    /** Largest payload a ZLIB chunk may inflate to unless the caller says otherwise. */
    public static final int DEFAULT_MAX_INFLATED = 256 << 20;

    private Zlib() {}

    /** Compresses a chunk into a ZLIB chunk. */
    public static Chunk compress(Chunk chunk) {
        Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION);
        try {
            deflater.setInput(chunk.data(), chunk.offset(), chunk.length());
            deflater.finish();
            byte[] out = new byte[8 + Math.max(64, chunk.length() / 2)];
            ChunkFraming.putU4(out, 0, chunk.type());
            ChunkFraming.putU4(out, 4, chunk.length());
            int size = 8;
            while (!deflater.finished()) {
                if (size == out.length) {
                    out = java.util.Arrays.copyOf(out, out.length * 2);
                }
                size += deflater.deflate(out, size, out.length - size);
            }
            return new Chunk(ChunkType.ZLIB, out, 0, size);
        } finally {
            deflater.end();
        }
    }

    /**
     * Inflates a ZLIB chunk into the chunk it wraps.
     *
     * @throws DdmFormatException when the header is short, the wrapped type is ZLIB again, the
     *     declared size exceeds {@code maxInflated}, or the stream does not inflate to exactly the
     *     declared size
     */
    public static Chunk expand(Chunk zlib, int maxInflated) {
        if (zlib.length() < 8) {
            throw new DdmFormatException("ZLIB chunk", 0, "payload of " + zlib.length()
                    + " bytes is shorter than its 8-byte header");
        }
        byte[] d = zlib.data();
        int type = ChunkFraming.u4(d, zlib.offset());
        long size = ChunkFraming.u4(d, zlib.offset() + 4) & 0xffffffffL;
        if (type == ChunkType.ZLIB) {
            throw new DdmFormatException("ZLIB chunk", 0, "wraps another ZLIB chunk");
        }
        if (size > maxInflated) {
            throw new DdmFormatException("ZLIB chunk", 4, "declares " + size
                    + " uncompressed bytes, above the limit of " + maxInflated);
        }
        byte[] out = new byte[(int) size];
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(d, zlib.offset() + 8, zlib.length() - 8);
            int n = 0;
            while (!inflater.finished() && n < out.length) {
                int got = inflater.inflate(out, n, out.length - n);
                if (got == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    break;
                }
                n += got;
            }
            if (n < out.length) {
                throw new DdmFormatException("ZLIB chunk", 8, "compressed " + ChunkType.name(type)
                        + " data inflates to " + n + " bytes, not the declared " + size);
            }
            if (!inflater.finished()) {
                // the output is full; an empty probe tells "more data" from "stream ends here"
                if (inflater.inflate(new byte[1]) > 0 || !inflater.finished()) {
                    throw new DdmFormatException("ZLIB chunk", 8, "compressed " + ChunkType.name(type)
                            + " data inflates to more than the declared " + size + " bytes");
                }
            }
            if (inflater.getRemaining() != 0) {
                throw new DdmFormatException("ZLIB chunk", 8L + (zlib.length() - 8 - inflater.getRemaining()),
                        inflater.getRemaining() + " bytes after the end of the zlib stream");
            }
        } catch (DataFormatException e) {
            throw new DdmFormatException("ZLIB chunk", 8, "bad zlib stream: " + e.getMessage());
        } finally {
            inflater.end();
        }
        return new Chunk(type, out);
    }
}
