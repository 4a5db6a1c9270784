package dev.heapwise.microej;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.HeapGraph;
import dev.heapwise.hprof.fixture.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 64 MB dump is read by a child JVM whose heap is capped at 24 MB, well under half the file
 * (16 MB also works; see docs/microej.md): the reader streams and keeps nothing per object (no DOM, no object list). A reader that held the
 * document, or a Java object per element, would fail with OutOfMemoryError and the test with it.
 */
class BoundedMemoryTest {
    @TempDir
    Path dir;

    /** Runs in the child JVM: indexes the dump and prints what it found. */
    public static final class Index {
        public static void main(String[] args) throws Exception {
            try (HeapGraph g = MicroEj.open(Path.of(args[0]))) {
                System.out.println("objects=" + g.objectCount() + " maxHeap=" + Runtime.getRuntime().maxMemory());
            }
        }
    }

    @Test
    void aFileLargerThanTheHeapStreams() throws Exception {
        Path dump = dir.resolve("big.heap");
        long objects = BigHeapXml.write(dump, 64L << 20, 7);
        assertThat(Files.size(dump)).isGreaterThan(60L << 20);
        String out = ChildJvm.run(List.of("-Xmx24m", "-XX:+UseSerialGC"), Index.class, dump.toString());
        assertThat(out).contains("objects=" + (objects + 201 + 1)); // + the made-up java.lang.Object[] class
    }
}
