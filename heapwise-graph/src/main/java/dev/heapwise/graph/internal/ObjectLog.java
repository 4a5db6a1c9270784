package dev.heapwise.graph.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Every object of a dump in the order the dump lists them, written to scratch columns while the
 * dump is read: id, record position, class slot, and array length. It notes whether ids come
 * sorted (then no reordering is needed) and where each ascending run starts. Class objects are
 * kept apart, in memory: they are few, and HotSpot dumps them first while their addresses lie
 * among everybody else's, which would otherwise break the main log's order.
 * Not thread-safe.
 */
public final class ObjectLog implements AutoCloseable {
    public static final int NOT_AN_ARRAY = -1;

    /** One 24-byte record per object: id, position (longs), class slot, array length (ints). */
    static final int RECORD = 24;
    static final int ID = 0;
    static final int POSITION = 8;
    static final int SLOT = 16;
    static final int LENGTH = 20;

    private final Path file;
    private final FileChannel channel;
    private final BackgroundWriter writer;
    private ByteBuffer buf;
    final IntList runStarts = new IntList();
    final IntList heapRunStarts = new IntList();
    final IntList heapRunValues = new IntList();
    private long count;
    private long previousId = Long.MAX_VALUE; // so that the first object takes addAnyOther, which starts the first run
    private boolean strictlyAscending = true;
    private boolean noRepeatedNeighbours = true;
    private long previousPosition = Long.MIN_VALUE;
    private boolean positionsAscending = true;
    private long minId = Long.MAX_VALUE;
    private long maxId = Long.MIN_VALUE;
    private long idBits;
    public final LongList classIds = new LongList();
    final LongList classPositions = new LongList();
    final IntList classSlots = new IntList();
    final IntList classHeaps = new IntList();
    private int currentHeap;

    public ObjectLog(Path scratch) throws IOException {
        file = scratch.resolve("log.records");
        channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
        // Buffers of 4,096 records, so that a hand-over comes while the JIT profiles the parser's
        // loop (without the AOT cache the first one came after it was compiled: ARCHITECTURE.md,
        // "Hot loops and the JIT"); twelve of them give the writer as much slack as three of 16 K.
        writer = new BackgroundWriter(channel, RECORD << 12, 12);
        buf = writer.first();
    }

    /**
     * Logs one object. Called once per object from the parser's loop: the common case (an id above
     * the last, a position not below it, room in the buffer) is small enough to be inlined there,
     * and everything else is in {@link #addAnyOther}.
     */
    public void add(long id, long position, int slot, int length) {
        if (id <= previousId || position < previousPosition || !buf.hasRemaining() || count >= LIMIT) {
            addAnyOther(id, position, slot, length);
            return;
        }
        append(id, position, slot, length);
    }

    /** Objects at most: a 2^31-element column must index them. */
    private static final long LIMIT = Integer.MAX_VALUE - 8;

    private void addAnyOther(long id, long position, int slot, int length) {
        if (count >= LIMIT) {
            throw new IllegalStateException("more than 2^31 objects in one dump are not supported");
        }
        if (count == 0 || id < previousId) {
            runStarts.add((int) count);
            if (count > 0) {
                strictlyAscending = false;
            }
        } else if (id == previousId) {
            strictlyAscending = false;
            noRepeatedNeighbours = false;
        }
        if (position < previousPosition) {
            positionsAscending = false;
        }
        minId = Math.min(minId, id); // the fast path needs no minimum: its id is above the run's first
        if (!buf.hasRemaining()) {
            buf = writer.hand(buf);
        }
        append(id, position, slot, length);
    }

    /** What every object adds, once its run and order flags are noted. */
    private void append(long id, long position, int slot, int length) {
        previousId = id;
        previousPosition = position;
        maxId = Math.max(maxId, id);
        idBits |= id;
        buf.putLong(id).putLong(position).putInt(slot).putInt(length);
        count++;
    }

    /** Adds the class object of class slot {@code slot}. */
    public void addClassObject(long id, long position, int slot) {
        classIds.add(id);
        classPositions.add(position);
        classSlots.add(slot);
        classHeaps.add(currentHeap);
        minId = Math.min(minId, id);
        maxId = Math.max(maxId, id);
        idBits |= id;
    }

    /** Objects added from now on belong to heap {@code heap}. */
    public void setHeap(int heap) {
        currentHeap = heap;
        int n = heapRunStarts.size();
        if (n > 0 && heapRunValues.get(n - 1) == heap) {
            return;
        }
        if (n > 0 && heapRunStarts.get(n - 1) == count) {
            heapRunValues.set(n - 1, heap);
            return;
        }
        heapRunStarts.add((int) count);
        heapRunValues.add(heap);
    }

    /** Objects in the main log (class objects not included). */
    public long count() {
        return count;
    }

    /** All objects logged, class objects included. */
    public long total() {
        return count + classIds.size();
    }

    public boolean strictlyAscending() {
        return strictlyAscending;
    }

    /** Whether no id equals the one before it: each ascending run is strictly ascending. */
    public boolean noRepeatedNeighbours() {
        return noRepeatedNeighbours;
    }

    /** Whether record positions never go down in the main log (true for every dump read front to back). */
    public boolean positionsAscending() {
        return positionsAscending;
    }

    public long minId() {
        return minId;
    }

    public long maxId() {
        return maxId;
    }

    /** The largest power-of-two alignment shared by all ids (as a shift). */
    public int idAlignmentShift() {
        if (total() == 0) {
            return 0;
        }
        return Math.min(Long.numberOfTrailingZeros(idBits | minId | (1L << 62)), 62);
    }

    /** The file of records, complete once the log is closed. */
    Path file() {
        return file;
    }

    @Override
    public void close() throws IOException {
        if (channel.isOpen()) {
            try (channel; writer) {
                writer.finish(buf);
            }
        }
    }
}
