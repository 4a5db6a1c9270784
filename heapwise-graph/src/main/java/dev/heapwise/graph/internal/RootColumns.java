package dev.heapwise.graph.internal;

import dev.heapwise.graph.GcRoot;
import dev.heapwise.graph.RootKind;
import java.util.AbstractList;
import java.util.List;

/**
 * GC roots as parallel primitive columns (object index, kind, thread serial, frame): a format
 * without root records may get one root per object, so roots are never one Java object each.
 * {@link #asList()} hands out {@link GcRoot} views made on access. Not thread-safe while growing.
 * The thread object holding each root as a local is not stored: {@link LocalRefs} works it out
 * from the roots and {@link #setHolders sets} it.
 */
public final class RootColumns {
    private static final RootKind[] KINDS = RootKind.values();

    private final IntList objects;
    private final IntList kinds;
    private final IntList threads;
    private final IntList frames;
    /** Per root, the thread object holding it as a local, or -1; null: none (roots past its end: none). */
    private int[] holders;

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

    /** The thread object that holds root {@code i} as a local, or -1 ({@link GcRoot#holder}). */
    public int holder(int i) {
        return holders == null || i >= holders.length ? -1 : holders[i];
    }

    void setHolders(int[] holders) {
        this.holders = holders;
    }

    public GcRoot get(int i) {
        return new GcRoot(object(i), kind(i), thread(i), frame(i), holder(i));
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
