package dev.heapwise.hprof.internal;

import dev.heapwise.graph.DumpFormatException;
import dev.heapwise.graph.io.SequentialInput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;

/**
 * Big-endian reads over a dump streamed once, through a 256 KiB buffer, with the absolute position
 * of every byte. Running out of bytes raises {@link Truncated} carrying what was being read, so
 * the parser can report it with the position of the record that was cut. Not thread-safe.
 */
public final class RecordInput {
    private final SequentialInput in;
    private final Path file;
    // 256 KiB, a few thousand objects, so that the first refill comes while the JIT profiles the
    // parser's loop (without the AOT cache it came after: ARCHITECTURE.md, "Hot loops and the JIT").
    // Parsing big.hprof also measured faster with it, the cache in use (BENCHMARKS.md).
    private final ByteBuffer buf = ByteBuffer.allocate(1 << 18).order(ByteOrder.BIG_ENDIAN);
    private long bufStart;
    private int idSize = 4;

    /** The dump ended in the middle of something. */
    static final class Truncated extends IOException {
        final long position;

        Truncated(long position) {
            super("truncated at " + position);
            this.position = position;
        }
    }

    RecordInput(SequentialInput in, Path file) {
        this.in = in;
        this.file = file;
        buf.limit(0);
    }

    void idSize(int idSize) {
        this.idSize = idSize;
    }

    int idSize() {
        return idSize;
    }

    Path file() {
        return file;
    }

    long position() {
        return bufStart + buf.position();
    }

    SequentialInput source() {
        return in;
    }

    /** True when no byte is left. */
    boolean atEnd() throws IOException {
        return !buf.hasRemaining() && !fill(1);
    }

    /** Makes at least {@code n} bytes readable; false if the dump ends first. */
    private boolean fill(int n) throws IOException {
        if (buf.remaining() >= n) {
            return true;
        }
        bufStart += buf.position();
        buf.compact();
        while (buf.position() < n) {
            int k = in.read(buf);
            if (k < 0) {
                buf.flip();
                return false;
            }
        }
        buf.flip();
        return true;
    }

    private void need(int n) throws IOException {
        if (buf.remaining() < n && !fill(n)) {
            throw new Truncated(position());
        }
    }

    /** Makes {@code n} bytes readable with the unchecked {@code raw…} methods, or throws {@link Truncated}. */
    void require(int n) throws IOException {
        need(n);
    }

    long rawId() {
        return idSize == 8 ? buf.getLong() : buf.getInt() & 0xFFFFFFFFL;
    }

    int rawI4() {
        return buf.getInt();
    }

    int rawU1() {
        return buf.get() & 0xFF;
    }

    int u1() throws IOException {
        need(1);
        return buf.get() & 0xFF;
    }

    int u2() throws IOException {
        need(2);
        return buf.getShort() & 0xFFFF;
    }

    int i4() throws IOException {
        need(4);
        return buf.getInt();
    }

    long u4() throws IOException {
        return i4() & 0xFFFFFFFFL;
    }

    long i8() throws IOException {
        need(8);
        return buf.getLong();
    }

    long id() throws IOException {
        return idSize == 8 ? i8() : u4();
    }

    /** Reads a value of a basic type with the size HPROF gives it, extended as Java would. */
    long value(int typeCode) throws IOException {
        return switch (typeCode) {
            case 2 -> id();
            case 4 -> u1() != 0 ? 1 : 0;
            case 8 -> (byte) u1();
            case 5 -> u2();
            case 9 -> (short) u2();
            case 6, 10 -> i4();
            case 7, 11 -> i8();
            default -> throw new IllegalArgumentException("type " + typeCode);
        };
    }

    byte[] bytes(int n) throws IOException {
        byte[] out = new byte[n];
        int done = 0;
        while (done < n) {
            need(1);
            int k = Math.min(n - done, buf.remaining());
            buf.get(out, done, k);
            done += k;
        }
        return out;
    }

    /** Skips {@code n} bytes; throws {@link Truncated} if the dump ends first. */
    void skip(long n) throws IOException {
        long inBuf = Math.min(n, buf.remaining());
        buf.position(buf.position() + (int) inBuf);
        long rest = n - inBuf;
        if (rest > 0) {
            bufStart += buf.position();
            buf.clear().limit(0);
            long skipped = in.skip(rest);
            bufStart += skipped;
            if (skipped < rest) {
                throw new Truncated(bufStart);
            }
        }
    }

    DumpFormatException error(long offset, String problem) {
        return new DumpFormatException(file, offset, problem);
    }
}
