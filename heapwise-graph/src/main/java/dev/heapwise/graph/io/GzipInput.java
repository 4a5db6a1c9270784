package dev.heapwise.graph.io;

import dev.heapwise.graph.DumpFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Decompresses a gzip file member by member (RFC 1952), checking each member's CRC and size, and
 * recording where each member starts in the file and in the uncompressed stream. HotSpot's
 * {@code GC.heap_dump -gz} writes many independent members and says so in the first member's
 * comment ({@code HPROF BLOCKSIZE=<n>}): such a dump is later read per member. Any other gzip
 * file is copied out uncompressed while it is read, because a single deflate stream cannot be
 * entered in the middle.
 *
 * <p>A file cut short (a full disk, a copy stopped half-way) is an error; with salvage, reading
 * ends instead at the last byte the complete members and the complete part of the cut member
 * decompress to, and {@link #truncation()} says where the file was cut.
 */
final class GzipInput implements SequentialInput {
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    private final Path file;
    private final Path copyTarget;
    private final boolean salvage;
    private String truncation;
    private final FileChannel channel;
    private final long fileSize;
    private final ByteBuffer in = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
    private long fileRead;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private FileChannel copy;
    private boolean blocked;
    private boolean inMember;
    private boolean eof;
    private long memberStart;
    private long memberOut;
    private long position;
    private long[] memberStarts = new long[16];
    private long[] blockStarts = new long[16];
    private int members;

    GzipInput(Path file, Path copyTarget, boolean salvage) throws IOException {
        this.file = file;
        this.copyTarget = copyTarget;
        this.salvage = salvage;
        this.channel = FileChannel.open(file, StandardOpenOption.READ);
        this.fileSize = channel.size();
        in.limit(0);
    }

    private long consumed() {
        return fileRead - in.remaining();
    }

    /** Reads more compressed bytes; returns false at the end of the file. */
    private boolean fill() throws IOException {
        in.compact();
        int n = channel.read(in, fileRead);
        if (n > 0) {
            fileRead += n;
        }
        in.flip();
        return n > 0;
    }

    /** Makes {@code n} bytes of the member's header or trailer readable; false (with salvage) when the file ends first. */
    private boolean require(int n, String what) throws IOException {
        while (in.remaining() < n) {
            if (!fill()) {
                return cut(what);
            }
        }
        return true;
    }

    /**
     * The file ends inside the current member's {@code part} (header, data or trailer): an error,
     * or with salvage the end of the input, noted for {@link #truncation()}. Returns false.
     */
    private boolean cut(String part) throws DumpFormatException {
        if (!salvage) {
            throw new DumpFormatException(file, memberStart, "gzip member is truncated (the file ends inside "
                    + (part.equals("data") ? "it" : "its " + part) + ")");
        }
        String member = "member " + (inMember ? members : members + 1) + " (at byte " + memberStart + ")";
        truncation = switch (part) {
            case "data" -> "the gzip file ends inside " + member + "; the " + memberOut
                    + " bytes its complete part decompresses to are read";
            case "trailer" -> "the gzip file ends inside the trailer of " + member + ", so its data is not checked";
            default -> "the gzip file ends inside the " + part + " of " + member;
        };
        eof = true;
        inMember = false;
        return false;
    }

    /** The next header byte, or -1 (with salvage) when the file ends first. */
    private int u1(String what) throws IOException {
        return require(1, what) ? in.get() & 0xFF : -1;
    }

    /** Parses the next member header; false at a clean end of file. */
    private boolean startMember() throws IOException {
        while (true) {
            if (!in.hasRemaining() && !fill()) {
                return false;
            }
            if (in.get(in.position()) != 0 || members == 0) {
                break;
            }
            in.get(); // zero padding after the last member, as gzip tolerates
        }
        memberStart = consumed();
        if (!require(10, "header")) {
            return false;
        }
        int id1 = in.get() & 0xFF;
        int id2 = in.get() & 0xFF;
        int cm = in.get() & 0xFF;
        int flg = in.get() & 0xFF;
        in.position(in.position() + 6); // mtime, xfl, os
        if (id1 != 0x1F || id2 != 0x8B) {
            throw new DumpFormatException(file, memberStart, members == 0 ? "not a gzip file"
                    : "unexpected bytes after gzip member " + members + " (no gzip header here)");
        }
        if (cm != 8) {
            throw new DumpFormatException(file, memberStart, "gzip member uses unknown compression method " + cm);
        }
        if ((flg & FEXTRA) != 0 && require(2, "header")) {
            int xlen = in.getShort() & 0xFFFF;
            skipHeaderBytes(xlen);
        }
        if ((flg & FNAME) != 0) {
            readZeroTerminated();
        }
        String comment = (flg & FCOMMENT) != 0 ? readZeroTerminated() : "";
        if ((flg & FHCRC) != 0) {
            skipHeaderBytes(2);
        }
        if (eof) {
            return false; // cut inside the header, with salvage
        }
        if (members == 0) {
            blocked = comment.startsWith("HPROF BLOCKSIZE=");
            if (!blocked && copyTarget != null) {
                copy = FileChannel.open(copyTarget, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE);
            }
        }
        if (members == memberStarts.length) {
            memberStarts = java.util.Arrays.copyOf(memberStarts, members * 2);
            blockStarts = java.util.Arrays.copyOf(blockStarts, members * 2);
        }
        memberStarts[members] = memberStart;
        blockStarts[members] = position;
        members++;
        inflater.reset();
        crc.reset();
        memberOut = 0;
        inMember = true;
        return true;
    }

    private void skipHeaderBytes(int n) throws IOException {
        for (int i = 0; i < n && !eof; i++) {
            u1("header");
        }
    }

    private String readZeroTerminated() throws IOException {
        StringBuilder sb = new StringBuilder();
        for (int c; (c = u1("header")) > 0; ) {
            if (sb.length() < 4096) {
                sb.append((char) c);
            }
        }
        return sb.toString();
    }

    private void finishMember() throws IOException {
        if (!require(8, "trailer")) {
            return;
        }
        long expectedCrc = in.getInt() & 0xFFFFFFFFL;
        long expectedSize = in.getInt() & 0xFFFFFFFFL;
        if (crc.getValue() != expectedCrc) {
            throw new DumpFormatException(file, memberStart, "gzip member fails its CRC check (corrupt data)");
        }
        if ((memberOut & 0xFFFFFFFFL) != expectedSize) {
            throw new DumpFormatException(file, memberStart, "gzip member's size does not match its trailer");
        }
        inMember = false;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (!dst.hasRemaining()) {
            return 0;
        }
        while (!eof) {
            if (!inMember && !startMember()) {
                eof = true;
                break;
            }
            if (inflater.needsInput()) {
                if (!in.hasRemaining() && !fill()) {
                    cut("data");
                    break;
                }
                inflater.setInput(in);
            }
            int before = dst.position();
            int n;
            try {
                n = inflater.inflate(dst);
            } catch (DataFormatException e) {
                throw new DumpFormatException(file, memberStart, "corrupt gzip member: " + e.getMessage());
            }
            if (n > 0) {
                ByteBuffer out = dst.duplicate().position(before).limit(before + n);
                crc.update(out.duplicate());
                if (copy != null) {
                    while (out.hasRemaining()) {
                        copy.write(out);
                    }
                }
                memberOut += n;
                position += n;
            }
            if (inflater.finished()) {
                finishMember();
            } else if (inflater.needsDictionary()) {
                throw new DumpFormatException(file, memberStart, "corrupt gzip member: it asks for a preset dictionary");
            }
            if (n > 0) {
                return n;
            }
        }
        return -1;
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public long filePosition() {
        return consumed();
    }

    @Override
    public boolean uncompressed() {
        return false;
    }

    @Override
    public long fileSize() {
        return fileSize;
    }

    @Override
    public long skip(long n) throws IOException {
        ByteBuffer scratch = ByteBuffer.allocate((int) Math.min(n, 1 << 16));
        long done = 0;
        while (done < n) {
            scratch.clear().limit((int) Math.min(scratch.capacity(), n - done));
            int k = read(scratch);
            if (k < 0) {
                break;
            }
            done += k;
        }
        return done;
    }

    @Override
    public ContentLocation location() {
        if (blocked) {
            long[] starts = java.util.Arrays.copyOf(blockStarts, members + 1);
            starts[members] = position;
            return ContentLocation.gzipBlocks(file, java.util.Arrays.copyOf(memberStarts, members), starts);
        }
        return ContentLocation.copy(position);
    }

    @Override
    public String truncation() {
        return truncation;
    }

    /** True when the dump is read back per gzip member instead of from a copy. */
    boolean blocked() {
        return blocked;
    }

    @Override
    public void close() throws IOException {
        inflater.end();
        channel.close();
        if (copy != null) {
            copy.close();
        }
    }

}
