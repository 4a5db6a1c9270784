package dev.heapwise.graph.internal;

/**
 * Appends bit fields (LSB first, as {@link Words#getBits} reads them) to a {@link WordSink}.
 * Not thread-safe.
 */
final class BitSink implements AutoCloseable {
    private final WordSink out;
    private long current;
    private int used;
    private long wordsWritten;

    BitSink(WordSink out) {
        this.out = out;
    }

    void append(long value, int bits) {
        if (bits == 0) {
            return;
        }
        value &= Words.mask(bits);
        current |= value << used;
        int free = 64 - used;
        if (bits < free) {
            used += bits;
            return;
        }
        out.put(current);
        wordsWritten++;
        current = bits == free ? 0 : value >>> free;
        used = bits - free;
    }

    /** Appends {@code count} zero bits. */
    void skip(long count) {
        while (count > 0) {
            int n = (int) Math.min(count, 64);
            append(0, n);
            count -= n;
        }
    }

    /** Flushes the partial word and pads the stream with zero words up to {@code totalWords}. */
    void finish(long totalWords) {
        if (used > 0) {
            out.put(current);
            wordsWritten++;
            current = 0;
            used = 0;
        }
        while (wordsWritten < totalWords) {
            out.put(0);
            wordsWritten++;
        }
        if (wordsWritten > totalWords) {
            throw new IllegalStateException("bit stream overflow: " + wordsWritten + " > " + totalWords);
        }
    }

    @Override
    public void close() {
        out.close();
    }
}
