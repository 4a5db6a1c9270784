package dev.heapwise.graph.io;

import java.nio.ByteBuffer;

/** Measures a gzip member header already known to be valid (it was checked when indexed). */
final class GzipHeaders {
    private GzipHeaders() {}

    static int headerLength(ByteBuffer b) {
        int p = b.position();
        int flg = b.get(p + 3) & 0xFF;
        int i = p + 10;
        if ((flg & 4) != 0) {
            int xlen = (b.get(i) & 0xFF) | (b.get(i + 1) & 0xFF) << 8;
            i += 2 + xlen;
        }
        if ((flg & 8) != 0) {
            while (b.get(i++) != 0) {
                // file name
            }
        }
        if ((flg & 16) != 0) {
            while (b.get(i++) != 0) {
                // comment
            }
        }
        if ((flg & 2) != 0) {
            i += 2;
        }
        return i - p;
    }
}
