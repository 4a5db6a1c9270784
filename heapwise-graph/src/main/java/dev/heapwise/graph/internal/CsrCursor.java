package dev.heapwise.graph.internal;

import dev.heapwise.graph.RefCursor;

/** A {@link RefCursor} over one direction of the CSR reference columns. Not thread-safe. */
final class CsrCursor implements RefCursor {
    private final EliasFano.PairReader offsets;
    private final PackedLongs refs;
    private long start;
    private long end;
    private long pos;

    CsrCursor(EliasFano offsets, PackedLongs refs) {
        this.offsets = offsets.pairReader();
        this.refs = refs;
    }

    /** O(1); cheapest (no select) when {@code object} is next to the last one, either way. */
    @Override
    public void reset(int object) {
        offsets.moveTo(object);
        start = offsets.first();
        end = offsets.second();
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
