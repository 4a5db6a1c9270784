package dev.heapwise.graph.internal;

import dev.heapwise.graph.IndexAttachments;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/** Analyses' files inside an index folder, named {@code extra.<name>}. */
final class Attachments implements IndexAttachments {
    private final Path dir;
    private final IndexStore store;

    Attachments(Path dir, IndexStore store) {
        this.dir = dir;
        this.store = store;
    }

    private static String fileName(String name) {
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("bad attachment name " + name);
        }
        return Columns.ATTACHMENT_PREFIX + name;
    }

    @Override
    public Optional<MemorySegment> open(String name) {
        String f = fileName(name);
        return store.exists(f) ? Optional.of(store.map(f)) : Optional.empty();
    }

    @Override
    public Optional<Path> scratchFolder() {
        return Files.isWritable(dir) ? Optional.of(dir) : Optional.empty();
    }

    @Override
    public boolean save(String name, Writer writer) throws IOException {
        if (!Files.isWritable(dir)) {
            return false;
        }
        Path target = dir.resolve(fileName(name));
        TempNames.sweep(dir, Columns.ATTACHMENT_PREFIX);
        Path tmp = TempNames.next(target);
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                    StandardOpenOption.READ)) {
                writer.write(ch);
                ch.force(false);
            }
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return true;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
