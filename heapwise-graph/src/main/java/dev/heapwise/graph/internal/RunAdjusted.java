package dev.heapwise.graph.internal;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A column made of a few ascending runs, stored as one ascending Elias–Fano sequence: from the
 * start of run r on, {@code delta[r]} is added to every value so each run starts where the
 * previous one ended. Reading subtracts the run's delta again (the run is found by a binary
 * search over the few run starts). Object positions take this form when a dump lists objects in
 * a few address-ordered runs.
 */
final class RunAdjusted implements LongColumn {
    private final EliasFano values;
    private final long[] starts;
    private final long[] deltas;

    RunAdjusted(EliasFano values, long[] starts, long[] deltas) {
        this.values = values;
        this.starts = starts;
        this.deltas = deltas;
    }

    private int run(long i) {
        int r = Arrays.binarySearch(starts, i);
        return r >= 0 ? r : -r - 2;
    }

    @Override
    public long get(long i) {
        int r = run(i);
        return values.get(i) - (r < 0 ? 0 : deltas[r]);
    }

    @Override
    public Cursor cursor(long start) {
        EliasFano.Cursor c = values.cursor(start);
        return new Cursor() {
            private long i = start;
            private int r = run(start);

            @Override
            public long next() {
                while (r + 1 < starts.length && starts[r + 1] <= i) {
                    r++;
                }
                i++;
                return c.next() - (r < 0 ? 0 : deltas[r]);
            }
        };
    }

    static void writeRuns(Path file, LongList starts, LongList deltas) throws IOException {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            out.writeInt(starts.size());
            for (int i = 0; i < starts.size(); i++) {
                out.writeLong(starts.get(i));
                out.writeLong(deltas.get(i));
            }
        }
    }

    static RunAdjusted open(EliasFano values, Path runsFile) throws IOException {
        try (DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(Files.newInputStream(runsFile)))) {
            int n = in.readInt();
            long[] starts = new long[n];
            long[] deltas = new long[n];
            for (int i = 0; i < n; i++) {
                starts[i] = in.readLong();
                deltas[i] = in.readLong();
            }
            return new RunAdjusted(values, starts, deltas);
        }
    }
}
