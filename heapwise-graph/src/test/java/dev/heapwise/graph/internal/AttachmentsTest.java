package dev.heapwise.graph.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.heapwise.graph.FieldDef;
import dev.heapwise.graph.FieldType;
import dev.heapwise.graph.HeapGraph;
import dev.heapwise.graph.IndexAttachments;
import dev.heapwise.graph.build.ClassDef;
import dev.heapwise.graph.build.ContentWriter;
import dev.heapwise.graph.build.FakeDumps;
import dev.heapwise.graph.build.GraphBuilder;
import dev.heapwise.graph.io.ContentLocation;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Attachments saved beside an index: readable at once, under their real name once saved, no temporary file left. */
class AttachmentsTest {

    private static HeapGraph tinyGraph(Path dir) throws IOException {
        GraphBuilder b = FakeDumps.builder(dir, "tiny.heap");
        long cls = 0x100;
        b.addClass(new ClassDef(cls, "Node", 0, 0, 0, 0, 4, List.of(new FieldDef("next", FieldType.OBJECT)),
                List.of(), null), 0);
        try (ContentWriter w = new ContentWriter(b.contentCopyTarget(), 4)) {
            long pos = w.instance(0x1000, cls, w.encode(List.of(FieldType.OBJECT), new long[] {0}));
            b.addInstance(0x1000, pos, cls);
            b.synthesizeRoots();
            b.setContent(ContentLocation.copy(w.size()));
        }
        return b.build(t -> new FakeDumps.Sizes());
    }

    private static IndexAttachments.Writer bytes(int count, int salt) {
        return ch -> {
            ByteBuffer buf = ByteBuffer.allocate(count);
            for (int i = 0; i < count; i++) {
                buf.put((byte) (i * 7 + salt));
            }
            buf.flip();
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
        };
    }

    private static void assertBytes(MemorySegment s, int count, int salt) {
        assertThat(s.byteSize()).isEqualTo(count);
        for (int i = 0; i < count; i++) {
            assertThat(s.get(ValueLayout.JAVA_BYTE, i)).as("byte %d", i).isEqualTo((byte) (i * 7 + salt));
        }
    }

    private static List<String> files(Path index) throws IOException {
        try (Stream<Path> s = Files.list(index)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.contains("extra.")).sorted().toList();
        }
    }

    @Test
    void savedInTheBackgroundReadableAtOnceAndRenamedBeforeOpenOrClose(@TempDir Path dir) throws IOException {
        Path index = dir.resolve("tiny.heap.heapwise");
        // The background step is held back, so opening or closing before it is done would show.
        Attachments.beforePublish = () -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        try (HeapGraph g = tinyGraph(dir)) {
            Optional<MemorySegment> now = g.attachments().saveAndOpen("tree.v1", bytes(100_000, 3));
            assertThat(now).isPresent();
            assertBytes(now.get(), 100_000, 3);
            // open waits for the rename: it finds the file under its real name, never misses it
            assertBytes(g.attachments().open("tree.v1").orElseThrow(), 100_000, 3);
            assertThat(files(index)).containsExactly("extra.tree.v1");
            // saved again (replaced), then the graph closed at once: close waits for the rename
            assertBytes(g.attachments().saveAndOpen("tree.v1", bytes(5_000, 9)).orElseThrow(), 5_000, 9);
            g.attachments().saveAndOpen("sizes.v1", bytes(64, 1)).orElseThrow();
        } finally {
            Attachments.beforePublish = null;
        }
        assertThat(files(index)).containsExactly("extra.sizes.v1", "extra.tree.v1");
        assertThat(Files.size(index.resolve("extra.tree.v1"))).isEqualTo(5_000);
    }
}
