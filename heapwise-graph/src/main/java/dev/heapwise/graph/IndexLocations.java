package dev.heapwise.graph;

import dev.heapwise.graph.internal.IndexCorruptException;
import dev.heapwise.graph.internal.IndexStore;
import dev.heapwise.graph.internal.IndexedHeapGraph;
import dev.heapwise.graph.internal.Manifest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Where a dump's index lives: in a folder beside the dump ({@code dump.hprof.heapwise}) or, when
 * the dump's folder is not writable, under the user's cache folder
 * ({@code $XDG_CACHE_HOME/heapwise} or {@code ~/.cache/heapwise}). An index is trusted only when
 * its manifest is complete, of the current layout version, and records the dump's current size
 * and modification time; otherwise it is rebuilt.
 */
public final class IndexLocations {
    private IndexLocations() {}

    public static Path besideDump(Path dump) {
        Path abs = dump.toAbsolutePath();
        return abs.resolveSibling(abs.getFileName() + ".heapwise");
    }

    public static Path inCache(Path dump) {
        String base = System.getenv("XDG_CACHE_HOME");
        Path root = base != null && !base.isBlank() ? Path.of(base) : Path.of(System.getProperty("user.home"), ".cache");
        String key = hash(dump.toAbsolutePath().normalize().toString());
        return root.resolve("heapwise").resolve(key).resolve(dump.getFileName() + ".heapwise");
    }

    /** Where a new index for {@code dump} is written. */
    public static Path forWriting(Path dump) {
        Path parent = dump.toAbsolutePath().getParent();
        return parent != null && writable(parent) ? besideDump(dump) : inCache(dump);
    }

    /**
     * Whether a folder may be written to. Root may write anywhere, so a folder whose mode grants
     * nobody write access (shared, read-only data) also counts as not writable.
     */
    static boolean writable(Path dir) {
        if (!Files.isWritable(dir)) {
            return false;
        }
        try {
            var perms = Files.getPosixFilePermissions(dir);
            return perms.contains(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE)
                    || perms.contains(java.nio.file.attribute.PosixFilePermission.GROUP_WRITE)
                    || perms.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE);
        } catch (UnsupportedOperationException | IOException e) {
            return true;
        }
    }

    /** Opens a valid existing index of {@code dump}, if there is one. Cost: maps the index, no dump read. */
    public static Optional<HeapGraph> openExisting(Path dump) throws IOException {
        return openExisting(dump, null);
    }

    /**
     * Opens a valid existing index of {@code dump} from {@code indexDir} when one is given, else
     * from beside the dump or the cache folder.
     */
    public static Optional<HeapGraph> openExisting(Path dump, Path indexDir) throws IOException {
        return openExisting(dump, indexDir, null);
    }

    /**
     * As {@link #openExisting(Path, Path)}, with the original names of an obfuscated program when
     * {@code mapping} is not null.
     */
    public static Optional<HeapGraph> openExisting(Path dump, Path indexDir, NameMapping mapping) throws IOException {
        BasicFileAttributes attrs = Files.readAttributes(dump, BasicFileAttributes.class);
        List<Path> candidates = indexDir != null ? List.of(indexDir) : List.of(besideDump(dump), inCache(dump));
        for (Path dir : candidates) {
            Path manifestFile = dir.resolve(IndexStore.MANIFEST);
            if (!Files.isRegularFile(manifestFile)) {
                continue;
            }
            try {
                Manifest m = Manifest.read(manifestFile);
                if (m.version() != Manifest.VERSION || m.dumpSize() != attrs.size()
                        || m.dumpModifiedMillis() != attrs.lastModifiedTime().toMillis()) {
                    continue;
                }
                return Optional.of(IndexedHeapGraph.open(dir, dump, mapping));
            } catch (IndexCorruptException | IOException e) {
                // A damaged or foreign index is rebuilt, never trusted.
            }
        }
        return Optional.empty();
    }

    /** Builds a dump's index into a given folder. */
    @FunctionalInterface
    public interface IndexBuild {
        HeapGraph build(Path indexDir) throws IOException;
    }

    /**
     * What every format's {@code open} does: reuse a valid index of {@code dump} (from
     * {@code indexDir} when given) unless {@code rebuild}, else build one there, beside the dump,
     * or in the cache folder when the dump's folder refuses the write.
     *
     * @throws java.nio.file.NoSuchFileException when the dump does not exist
     */
    public static HeapGraph openOrBuild(Path dump, Path indexDir, boolean rebuild, IndexBuild build)
            throws IOException {
        return openOrBuild(dump, indexDir, rebuild, null, build);
    }

    /**
     * As {@link #openOrBuild(Path, Path, boolean, IndexBuild)}, with the original names of an
     * obfuscated program when {@code mapping} is not null. The index is built with the dump's own
     * names either way; a graph just built is opened again with the mapping (milliseconds).
     */
    public static HeapGraph openOrBuild(Path dump, Path indexDir, boolean rebuild, NameMapping mapping,
            IndexBuild build) throws IOException {
        if (!Files.exists(dump)) {
            throw new java.nio.file.NoSuchFileException(dump.toString());
        }
        if (!rebuild) {
            Optional<HeapGraph> existing = openExisting(dump, indexDir, mapping);
            if (existing.isPresent()) {
                return existing.get();
            }
        }
        Path target = indexDir != null ? indexDir : forWriting(dump);
        HeapGraph built;
        try {
            built = build.build(target);
        } catch (java.nio.file.AccessDeniedException e) {
            if (indexDir != null) {
                throw e;
            }
            built = build.build(inCache(dump));
        }
        return mapping == null ? built : withMapping(built, dump, mapping);
    }

    /** A graph just built, opened again with the mapping's names. */
    private static HeapGraph withMapping(HeapGraph built, Path dump, NameMapping mapping) throws IOException {
        if (!(built instanceof IndexedHeapGraph g)) {
            throw new IllegalStateException("a build gave a graph that is not an index: " + built.getClass());
        }
        Path dir = g.indexDir();
        g.close();
        return IndexedHeapGraph.open(dir, dump, mapping);
    }

    private static String hash(String s) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
