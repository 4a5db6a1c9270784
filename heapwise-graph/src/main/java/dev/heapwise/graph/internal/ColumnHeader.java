package dev.heapwise.graph.internal;

import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;

/**
 * The fixed 64-byte header every column file starts with: an 8-byte ASCII magic naming the column
 * type and version, then up to seven little-endian long parameters. The payload follows at byte 64.
 */
final class ColumnHeader {
    static final int SIZE = 64;
    static final int MAX_PARAMS = 7;

    private ColumnHeader() {}

    static long[] encode(String magic, long... params) {
        if (magic.length() != 8 || params.length > MAX_PARAMS) {
            throw new IllegalArgumentException(magic);
        }
        long[] words = new long[SIZE / 8];
        byte[] m = magic.getBytes(StandardCharsets.US_ASCII);
        long w = 0;
        for (int i = 7; i >= 0; i--) {
            w = (w << 8) | (m[i] & 0xFF);
        }
        words[0] = w;
        System.arraycopy(params, 0, words, 1, params.length);
        return words;
    }

    static void write(WordSink sink, String magic, long... params) {
        for (long w : encode(magic, params)) {
            sink.put(w);
        }
    }

    /** Checks the magic and returns the parameters. */
    static long[] read(MemorySegment file, String magic, String what) {
        if (file.byteSize() < SIZE) {
            throw new IndexCorruptException(what + ": file shorter than its header");
        }
        long w = Words.word(file, 0);
        byte[] m = new byte[8];
        for (int i = 0; i < 8; i++) {
            m[i] = (byte) (w >>> (8 * i));
        }
        String found = new String(m, StandardCharsets.US_ASCII);
        if (!found.equals(magic)) {
            throw new IndexCorruptException(what + ": expected a " + magic + " column, found " + found);
        }
        long[] params = new long[MAX_PARAMS];
        for (int i = 0; i < MAX_PARAMS; i++) {
            params[i] = Words.word(file, i + 1);
        }
        return params;
    }
}
