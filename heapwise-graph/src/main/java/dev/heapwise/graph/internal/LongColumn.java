package dev.heapwise.graph.internal;

/** A read-only column of longs by index: O(1), allocation-free, thread-safe. */
public interface LongColumn {
    long get(long i);

    /** Reads values in order from {@code start}; cheaper per value than {@link #get}. Not thread-safe. */
    default Cursor cursor(long start) {
        return new Cursor() {
            private long i = start;

            @Override
            public long next() {
                return get(i++);
            }
        };
    }

    /** Sequential reads from a {@link LongColumn}. */
    interface Cursor {
        long next();
    }

    static LongColumn of(EliasFano ef) {
        return new LongColumn() {
            @Override
            public long get(long i) {
                return ef.get(i);
            }

            @Override
            public Cursor cursor(long start) {
                EliasFano.Cursor c = ef.cursor(start);
                return c::next;
            }
        };
    }

    static LongColumn of(PackedLongs p) {
        return p::get;
    }
}
