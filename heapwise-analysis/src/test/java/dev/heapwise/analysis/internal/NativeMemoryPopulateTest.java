package dev.heapwise.analysis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Faulting pages in ahead of a writer must never change what the writer already put there. */
class NativeMemoryPopulateTest {
    private static final long MB = 1L << 20;

    @AfterEach
    void trim() {
        NativeMemory.trim();
    }

    private static void fill(MemorySegment s, long from, long to, int seed) {
        for (long i = from; i < to; i++) {
            s.setAtIndex(ValueLayout.JAVA_INT, i, (int) (i * 0x9E3779B1L) ^ seed);
        }
    }

    @Test
    void populatingKeepsContentsAlreadyWritten() {
        try (NativeMemory.Block b = NativeMemory.allocateUninitialized(40 * MB)) {
            MemorySegment s = b.segment();
            long ints = s.byteSize() / 4;
            fill(s, 0, ints / 2, 7); // the first half written, the second half fresh
            NativeMemory.populate(s);
            for (long i = 0; i < ints / 2; i++) {
                assertThat(s.getAtIndex(ValueLayout.JAVA_INT, i)).isEqualTo((int) (i * 0x9E3779B1L) ^ 7);
            }
            fill(s, ints / 2, ints, 9);
            assertThat(s.getAtIndex(ValueLayout.JAVA_INT, ints - 1)).isEqualTo((int) ((ints - 1) * 0x9E3779B1L) ^ 9);
        }
    }

    @Test
    void aWriterRacingThePrefaultThreadLosesNothing() throws InterruptedException {
        try (NativeMemory.Block b = NativeMemory.allocateUninitialized(64 * MB)) {
            MemorySegment s = b.segment();
            long ints = s.byteSize() / 4;
            Thread helper = NativeMemory.prefaultInBackground(8 * MB, 4 * MB, s);
            fill(s, 0, ints, 3);
            helper.join();
            for (long i = 0; i < ints; i++) {
                if (s.getAtIndex(ValueLayout.JAVA_INT, i) != ((int) (i * 0x9E3779B1L) ^ 3)) {
                    throw new AssertionError("int " + i + " changed");
                }
            }
        }
    }

    @Test
    void prefaultedMemoryIsTakenFromThePoolAndReadsAsZero() {
        NativeMemory.trim();
        NativeMemory.prefault(16 * MB);
        try (NativeMemory.Block b = NativeMemory.allocate(16 * MB)) {
            MemorySegment s = b.segment();
            for (long at = 0; at < s.byteSize(); at += 4096) {
                assertThat(s.get(ValueLayout.JAVA_BYTE, at)).isZero();
            }
        }
    }
}
