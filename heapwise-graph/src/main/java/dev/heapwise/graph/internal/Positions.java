package dev.heapwise.graph.internal;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;

/** Opens the object positions column in whichever of its three encodings it was written. */
final class Positions {
    private Positions() {}

    static LongColumn open(MemorySegment file, boolean sorted, Path runsFile) throws IOException {
        if (!sorted) {
            return LongColumn.of(PackedLongs.open(file, Columns.POSITIONS));
        }
        EliasFano ef = EliasFano.open(file, Columns.POSITIONS);
        return Files.exists(runsFile) ? RunAdjusted.open(ef, runsFile) : LongColumn.of(ef);
    }
}
