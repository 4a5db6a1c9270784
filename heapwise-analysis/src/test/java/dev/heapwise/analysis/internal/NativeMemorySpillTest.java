package dev.heapwise.analysis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.foreign.ValueLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Big blocks past the memory budget go to scratch files that behave like memory and leave nothing behind. */
class NativeMemorySpillTest {
    private static final long MB = 1L << 20;

    @TempDir
    Path folder;

    @AfterEach
    void restore() {
        NativeMemory.budgetForTesting(-1);
        NativeMemory.spillTo(null);
        NativeMemory.trim();
    }

    private long filesIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    @Test
    void aBlockPastTheBudgetIsAScratchFileThatReadsAsZeroAndKeepsWhatIsWritten() throws IOException {
        NativeMemory.trim();
        NativeMemory.spillTo(folder);
        NativeMemory.budgetForTesting(0);
        long before = NativeMemory.spilledBytes();
        try (NativeMemory.Block b = NativeMemory.allocate(8 * MB + 12)) {
            assertThat(NativeMemory.spilledBytes() - before).isEqualTo(8 * MB + 12);
            assertThat(b.segment().byteSize()).isGreaterThanOrEqualTo(8 * MB + 12);
            for (long at = 0; at < 8 * MB; at += 4096) {
                assertThat(b.segment().get(ValueLayout.JAVA_BYTE, at)).isZero();
            }
            for (long i = 0; i < 2 * MB; i++) {
                b.segment().setAtIndex(ValueLayout.JAVA_INT, i, (int) (i * 31));
            }
            for (long i = 0; i < 2 * MB; i++) {
                assertThat(b.segment().getAtIndex(ValueLayout.JAVA_INT, i)).isEqualTo((int) (i * 31));
            }
            assertThat(filesIn(folder)).as("the file is deleted once mapped").isZero();
        }
        try (NativeMemory.Block b = NativeMemory.allocateUninitialized(5 * MB)) {
            b.segment().set(ValueLayout.JAVA_LONG, 5 * MB - 8, 42L);
            assertThat(b.segment().get(ValueLayout.JAVA_LONG, 5 * MB - 8)).isEqualTo(42L);
        }
        assertThat(filesIn(folder)).isZero();
    }

    @Test
    void blocksWithinTheBudgetStayInMemoryAndTheRestSpills() {
        NativeMemory.trim();
        NativeMemory.spillTo(folder);
        NativeMemory.budgetForTesting(16 * MB);
        long before = NativeMemory.spilledBytes();
        try (NativeMemory.Block a = NativeMemory.allocate(10 * MB)) {
            assertThat(NativeMemory.spilledBytes()).isEqualTo(before);
            try (NativeMemory.Block b = NativeMemory.allocate(10 * MB)) {
                assertThat(NativeMemory.spilledBytes() - before).as("10 + 10 MB is past 16").isEqualTo(10 * MB);
                b.segment().set(ValueLayout.JAVA_INT, 0, 7);
                a.segment().set(ValueLayout.JAVA_INT, 0, 8);
                assertThat(b.segment().get(ValueLayout.JAVA_INT, 0) + a.segment().get(ValueLayout.JAVA_INT, 0))
                        .isEqualTo(15);
            }
        }
        // Freed memory goes back to the pool and is taken again without spilling.
        try (NativeMemory.Block c = NativeMemory.allocate(10 * MB)) {
            assertThat(NativeMemory.spilledBytes() - before).isEqualTo(10 * MB);
            assertThat(c.segment().get(ValueLayout.JAVA_INT, 0)).as("zeroed on reuse").isZero();
        }
    }

    @Test
    void smallBlocksIgnoreTheBudget() {
        NativeMemory.budgetForTesting(0);
        long before = NativeMemory.spilledBytes();
        try (NativeMemory.Block b = NativeMemory.allocate(MB)) {
            assertThat(b.segment().byteSize()).isEqualTo(MB);
        }
        assertThat(NativeMemory.spilledBytes()).isEqualTo(before);
    }
}
