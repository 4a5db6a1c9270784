package dev.heapwise.analysis.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Discarded pages of a mapped index file (a saved dominator tree after a full walk) read back the
 * same from the file; discarded anonymous memory reads as zero, which shows the pages did go.
 */
class NativeMemoryDiscardTest {
    private static final long MB = 1L << 20;

    @AfterEach
    void trim() {
        NativeMemory.trim();
    }

    private static int value(long i) {
        return (int) (i * 0x9E3779B1L) ^ 5;
    }

    @Test
    void aMappedFileKeepsItsContents(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("tree");
        long ints = 8 * MB / 4;
        try (Arena arena = Arena.ofConfined(); FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MemorySegment w = ch.map(FileChannel.MapMode.READ_WRITE, 0, ints * 4, arena);
            for (long i = 0; i < ints; i++) {
                w.setAtIndex(ValueLayout.JAVA_INT, i, value(i));
            }
            w.force();
        }
        assertThat(Files.size(file)).isEqualTo(8 * MB);
        try (Arena arena = Arena.ofConfined(); FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            MemorySegment s = ch.map(FileChannel.MapMode.READ_ONLY, 0, ints * 4, arena);
            long sum = 0;
            for (long i = 0; i < ints; i++) {
                sum += s.getAtIndex(ValueLayout.JAVA_INT, i); // every page touched, as a walk does
            }
            assertThat(sum).isNotZero();
            NativeMemory.discard(s, 0, s.byteSize());
            for (long i = 0; i < ints; i++) {
                if (s.getAtIndex(ValueLayout.JAVA_INT, i) != value(i)) {
                    throw new AssertionError("int " + i + " changed");
                }
            }
        }
    }

    @Test
    void anonymousMemoryGoesBack() {
        assumeTrue(NativeMemory.usesMappings(), "no native calls here: blocks come from the allocator, discard is a no-op");
        try (NativeMemory.Block b = NativeMemory.allocateUninitialized(16 * MB)) {
            MemorySegment s = b.segment();
            long ints = s.byteSize() / 4;
            for (long i = 0; i < ints; i++) {
                s.setAtIndex(ValueLayout.JAVA_INT, i, value(i) | 1);
            }
            NativeMemory.discard(s, 0, s.byteSize());
            // Pages wholly inside the block read as zero again; a partial page at either end keeps its data.
            long firstWhole = ((s.address() + 4095) & -4096L) - s.address();
            assertThat(s.getAtIndex(ValueLayout.JAVA_INT, firstWhole / 4 + 1024)).isZero();
        }
    }
}
