package dev.heapwise.graph.internal;

import dev.heapwise.graph.RefCursor;

/** A {@link RefCursor} over one direction of the CSR reference columns. Not thread-safe. */
final class CsrCursor implements RefCursor {
    private final EliasFano offsets;
    private final PackedLongs refs;
    private long start;
    private long end;
    private long pos;
    private final long[] pair = new long[1];

    CsrCursor(EliasFano offsets, PackedLongs refs) {
        this.offsets = offsets;
        this.refs = refs;
    }

    @Override
    public void reset(int object) {
        start = offsets.getPair(object, pair);
        end = pair[0];
        pos = start;
    }

    @Override
    public int next() {
        return pos < end ? (int) refs.get(pos++) : -1;
    }

    @Override
    public long count() {
        return end - start;
    }

    @Override
    public long ordinal() {
        return pos - start - 1;
    }
}
