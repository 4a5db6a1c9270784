package dev.heapwise.graph.internal;

import dev.heapwise.graph.IndexFolderException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;

/**
 * An index folder: a set of column files plus {@code manifest.json}. A folder is built as a
 * {@link Draft} under a temporary name and renamed into place on {@link Draft#commit}, so a crash
 * never leaves a half-written index under the real name. A committed folder is opened read-only
 * with {@link #open}; its files are memory-mapped on first use and unmapped on {@link #close}.
 * Thread-safe.
 */
public final class IndexStore implements AutoCloseable {
    public static final String MANIFEST = "manifest.json";

    private final Path dir;
    private final Arena arena = Arena.ofShared();
    private final java.util.Map<String, MemorySegment> mapped = new java.util.concurrent.ConcurrentHashMap<>();

    private IndexStore(Path dir) {
        this.dir = dir;
    }

    public static IndexStore open(Path dir) {
        return new IndexStore(dir);
    }

    public Path dir() {
        return dir;
    }

    public boolean exists(String name) {
        return Files.isRegularFile(dir.resolve(name));
    }

    /** Maps a file read-only (once; later calls return the same segment). */
    public MemorySegment map(String name) {
        return mapped.computeIfAbsent(name, n -> {
            try (FileChannel ch = FileChannel.open(dir.resolve(n), StandardOpenOption.READ)) {
                long size = ch.size();
                return size == 0 ? MemorySegment.NULL : ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            } catch (NoSuchFileException e) {
                throw new IndexCorruptException(dir + ": index file " + n + " is missing");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /**
     * Drops the pages of every mapped file from this process's memory ({@code MADV_DONTNEED} on
     * Linux): the files keep them in the page cache, and the next read of a page faults it back
     * in. One system call per file; the segments stay valid. Thread-safe.
     */
    public void unloadAll() {
        for (MemorySegment s : mapped.values()) {
            if (s.byteSize() > 0) {
                s.unload();
            }
        }
    }

    @Override
    public void close() {
        arena.close();
    }

    /**
     * Starts a new index that will be renamed to {@code finalDir} on commit, replacing what is
     * there only if that is an older index or an empty folder.
     *
     * @throws IndexFolderException if {@code finalDir} holds anything else, or the folder cannot be
     *                              created or written (nothing is then changed)
     */
    public static Draft draft(Path finalDir) throws IOException {
        Path target = finalDir.toAbsolutePath();
        checkReplaceable(target);
        Path parent = target.getParent();
        Path tmp;
        try {
            Files.createDirectories(parent);
            TempNames.sweep(parent, target.getFileName().toString());
            tmp = TempNames.next(parent.resolve(target.getFileName()));
            Files.createDirectory(tmp);
        } catch (FileSystemException e) {
            throw new IndexFolderException(target, "cannot write the index there: " + reason(e), e);
        }
        return new Draft(target, tmp);
    }

    private static String reason(FileSystemException e) {
        String why = e instanceof AccessDeniedException ? "permission denied"
                : e instanceof NoSuchFileException ? "no such folder"
                : e.getReason() != null ? e.getReason() : e.getClass().getSimpleName();
        return e.getFile() != null ? why + " (" + e.getFile() + ")" : why;
    }

    /**
     * Whether {@code dir} may be replaced by a new index: it is missing, an empty folder, or a
     * folder of files with an index manifest. Anything else (a file, a folder of other things:
     * the dump's own folder given as {@code --index-dir}, say) must never be deleted.
     */
    static void checkReplaceable(Path dir) throws IOException {
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new IndexFolderException(dir, "exists and is not a folder; the index needs a folder of its own", null);
        }
        boolean empty = true;
        boolean onlyFiles = true;
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                empty = false;
                onlyFiles &= Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS);
            }
        }
        if (empty || onlyFiles && isManifest(dir.resolve(MANIFEST))) {
            return;
        }
        throw new IndexFolderException(dir, "holds files that are not a heapwise index, and the index would replace"
                + " the folder; give a new or empty folder (or one with an index) as --index-dir", null);
    }

