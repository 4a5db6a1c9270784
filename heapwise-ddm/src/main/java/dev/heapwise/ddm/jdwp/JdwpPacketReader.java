package dev.heapwise.ddm.jdwp;

import dev.heapwise.ddm.DdmFormatException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads JDWP packets from a stream, one at a time. Not thread-safe: one reader thread per stream.
 *
 * <p>A packet larger than the in-memory limit is offered to a {@link LargePacketSink} (which may
 * stream it, e.g. a heap dump, to a file); without one it is skipped and reported with a
 * {@link DdmFormatException}. Either way the framing is kept, so the connection lives on. A length
 * below the 11-byte header breaks the framing and ends the stream with {@link FramingException}.
 */
public final class JdwpPacketReader {
    private final InputStream in;
    private final int maxInMemory;
    private final LargePacketSink largeSink;
    private final byte[] header = new byte[JdwpPacket.HEADER_SIZE];
    private long bytesRead;

    /**
     * @param maxInMemory largest data part kept in memory
     * @param largeSink receives larger packets; may be null
     */
    public JdwpPacketReader(InputStream in, int maxInMemory, LargePacketSink largeSink) {
        this.in = in;
        this.maxInMemory = maxInMemory;
        this.largeSink = largeSink;
    }

    /** Packets larger than the in-memory limit go here. */
    @FunctionalInterface
    public interface LargePacketSink {
        /**
         * Consumes (some of) {@code data}, a stream bounded to exactly {@code dataLength} bytes;
         * whatever is left is skipped by the reader afterwards.
         *
         * @param packet the header fields, with empty data
         */
        void accept(JdwpPacket packet, long dataLength, InputStream data) throws IOException;
    }

    /** The packet framing is lost; the connection cannot continue. */
    public static final class FramingException extends IOException {
        public FramingException(String message) {
            super(message);
        }
    }

    /** Bytes consumed so far. */
    public long bytesRead() {
        return bytesRead;
    }

    /**
     * Blocks for the next packet. Returns null at a clean end of stream (between packets).
     *
     * @throws DdmFormatException for a packet that was skipped (the next call continues)
     * @throws FramingException when the length field is below the header size
     * @throws EOFException when the stream ends inside a packet
     */
    public JdwpPacket read() throws IOException {
        while (true) {
            long packetStart = bytesRead;
            int n = in.readNBytes(header, 0, header.length);
            bytesRead += n;
            if (n == 0) {
                return null;
            }
            if (n < header.length) {
                throw new EOFException("stream ended inside a JDWP header at byte " + packetStart);
            }
            long length = u4(header, 0);
            int id = (int) u4(header, 4);
            int flags = header[8] & 0xff;
            if (length < JdwpPacket.HEADER_SIZE) {
                throw new FramingException("JDWP packet at byte " + packetStart + " declares length "
                        + length + ", below the 11-byte header; the packet framing is lost");
            }
            long dataLength = length - JdwpPacket.HEADER_SIZE;
            if (dataLength <= maxInMemory) {
                byte[] data = in.readNBytes((int) dataLength);
                bytesRead += data.length;
                if (data.length < dataLength) {
                    throw new EOFException("stream ended inside a JDWP packet of " + length
                            + " bytes at byte " + packetStart);
                }
                return JdwpPacket.fromHeader(id, flags, header[9] & 0xff, header[10] & 0xff, data);
            }
            JdwpPacket headerOnly = JdwpPacket.fromHeader(id, flags, header[9] & 0xff, header[10] & 0xff, new byte[0]);
            BoundedInputStream bounded = new BoundedInputStream(in, dataLength);
            if (largeSink != null) {
                largeSink.accept(headerOnly, dataLength, bounded);
            }
            long skipped = bounded.drain();
            bytesRead += dataLength;
            if (skipped < 0) {
                throw new EOFException("stream ended inside a JDWP packet of " + length + " bytes at byte " + packetStart);
            }
            if (largeSink == null) {
                throw new DdmFormatException("JDWP packet", packetStart, "length " + length
                        + " exceeds the in-memory limit of " + maxInMemory + " bytes; skipped");
            }
        }
    }

    private static long u4(byte[] b, int at) {
        return ((b[at] & 0xffL) << 24) | ((b[at + 1] & 0xffL) << 16) | ((b[at + 2] & 0xffL) << 8) | (b[at + 3] & 0xffL);
    }

    /** Exactly {@code limit} bytes of the underlying stream. */
    static final class BoundedInputStream extends InputStream {
        private final InputStream in;
        private long left;

        BoundedInputStream(InputStream in, long limit) {
            this.in = in;
            this.left = limit;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) {
                return -1;
            }
            int b = in.read();
            if (b >= 0) {
                left--;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left <= 0) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n > 0) {
                left -= n;
            }
            return n;
        }

        /** Skips what is left; returns -1 if the underlying stream ended first. */
        long drain() throws IOException {
            byte[] skip = new byte[8192];
            long total = 0;
            while (left > 0) {
                int n = in.read(skip, 0, (int) Math.min(skip.length, left));
                if (n < 0) {
                    return -1;
                }
                left -= n;
                total += n;
            }
            return total;
        }

        @Override
        public void close() {
            // the underlying connection stays open
        }
    }
}
