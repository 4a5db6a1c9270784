package dev.heapwise.graph.internal;

import dev.heapwise.graph.RowReader;

/** A {@link RowReader} over one direction of the CSR reference columns, decoded in order. Not thread-safe. */
final class CsrRowReader implements RowReader {
    private final EliasFano offsets;
    private final PackedLongs refs;
    private long[] bounds = new long[0];
    private long[] scratch;

    CsrRowReader(EliasFano offsets, PackedLongs refs) {
        this.offsets = offsets;
        this.refs = refs;
    }

    @Override
    public int read(int from, int count, int[] ends, int[] targets) {
        if (count <= 0) {
            return 0;
        }
        if (bounds.length < count + 1) {
            bounds = new long[count + 1];
        }
        scratch = offsets.read(from, count + 1, bounds, scratch);
        long start = bounds[0];
        int k = 0;
        while (k < count && bounds[k + 1] - start <= targets.length) {
            ends[k] = (int) (bounds[k + 1] - start);
            k++;
        }
        if (k > 0) {
            scratch = refs.readInts(start, ends[k - 1], targets, 0, scratch);
        }
        return k;
    }

    @Override
    public long rowLength(int object) {
        return offsets.get(object + 1L) - offsets.get(object);
    }
}
