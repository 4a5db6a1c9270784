package dev.heapwise.graph.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class BackgroundWriterTest {
    @TempDir
    Path dir;

    @Test
    void buffersLandInOrder() throws IOException {
        Path f = dir.resolve("out");
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                BackgroundWriter w = new BackgroundWriter(ch, 64, 3)) {
            ByteBuffer b = w.first();
            for (int i = 0; i < 1000; i++) {
                if (!b.hasRemaining()) {
                    b = w.hand(b);
                }
                b.putInt(i);
            }
            w.finish(b);
        }
        ByteBuffer all = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(all.remaining()).isEqualTo(4000);
        for (int i = 0; i < 1000; i++) {
            assertThat(all.getInt()).isEqualTo(i);
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // the failure this guards against is a producer blocked forever
    void aWriteFailureReachesTheProducer() throws IOException {
        Path f = dir.resolve("ro");
        Files.write(f, new byte[0]);
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ); // writes fail
                BackgroundWriter w = new BackgroundWriter(ch, 16, 2)) {
            ByteBuffer b = w.first();
            assertThatThrownBy(() -> {
                ByteBuffer x = b;
                for (int i = 0; i < 100; i++) {
                    x.putLong(i);
                    x = w.hand(x);
                }
                w.finish(x);
            }).isInstanceOfAny(UncheckedIOException.class, IOException.class);
        }
    }
}
