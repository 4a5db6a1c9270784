package dev.heapwise.graph.internal;

import dev.heapwise.graph.RefCursor;
import dev.heapwise.graph.RowReader;

/** A {@link RowReader} that walks a {@link RefCursor} row by row. Not thread-safe. */
public final class CursorRowReader implements RowReader {
    private final RefCursor cursor;

    public CursorRowReader(RefCursor cursor) {
        this.cursor = cursor;
    }

    @Override
    public int read(int from, int count, int[] ends, int[] targets) {
        int at = 0;
        for (int k = 0; k < count; k++) {
            cursor.reset(from + k);
            if (at + cursor.count() > targets.length) {
                return k;
            }
            for (int t; (t = cursor.next()) >= 0; ) {
                targets[at++] = t;
            }
            ends[k] = at;
        }
        return count;
    }

    @Override
    public long rowLength(int object) {
        cursor.reset(object);
        return cursor.count();
    }
}