    /** Whether {@code file} is an index manifest, of this layout version or an older one. */
    private static boolean isManifest(Path file) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try {
            return Manifest.read(file).dumpPath() != null;
        } catch (IOException notOne) {
            return false;
        }
    }

    /** Deletes an index folder, after checking that it is one (or empty); missing is fine. */
    public static void deleteIndex(Path dir) throws IOException {
        checkReplaceable(dir.toAbsolutePath());
        deleteTree(dir);
    }

    /** Deletes a folder and everything under it; missing is fine. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        List<Path> all;
        try (Stream<Path> s = Files.walk(dir)) {
            all = new ArrayList<>(s.sorted(Comparator.reverseOrder()).toList());
        }
        for (Path p : all) {
            Files.deleteIfExists(p);
        }
    }

    /**
     * An index under construction. Files are created in a temporary folder next to the final one;
     * scratch files used only while building go to {@link #scratch()} and are deleted on commit.
     * Not thread-safe for creating files; the segments it hands out may be shared between threads.
     */
    public static final class Draft implements AutoCloseable {
        private final Path finalDir;
        private final Path dir;
        private final List<Arena> arenas = new ArrayList<>();
        private boolean done;

        private Draft(Path finalDir, Path dir) {
            this.finalDir = finalDir;
            this.dir = dir;
        }

        public Path dir() {
            return dir;
        }

        public Path finalDir() {
            return finalDir;
        }

        /** A folder for scratch files, deleted when the draft is committed or abandoned. */
        public Path scratch() throws IOException {
            Path s = dir.resolve("scratch");
            Files.createDirectories(s);
            return s;
        }

        /**
         * Deletes scratch files read for the last time (the rest go on commit). A file that cannot be
         * deleted yet (mapped, on some systems) stays until then.
         */
        public void deleteScratch(Path... files) {
            for (Path f : files) {
                try {
                    Files.deleteIfExists(f);
                } catch (IOException e) {
                    // deleted with the scratch folder on commit
                }
            }
        }

        /** Creates a new file in the draft (or replaces one) for writing and reading. */
        public FileChannel create(String name) throws IOException {
            return FileChannel.open(dir.resolve(name), StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.READ, StandardOpenOption.WRITE);
        }

        /** Creates a file of {@code size} zero bytes and maps it read-write with its own arena. */
        public Mapping createMapped(Path file, long size) throws IOException {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                ch.truncate(0);
                if (size > 0) {
                    ch.write(java.nio.ByteBuffer.wrap(new byte[1]), size - 1);
                }
                return mapWith(ch, FileChannel.MapMode.READ_WRITE, size);
            }
        }

        /** Maps an existing file read-only with its own arena. */
        public Mapping mapRead(Path file) throws IOException {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                return mapWith(ch, FileChannel.MapMode.READ_ONLY, ch.size());
            }
        }

        private Mapping mapWith(FileChannel ch, FileChannel.MapMode mode, long size) throws IOException {
            Arena a = Arena.ofShared();
            synchronized (arenas) {
                arenas.add(a);
            }
            MemorySegment seg = size == 0 ? MemorySegment.NULL : ch.map(mode, 0, size, a);
            return new Mapping(seg, a);
        }

        public Path file(String name) {
            return dir.resolve(name);
        }

        /**
         * Writes the manifest last, deletes scratch files, and renames the folder into place,
         * replacing an older index there.
         */
        public void commit(byte[] manifest) throws IOException {
            closeArenas();
            deleteTree(dir.resolve("scratch"));
            Path tmpManifest = dir.resolve(MANIFEST + ".tmp");
            Files.write(tmpManifest, manifest);
            Files.move(tmpManifest, dir.resolve(MANIFEST), StandardCopyOption.ATOMIC_MOVE);
            Path old = null;
            checkReplaceable(finalDir); // again: something may have been put there meanwhile
            if (Files.exists(finalDir)) {
                old = finalDir.resolveSibling("." + finalDir.getFileName() + ".old-"
                        + Long.toHexString(ThreadLocalRandom.current().nextLong()));
                Files.move(finalDir, old, StandardCopyOption.ATOMIC_MOVE);
            }
            try {
                Files.move(dir, finalDir, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException | AtomicMoveNotSupportedException e) {
                // Another process committed the same index a moment ago: theirs is as good as ours.
                deleteTree(dir);
            }
            done = true;
            if (old != null) {
                deleteTree(old);
            }
        }

        private void closeArenas() {
            synchronized (arenas) {
                for (Arena a : arenas) {
                    try {
                        a.close();
                    } catch (IllegalStateException alreadyClosed) {
                        // closed by its user
                    }
                }
                arenas.clear();
            }
        }

        /** Abandons the draft unless it was committed. */
        @Override
        public void close() throws IOException {
            if (!done) {
                closeArenas();
                deleteTree(dir);
                done = true;
            }
        }
    }

    /** A mapped file with the arena that owns the mapping; closing it unmaps. */
    public record Mapping(MemorySegment segment, Arena arena) implements AutoCloseable {
        @Override
        public void close() {
            try {
                arena.close();
            } catch (IllegalStateException alreadyClosed) {
                // closed with the draft
            }
        }
    }
}
