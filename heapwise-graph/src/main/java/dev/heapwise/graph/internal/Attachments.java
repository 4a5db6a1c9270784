package dev.heapwise.graph.internal;

import dev.heapwise.graph.IndexAttachments;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/** Analyses' files inside an index folder, named {@code extra.<name>}. */
final class Attachments implements IndexAttachments {
    private final Path dir;
    private final IndexStore store;
    /** Runs on the background thread before it makes a file durable: tests hold it there. */
    static volatile Runnable beforePublish;
    /** Saves whose file is being made durable and renamed ({@link #saveAndOpen}), by name. */
    private final Map<String, CompletableFuture<Void>> pending = new ConcurrentHashMap<>();

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
    public Optional<MemorySegment> open(String name) throws IOException {
        await(name);
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
        await(name);
        Path target = dir.resolve(fileName(name));
        TempNames.sweep(dir, Columns.ATTACHMENT_PREFIX);
        Path tmp = TempNames.next(target);
        try {
            write(tmp, writer);
            publish(tmp, target);
            return true;
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    @Override
    public Optional<MemorySegment> saveAndOpen(String name, Writer writer) throws IOException {
        if (!Files.isWritable(dir)) {
            return Optional.empty();
        }
        await(name);
        Path target = dir.resolve(fileName(name));
        TempNames.sweep(dir, Columns.ATTACHMENT_PREFIX);
        Path tmp = TempNames.next(target);
        CompletableFuture<Void> done = new CompletableFuture<>();
        boolean handedOver = false;
        try {
            write(tmp, writer);
            MemorySegment mapped = store.map(tmp.getFileName().toString());
            pending.put(name, done);
            // The mapping stays valid whatever happens to the file's name.
            Thread.ofPlatform().daemon().name("heapwise-save-" + name).start(() -> {
                try {
                    Runnable hook = beforePublish;
                    if (hook != null) {
                        hook.run();
                    }
                    publish(tmp, target);
                    done.complete(null);
                } catch (Throwable e) {
                    done.completeExceptionally(e);
                } finally {
                    try {
                        Files.deleteIfExists(tmp);
                    } catch (IOException e) {
                        // left for the next sweep
                    }
                }
            });
            handedOver = true;
            return Optional.of(mapped);
        } finally {
            if (!handedOver) {
                pending.remove(name, done);
                Files.deleteIfExists(tmp);
            }
        }
    }

    private static void write(Path tmp, Writer writer) throws IOException {
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.READ)) {
            writer.write(ch);
        }
    }

    /** Makes the written file durable, then gives it its real name. */
    private static void publish(Path tmp, Path target) throws IOException {
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            ch.force(false);
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /** Waits until a save of {@code name} in the background, if any, has its real name. */
    private void await(String name) throws IOException {
        CompletableFuture<Void> f = pending.get(name);
        if (f != null) {
            join(name, f);
        }
    }

    /** Waits for every save still in the background; throws the first failure. */
    void finish() throws IOException {
        IOException first = null;
        for (Map.Entry<String, CompletableFuture<Void>> e : pending.entrySet()) {
            try {
                join(e.getKey(), e.getValue());
            } catch (IOException x) {
                first = first == null ? x : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private void join(String name, CompletableFuture<Void> f) throws IOException {
        try {
            f.join();
            pending.remove(name, f);
        } catch (CompletionException e) {
            pending.remove(name, f);
            Throwable c = e.getCause();
            throw new IOException(dir.resolve(fileName(name)) + ": could not be saved: " + c.getMessage(), c);
        }
    }
}
