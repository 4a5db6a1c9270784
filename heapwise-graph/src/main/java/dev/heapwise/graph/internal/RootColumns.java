package dev.heapwise.graph.internal;

import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.RootKind;
import java.util.AbstractList;
import java.util.List;

/**
 * GC roots as parallel primitive columns (object index, kind, thread serial, frame): a format
 * without root records may get one root per object, so roots are never one Java object each.
 * {@link #asList()} hands out {@link GcRoot} views made on access. Not thread-safe while growing.
 */
public final class RootColumns {
    private static final RootKind[] KINDS = RootKind.values();

    private final IntList objects;
    private final IntList kinds;
    private final IntList threads;
    private final IntList frames;

    public RootColumns(int capacity) {
        objects = new IntList(capacity);
        kinds = new IntList(capacity);
        threads = new IntList(capacity);
        frames = new IntList(capacity);
    }

    public void add(int object, RootKind kind, int threadSerial, int frame) {
        objects.add(object);
        kinds.add(kind.ordinal());
        threads.add(threadSerial);
        frames.add(frame);
    }

    public int size() {
        return objects.size();
    }

    public int object(int i) {
        return objects.get(i);
    }

    public RootKind kind(int i) {
        return KINDS[kinds.get(i)];
    }

    public int thread(int i) {
        return threads.get(i);
    }

    public int frame(int i) {
        return frames.get(i);
    }

    public GcRoot get(int i) {
        return new GcRoot(object(i), kind(i), thread(i), frame(i));
    }

    /** A read-only list view; each element is made on access. */
    public List<GcRoot> asList() {
        return new AbstractList<>() {
            @Override
            public GcRoot get(int index) {
                return RootColumns.this.get(index);
            }

            @Override
            public int size() {
                return RootColumns.this.size();
            }
        };
    }
}
