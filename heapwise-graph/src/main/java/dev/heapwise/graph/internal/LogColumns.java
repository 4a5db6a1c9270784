package dev.heapwise.graph.internal;

import java.io.IOException;
import java.lang.foreign.MemorySegment;

/**
 * The main object log's columns read by log position: front to back through small buffers when
 * positions only grow (dumps in address order), through mappings otherwise.
 */
abstract sealed class LogColumns implements AutoCloseable {
    @Override
    public abstract void close() throws IOException;

    abstract long id(int d);

    abstract long position(int d);

    abstract int slot(int d);

    abstract int length(int d);

    static LogColumns open(ObjectLog log, IndexStore.Draft draft, boolean sequential) throws IOException {
        return sequential ? new Sequential(log) : new Mapped(log, draft);
    }

    static final class Sequential extends LogColumns {
        private final ScratchReader ids;
        private final ScratchReader positions;
        private final ScratchReader slots;
        private final ScratchReader lengths;

        Sequential(ObjectLog log) throws IOException {
            ids = new ScratchReader(log.ids.file(), 8);
            positions = new ScratchReader(log.positions.file(), 8);
            slots = new ScratchReader(log.slots.file(), 4);
            lengths = new ScratchReader(log.lengths.file(), 4);
        }

        long id(int d) {
            return ids.getLong(d);
        }

        long position(int d) {
            return positions.getLong(d);
        }

        int slot(int d) {
            return slots.getInt(d);
        }

        int length(int d) {
            return lengths.getInt(d);
        }

        @Override
        public void close() throws IOException {
            ids.close();
            positions.close();
            slots.close();
            lengths.close();
        }
    }

    static final class Mapped extends LogColumns {
        private final IndexStore.Mapping ids;
        private final IndexStore.Mapping positions;
        private final IndexStore.Mapping slots;
        private final IndexStore.Mapping lengths;
        private final MemorySegment idSeg;
        private final MemorySegment posSeg;
        private final MemorySegment slotSeg;
        private final MemorySegment lenSeg;

        Mapped(ObjectLog log, IndexStore.Draft draft) throws IOException {
            ids = draft.mapRead(log.ids.file());
            positions = draft.mapRead(log.positions.file());
            slots = draft.mapRead(log.slots.file());
            lengths = draft.mapRead(log.lengths.file());
            idSeg = ids.segment();
            posSeg = positions.segment();
            slotSeg = slots.segment();
            lenSeg = lengths.segment();
        }

        long id(int d) {
            return idSeg.getAtIndex(Words.LONG, d);
        }

        long position(int d) {
            return posSeg.getAtIndex(Words.LONG, d);
        }

        int slot(int d) {
            return slotSeg.getAtIndex(Words.INT, d);
        }

        int length(int d) {
            return lenSeg.getAtIndex(Words.INT, d);
        }

        @Override
        public void close() {
            ids.close();
            positions.close();
            slots.close();
            lengths.close();
        }
    }
}
