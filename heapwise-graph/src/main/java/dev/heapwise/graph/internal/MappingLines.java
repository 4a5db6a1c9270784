package dev.heapwise.graph.internal;

import dev.heapwise.graph.DumpFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The lines of a mapping file, read from a byte stream with the byte offset where each starts, so
 * that a later read can come back to a class's member lines without keeping them. Lines end at
 * {@code \n} (a {@code \r} before it is dropped); text is strict UTF-8 (a byte-order mark at the
 * start of the file is skipped). Not thread-safe.
 */
public final class MappingLines {
    private final InputStream in;
    private final Path file;
    private final byte[] buffer = new byte[1 << 16];
    private int pos;
    private int limit;
    private long bufferStart;
    private byte[] line = new byte[256];
    private int lineNumber;
    private long lineStart;
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

    /**
     * @param in         the bytes, read from {@code startOffset} of the file
     * @param file       the file, for messages
     * @param startLine  the number of the first line (1-based)
     */
    public MappingLines(InputStream in, Path file, long startOffset, int startLine) {
        this.in = in;
        this.file = file;
        this.bufferStart = startOffset;
        this.lineNumber = startLine - 1;
    }

    /** The next line without its line end, or null at the end. */
    public String next() throws IOException {
        int n = 0;
        boolean any = false;
        lineStart = bufferStart + pos;
        while (true) {
            if (pos == limit && !fill()) {
                break;
            }
            any = true;
            byte b = buffer[pos++];
            if (b == '\n') {
                break;
            }
            if (n == line.length) {
                line = Arrays.copyOf(line, n * 2);
            }
            line[n++] = b;
        }
        if (!any) {
            return null;
        }
        lineNumber++;
        if (n > 0 && line[n - 1] == '\r') {
            n--;
        }
        int from = lineNumber == 1 && n >= 3 && (line[0] & 0xFF) == 0xEF && (line[1] & 0xFF) == 0xBB
                && (line[2] & 0xFF) == 0xBF ? 3 : 0;
        return decode(from, n);
    }

    private String decode(int from, int to) throws DumpFormatException {
        for (int i = from; i < to; i++) {
            if (line[i] < 0) {
                try {
                    return utf8.decode(ByteBuffer.wrap(line, from, to - from)).toString();
                } catch (CharacterCodingException e) {
                    throw new DumpFormatException(file, lineNumber, 1, "not UTF-8 text", null);
                }
            }
        }
        return new String(line, from, to - from, StandardCharsets.ISO_8859_1); // ASCII, the common case
    }

    private boolean fill() throws IOException {
        bufferStart += limit;
        pos = 0;
        limit = 0;
        int r = in.read(buffer);
        if (r <= 0) {
            return false;
        }
        limit = r;
        return true;
    }

    /** The 1-based number of the line {@link #next} returned last. */
    public int lineNumber() {
        return lineNumber;
    }

    /** The byte offset in the file where the line {@link #next} returned last starts. */
    public long lineStart() {
        return lineStart;
    }

    /** The byte offset just after the line {@link #next} returned last (its line end included). */
    public long offset() {
        return bufferStart + pos;
    }
}
