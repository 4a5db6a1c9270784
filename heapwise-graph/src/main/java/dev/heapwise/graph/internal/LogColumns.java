package dev.heapwise.graph.internal;

import java.io.IOException;
import java.lang.foreign.MemorySegment;

/**
 * The main object log's columns read by log position: front to back through small buffers when
 * positions only grow (dumps in address order), through mappings otherwise.
 */
abstract sealed class LogColumns implements AutoCloseable permits LogColumns.Sequential, LogColumns.PerRun, LogColumns.Mapped {
    @Override
    public abstract void close() throws IOException;

    abstract long id(int d);

    abstract long position(int d);

    abstract int slot(int d);

    abstract int length(int d);

    /** Above this many ascending runs the log is read through mappings instead of one reader per run. */
    static final int MAX_RUN_READERS = 64;

    static LogColumns open(ObjectLog log, IndexStore.Draft draft, boolean sequential) throws IOException {
        if (sequential) {
            return new Sequential(log, 1 << 18);
        }
        if (log.runStarts.size() <= MAX_RUN_READERS) {
            return new PerRun(log);
        }
        return new Mapped(log, draft);
    }

    static final class Sequential extends LogColumns {
        private final ScratchReader records;

        Sequential(ObjectLog log, int buffer) throws IOException {
            records = new ScratchReader(log.file(), ObjectLog.RECORD, buffer);
        }

        long id(int d) {
            return records.getLong(d, ObjectLog.ID);
        }

        long position(int d) {
            return records.getLong(d, ObjectLog.POSITION);
        }

        int slot(int d) {
            return records.getInt(d, ObjectLog.SLOT);
        }

        int length(int d) {
            return records.getInt(d, ObjectLog.LENGTH);
        }

        @Override
        public void close() throws IOException {
            records.close();
        }
    }

    /**
     * A log made of a few ascending runs (HotSpot's parallel dumps; G1 visiting a region out of
     * address order): merged in id order, each run is still read front to back, so one set of
     * sequential readers per run does.
     */
    static final class PerRun extends LogColumns {
        private final int[] starts;
        private final Sequential[] runs;
        private int last;

        PerRun(ObjectLog log) throws IOException {
            starts = log.runStarts.toArray();
            runs = new Sequential[starts.length];
            int buffer = Math.max(1 << 14, (1 << 20) / Math.max(1, starts.length));
            for (int r = 0; r < starts.length; r++) {
                runs[r] = new Sequential(log, buffer);
            }
            lastRun = runs.length > 0 ? runs[0] : null;
        }

        private int lastD = -1;
        private Sequential lastRun;

        private Sequential run(int d) {
            if (d != lastD) {
                lastD = d;
                if (d < starts[last] || (last + 1 < starts.length && d >= starts[last + 1])) {
                    seek(d);
                }
            }
            return lastRun; // for d == lastD, the same record's other fields
        }

        /** Finds the run of entry d: apart from {@link #run}, which stays small enough to inline. */
        private void seek(int d) {
            int i = java.util.Arrays.binarySearch(starts, d);
            last = i >= 0 ? i : -i - 2;
            lastRun = runs[last];
        }

        long id(int d) {
            return run(d).id(d);
        }

        long position(int d) {
            return run(d).position(d);
        }

        int slot(int d) {
            return run(d).slot(d);
        }

        int length(int d) {
            return run(d).length(d);
        }

        @Override
        public void close() throws IOException {
            for (Sequential s : runs) {
                s.close();
            }
        }
    }

    static final class Mapped extends LogColumns {
        private final IndexStore.Mapping mapping;
        private final MemorySegment records;

        Mapped(ObjectLog log, IndexStore.Draft draft) throws IOException {
            mapping = draft.mapRead(log.file());
            records = mapping.segment();
        }

        private static long at(int d) {
            return (long) d * ObjectLog.RECORD;
        }

        long id(int d) {
            return records.get(Words.LONG, at(d) + ObjectLog.ID);
        }

        long position(int d) {
            return records.get(Words.LONG, at(d) + ObjectLog.POSITION);
        }

        int slot(int d) {
            return records.get(Words.INT, at(d) + ObjectLog.SLOT);
        }

        int length(int d) {
            return records.get(Words.INT, at(d) + ObjectLog.LENGTH);
        }

        @Override
        public void close() {
            mapping.close();
        }
    }
}
